// Express 4.21 (bench's `express4` alias), the same app as servers/express.mjs: what kitjs/express follows.
import express from 'express4';
import { serve } from '../express-app.mjs';

await serve(express);
