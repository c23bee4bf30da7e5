/** Property test: any random byte mutation of a valid JWT verifies to null, unless it left the token unchanged. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { generateToken, verifyToken } from '../../src/auth/token.js';

let saved: string | undefined;
before(() => {
  saved = process.env.JWT_SECRET;
  process.env.JWT_SECRET = 'property-test-secret';
});
after(() => {
  if (saved === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = saved;
});

type Mutation =
  | { op: 'replace'; at: number; byte: number }
  | { op: 'insert'; at: number; byte: number }
  | { op: 'delete'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
);

function apply(bytes: Buffer, m: Mutation): Buffer {
  const at = m.at % (bytes.length + (m.op === 'insert' ? 1 : 0));
  if (m.op === 'replace') {
    const copy = Buffer.from(bytes);
    copy[at] = m.byte;
    return copy;
  }
  if (m.op === 'insert')
    return Buffer.concat([bytes.subarray(0, at), Buffer.from([m.byte]), bytes.subarray(at)]);
  return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]);
}

it('random byte mutations of a valid token verify to null', () => {
  const token = generateToken({ id: 42, email: 'prop@example.com', role: 'user' });
  assert.equal(verifyToken(token)?.id, 42, 'the unmutated token verifies');
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
      const mutated = mutations.reduce(apply, Buffer.from(token, 'latin1')).toString('latin1');
      fc.pre(mutated !== token);
      assert.equal(verifyToken(mutated), null, `mutated token verified: ${JSON.stringify(mutated)}`);
    }),
    { numRuns: 2000 },
  );
});

it('the last character of each segment cannot be swapped for a base64url alias', () => {
  // HS256 signatures are 43 base64url characters with 2 spare bits: a lenient decoder would accept aliases.
  const token = generateToken({ id: 1, email: 'alias@example.com' });
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (const ch of alphabet) {
    const mutated = token.slice(0, -1) + ch;
    if (mutated !== token) assert.equal(verifyToken(mutated), null, `alias ${ch} accepted`);
  }
});
