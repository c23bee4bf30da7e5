// Express 5, written the way its docs and most apps do it (the app is bench/express-app.mjs).
import express from 'express';
import { serve } from '../express-app.mjs';

await serve(express);
