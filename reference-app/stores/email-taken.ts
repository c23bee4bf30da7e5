/** The one error every user store throws when an email is already registered. */
import { HttpError } from 'kitjs';

/**
 * Thrown by `store.create()` when another account already has the email: a kitjs `HttpError` with status
 * 409, so the app's error handler answers it like any other. The routes do not look the email up first:
 * the database's unique index decides, so a sequential duplicate and the loser of a race get the same 409
 * (REF-031).
 *
 * @example
 * try { await store.create({ email, passwordHash }); } catch (err) { if (err instanceof EmailTakenError) ...; }
 */
export class EmailTakenError extends HttpError {
  constructor(email: string, cause?: unknown) {
    super(409, `An account with the email ${email} already exists`, { code: 'EMAIL_TAKEN', cause });
  }
}
