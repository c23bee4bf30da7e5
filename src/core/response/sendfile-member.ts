/** Express 4's deprecated `res.sendfile`: a member only of the responses of an app whose flavour gives it. */
import type { KitResponse } from '../types.js';
import { fileHooks } from './send-file.js';

/** Calls the flavour's `sendfile` for the response it is called on. */
function sendfile(this: KitResponse, path: unknown, options?: unknown, callback?: unknown): void {
  const files = fileHooks(this);
  if (files === undefined) throw new TypeError('res.sendfile is not a function');
  files.sendfile(this, path, options, callback);
}

/**
 * XFILE-020: defines `sendfile` on `proto` as an accessor that answers the method only for a response whose
 * app's flavour sends files (kitjs/express), and `undefined` for a kit() response, which so has no such
 * member. Assigning `res.sendfile` (or on a prototype) makes an own member, as for any method.
 *
 * @example
 * ```ts
 * attachLegacySendfile(KitServerResponse.prototype);
 * ```
 */
export function attachLegacySendfile(proto: object): void {
  Object.defineProperty(proto, 'sendfile', {
    configurable: true,
    enumerable: false,
    get(this: KitResponse) {
      return fileHooks(this) === undefined ? undefined : sendfile;
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, 'sendfile', {
        value,
        writable: true,
        configurable: true,
        enumerable: true,
      });
    },
  });
}
