// The reply schema of `GET /notes`, written with TypeBox (plain JSON Schema): Fastify's fast-json-stringify and
// kitjs's route schemas read the same object. Properties in the order the SELECT lists the columns.
import { Type } from '@sinclair/typebox';

export const Note = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const NoteList = Type.Array(Note);

/** The body of `POST /login`, and its answer. */
export const LoginIn = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 72 }),
});
export const LoginOut = Type.Object({ token: Type.String() });
