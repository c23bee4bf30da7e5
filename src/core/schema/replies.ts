/** A route's reply serializers, one per declared status key, and the choice among them by the status sent. */
import { KitError } from '../../base/errors.js';

/** Writes a reply value as the JSON text its schema allows, or throws a {@link replyMismatch}. */
export type ReplySerialize = (value: unknown) => string;

/**
 * What a route's `schema.response` compiled into (SCHEMA-007): a serializer per exact status, per class of
 * statuses (index 1 to 5 for `1xx` to `5xx`) and for `default`.
 */
export interface RouteReplies {
  readonly exact: ReadonlyMap<number, ReplySerialize>;
  readonly classes: ReadonlyArray<ReplySerialize | undefined>;
  readonly fallback: ReplySerialize | undefined;
  /** What stays when the route fails: its serializers for error statuses only (SCHEMA-009). */
  readonly failure: RouteReplies | undefined;
}

/**
 * The response as the answering route's first handler leaves it for `res.json` (SCHEMA-009): one field,
 * read once per JSON reply, undefined while no route with reply schemas is answering.
 */
export interface ReplyCarrier {
  kitReplies: RouteReplies | undefined;
}

/**
 * SCHEMA-009: a route is left (its handlers passed on with `next()`, `next('route')` or `next('router')`):
 * its reply schemas go with it, so the next route's replies are its own. Leaving with an error keeps only
 * the failing route's error serializers, for the error handler's answer. One read on a response whose
 * route declared none.
 *
 * @example
 * ```ts
 * leaveReplies(res, false); // the next route answers with its own schemas, or none
 * ```
 */
export function leaveReplies(res: ReplyCarrier, failed: boolean): void {
  const replies = res.kitReplies;
  if (replies !== undefined) res.kitReplies = failed ? replies.failure : undefined;
}

/**
 * SCHEMA-009: the serializer for `status`: its exact key, else its class (`2xx`), else `default`; undefined
 * when none is declared, and the reply takes the ordinary JSON path.
 *
 * @example
 * ```ts
 * replyFor(replies, 201)?.(user); // '{"id":1,"name":"Ada"}'
 * ```
 */
export function replyFor(replies: RouteReplies, status: number): ReplySerialize | undefined {
  return replies.exact.get(status) ?? replies.classes[(status / 100) | 0] ?? replies.fallback;
}

/**
 * SCHEMA-008: a reply its schema refuses is the server's fault: a 500 whose message the client never sees
 * (the answer is the status text), logged with the schema's key and, where known, the paths at fault, never
 * the values.
 *
 * @example
 * ```ts
 * throw replyMismatch('2xx', 'at id');
 * ```
 */
export function replyMismatch(key: string, detail: string): KitError {
  return new KitError(
    'KIT_ERR_REPLY_MISMATCH',
    `The reply does not match schema.response[${key}]${detail === '' ? '' : `: ${detail}`}`,
  );
}
