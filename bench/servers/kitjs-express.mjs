// kitjs's Express 4 flavour, imported by package name from the built dist/ ('kitjs/express'): the same app as
// servers/express.mjs, unchanged but for the `express` it is built with.
import express from 'kitjs/express';
import { serve } from '../express-app.mjs';

await serve(express);
