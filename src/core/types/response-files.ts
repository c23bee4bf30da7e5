/** The option and callback types of res.sendFile, res.download and res.cookie (Express 4's file and cookie members). */

/** How `res.sendFile` treats a path with a segment that starts with a dot (`.env`, `.git/config`). */
export type SendFileDotfiles = 'allow' | 'deny' | 'ignore';

/**
 * The options of `res.sendFile` (and `res.download`), Express 4's names and defaults. An option name kitjs
 * does not know, or a value of the wrong type, throws a `TypeError` naming it (XFILE-010).
 *
 * @example
 * ```ts
 * const options: SendFileOptions = { root: 'uploads', maxAge: '1d', headers: { 'X-Sent-By': 'kitjs' } };
 * app.get('/files/:name', (req, res) => res.sendFile(req.params.name, options));
 * ```
 */
export interface SendFileOptions {
  /** Directory the path is relative to; the path can then never leave it. Needed for a relative path. */
  root?: string;
  /** `Cache-Control: public, max-age=N`: milliseconds, or a duration such as '1d'. Default 0. */
  maxAge?: number | string;
  /** Send `Last-Modified` and honour `If-Modified-Since`. Default true. */
  lastModified?: boolean;
  /** Send a weak `ETag` and honour `If-None-Match`. Default true. */
  etag?: boolean;
  /** Send `Accept-Ranges: bytes` and honour `Range`. Default true. */
  acceptRanges?: boolean;
  /** Send `Cache-Control`. Default true. */
  cacheControl?: boolean;
  /** Add `immutable` to `Cache-Control`. Default false. */
  immutable?: boolean;
  /** 'ignore' (default) answers 404, 'deny' 403, 'allow' serves the file. */
  dotfiles?: SendFileDotfiles;
  /** Headers set on the response when the file is sent (not on an error). */
  headers?: Readonly<Record<string, string | number | readonly string[]>>;
  /** First byte of the file to send (inclusive). */
  start?: number;
  /** Last byte of the file to send (inclusive). */
  end?: number;
}

/**
 * `res.download`'s options: those of `res.sendFile`. `headers` are merged with the `Content-Disposition`
 * download sets, which always wins.
 *
 * @example
 * ```ts
 * const options: DownloadOptions = { root: 'reports', headers: { 'X-Report': 'monthly' } };
 * app.get('/report', (req, res) => res.download('2024-05.pdf', 'May 2024.pdf', options));
 * ```
 */
export type DownloadOptions = SendFileOptions;

/**
 * What a `res.sendFile` / `res.download` callback receives when the file was not sent whole: `status` is
 * the HTTP status the failure asks for (404 for a missing file, `code` `ENOENT`); an aborted request has
 * `code` `ECONNABORTED` and no status.
 *
 * @example
 * ```ts
 * res.sendFile(file, (err?: SendFileError) => {
 *   if (err && !res.headersSent) res.status(err.status ?? 500).send('could not send the file');
 * });
 * ```
 */
export interface SendFileError extends Error {
  /** The HTTP status this failure asks for, when it asks for one. */
  status?: number;
  /** The same as `status`. */
  statusCode?: number;
  /** `ENOENT`, `ENOTDIR`, `EISDIR`, `ECONNABORTED`, a `KIT_ERR_STATIC_*` code, or undefined. */
  code?: string;
  /** Whether `message` may be shown to the client. */
  expose?: boolean;
}

/**
 * Called once when `res.sendFile` / `res.download` is done: without an argument when the file was sent,
 * with a {@link SendFileError} when it was not. With a callback, kitjs does not answer the failure itself.
 *
 * @example
 * ```ts
 * const done: SendFileCallback = (err) => { if (err) console.warn('download failed', err.code); };
 * ```
 */
export type SendFileCallback = (err?: SendFileError) => void;

/**
 * The options of `res.cookie` and `res.clearCookie`, as Express 4 (serialised by the `cookie` package).
 *
 * @example
 * ```ts
 * const session: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', maxAge: 3_600_000 };
 * res.cookie('sid', id, session);
 * ```
 */
export interface CookieOptions {
  /** Lifetime in milliseconds: sent as `Max-Age` (seconds) and as `Expires`. */
  maxAge?: number;
  /** Expiry date (`Expires`); a session cookie when neither this nor `maxAge` is given. */
  expires?: Date;
  /** `Path`; default '/'. */
  path?: string;
  /** `Domain`. */
  domain?: string;
  /** `Secure`: HTTPS only. */
  secure?: boolean;
  /** `HttpOnly`: hidden from scripts. */
  httpOnly?: boolean;
  /** `SameSite`: `true` and 'strict' are Strict, 'lax' Lax, 'none' None. */
  sameSite?: boolean | 'strict' | 'lax' | 'none';
  /** `Priority` (Chrome): 'low', 'medium' or 'high'. */
  priority?: 'low' | 'medium' | 'high';
  /** `Partitioned` (CHIPS). */
  partitioned?: boolean;
  /** Sign the value with `req.secret` (set by cookie-parser): `s:<value>.<signature>`. */
  signed?: boolean;
  /** Encodes the value; default `encodeURIComponent`. A result a cookie may not hold throws. */
  encode?: (value: string) => string;
}
