// kitjs's Express 5 flavour, imported by package name from the built dist/ ('kitjs/express5'): the same app as
// servers/express.mjs (Express 5), unchanged but for the `express` it is built with. With KITJS_MODULE (the
// file URL of another build's dist/index.js, set by `instructions.mjs --baseline`), that build's express5.js.
import { serve } from '../express-app.mjs';

const from = process.env.KITJS_MODULE
  ? new URL('./express5.js', process.env.KITJS_MODULE).href
  : 'kitjs/express5';
const { default: express } = await import(from);
await serve(express);
