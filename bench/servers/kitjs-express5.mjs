// kitjs's Express 5 flavour, imported by package name from the built dist/ ('kitjs/express5'): the same app as
// servers/express.mjs (Express 5), unchanged but for the `express` it is built with.
import express from 'kitjs/express5';
import { serve } from '../express-app.mjs';

await serve(express);
