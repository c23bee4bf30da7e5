/** kit()'s flavour: kitjs's own request and response classes and its text/plain pages (ERR-005, ERR-006). */
import { writeDefaultError, writeNotFound } from '../final-handler.js';
import { KitIncomingMessage } from '../request.js';
import { KitServerResponse } from '../response.js';
import type { Flavour } from './flavour.js';

/**
 * What a `kit()` app is made of: the core's classes as they are, the 404 and error pages of
 * `final-handler.ts`, no router walk and no defaults beyond the settings table's own.
 *
 * @example
 * ```ts
 * const app = new App(options, kitFlavour); // what kit(options) makes
 * ```
 */
export const kitFlavour: Flavour = Object.freeze({
  Request: KitIncomingMessage,
  Response: KitServerResponse,
  notFound: writeNotFound,
  defaultError: writeDefaultError,
});
