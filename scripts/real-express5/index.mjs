// The conformance suite's adapter for Express 5.2.1 itself (KIT_IMPL=scripts/real-express5): `kit` is real
// `express` (only `Given the Express 5 app:` scenarios are meant to run here; see scripts/real-express5.mjs).
import { realExpress5 } from './load.mjs';

export default realExpress5;
