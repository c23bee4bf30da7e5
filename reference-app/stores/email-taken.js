/** The one error both user stores throw when an email is already registered. */

/**
 * Thrown by `store.create()` when another account already has the email. The routes check first with
 * `findByEmail`, so this only happens when two registrations for one email race each other; the database's
 * unique index decides, and the loser gets the same 409 as a sequential duplicate.
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
