/** The one error both user stores throw when an email is already registered. */

/**
 * Thrown by `store.create()` when another account already has the email. The routes do not look the email
 * up first: the database's unique index decides, so a sequential duplicate and the loser of a race get the
 * same 409 (REF-031).
 *
 * @example
 * try { await store.create({ email, passwordHash }); } catch (err) { if (err instanceof EmailTakenError) ...; }
 */
export class EmailTakenError extends Error {
  /** @param {string} email */
  constructor(email) {
    super(`An account with the email ${email} already exists`);
    this.name = 'EmailTakenError';
    this.status = 409;
  }
}
