// The Express 5-shaped entry of the real-Express adapter (the profile's "express5"): express@5.2.1 itself.
import { realExpress5 } from './load.mjs';

export default realExpress5;
