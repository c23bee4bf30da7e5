// kitjs's Express 4 flavour, imported by package name from the built dist/ ('kitjs/express'): the same app as
// servers/express.mjs, unchanged but for the `express` it is built with. With KITJS_MODULE (the file URL of
// another build's dist/index.js, set by `instructions.mjs --baseline`), that build's express.js.
import { serve } from '../express-app.mjs';

const from = process.env.KITJS_MODULE
  ? new URL('./express.js', process.env.KITJS_MODULE).href
  : 'kitjs/express';
const { default: express } = await import(from);
await serve(express);
