/**
 * The account routes' schemas (Zod): what `POST /register` and `POST /login` accept, and what they answer.
 * kitjs checks each body before the handler runs (400 with the first issue's message, REF-003), types
 * `req.body` from it, writes each reply with only the fields declared here (REF-005) and puts both in the
 * OpenAPI document.
 */
import { MAX_PASSWORD_BYTES } from 'kitjs';
import { z } from 'zod';

/**
 * NIST SP 800-63B's minimum for a password the user chooses: 8 characters, each Unicode code point counting
 * as one (so `"€€€€€€€€"` is 8 characters, 24 bytes). Zod's `min` counts UTF-16 units, hence the refinement.
 */
const MIN_PASSWORD_CHARACTERS = 8;
/** RFC 5321's limit on a forward path; also keeps junk out of the database. */
const MAX_EMAIL_LENGTH = 254;
/** Deliberately loose: one @ with something on both sides and no spaces. The mailbox is the real check. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
const NOT_AN_OBJECT = 'Send a JSON object with "email" and "password" (Content-Type: application/json)';
const NOT_AN_EMAIL = '"email" must be an email address';

/** A credential field: a string, or a message saying it is missing or of the wrong type. */
function credential(name: 'email' | 'password') {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? '"email" and "password" are required' : `"${name}" must be a string`,
  });
}

// REF-004: the email is compared trimmed and in lower case, so it is stored and looked up that way.
const email = credential('email').trim().toLowerCase();

/** `POST /login`'s body: two strings; a password of any length is only compared. */
export const loginBody = z.object({ email, password: credential('password') }, { error: NOT_AN_OBJECT });

/**
 * `POST /register`'s body (REF-003): an email of the shape `local@domain` and a password of at least 8
 * characters and at most 72 bytes in UTF-8, the most bcrypt reads (it would silently ignore the rest).
 */
export const registerBody = z.object(
  {
    email: email.max(MAX_EMAIL_LENGTH, NOT_AN_EMAIL).regex(EMAIL_SHAPE, NOT_AN_EMAIL),
    password: credential('password')
      .refine((password) => [...password].length >= MIN_PASSWORD_CHARACTERS, {
        error: `"password" must be at least ${MIN_PASSWORD_CHARACTERS} characters`,
      })
      .refine((password) => Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES, {
        error: `"password" must be at most ${MAX_PASSWORD_BYTES} bytes in UTF-8`,
      }),
  },
  { error: NOT_AN_OBJECT },
);

/** An account as the API shows it (REF-005): whatever else the store's record holds stays out. */
export const publicUser = z.object({
  id: z.union([z.number().int(), z.string()]),
  email: z.string(),
});

/** `POST /login`'s answer: a JWT for `Authorization: Bearer <token>`. */
export const loginReply = z.object({ token: z.string() });
