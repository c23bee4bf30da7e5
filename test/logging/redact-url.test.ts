/** LOG-012: credential query parameters are censored in logged URLs; everything else is kept as it arrived. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CENSOR, CREDENTIAL_PARAMETERS, redact, redactUrl } from '../../src/base/log-redaction.ts';

describe('redactUrl (LOG-012)', () => {
  it('censors every listed name, in any case, and keeps the rest in place', () => {
    for (const name of CREDENTIAL_PARAMETERS) {
      assert.equal(redactUrl(`/p?a=1&${name}=s3cret&b=2`), `/p?a=1&${name}=${CENSOR}&b=2`, name);
      const upper = name.toUpperCase();
      assert.equal(redactUrl(`/p?${upper}=s3cret`), `/p?${upper}=${CENSOR}`, upper);
    }
  });

  it('returns the same string when there is nothing to censor', () => {
    for (const url of [
      '/',
      '/me',
      '/me?',
      '/me?page=2&sort=name',
      '/me?keyword=x&codename=y&token',
      '/me?token=',
    ]) {
      assert.equal(redactUrl(url), url);
    }
  });

  it('reads names as a server would: percent-decoded, bracketed parts, both separators, repeats', () => {
    assert.equal(redactUrl('/p?%74oken=x'), `/p?%74oken=${CENSOR}`);
    assert.equal(redactUrl('/p?access%5Ftoken=x'), `/p?access%5Ftoken=${CENSOR}`);
    assert.equal(
      redactUrl('/p?user[password]=x&user[name]=ann'),
      `/p?user[password]=${CENSOR}&user[name]=ann`,
    );
    assert.equal(redactUrl('/p?token[]=a&token[]=b'), `/p?token[]=${CENSOR}&token[]=${CENSOR}`);
    assert.equal(redactUrl('/p?a=1;secret=x'), `/p?a=1;secret=${CENSOR}`);
    assert.equal(redactUrl('/p?token=a=b=c&x=1'), `/p?token=${CENSOR}&x=1`);
    assert.equal(redactUrl('/p?%E0%A4%A=1&key=x'), `/p?%E0%A4%A=1&key=${CENSOR}`);
    assert.equal(redactUrl('/p?api+key=x'), '/p?api+key=x', 'a space is no hyphen or underscore');
  });

  it('the log formatter applies it to a top-level url field only', () => {
    const fields = { url: '/me?token=abc', nested: { url: '/me?token=abc' } };
    const out = redact(fields);
    assert.equal(out.url, `/me?token=${CENSOR}`);
    assert.equal((out.nested as { url: string }).url, '/me?token=abc');
    assert.equal(fields.url, '/me?token=abc', "the caller's object is not changed");
    const clean = { url: '/me?page=1' };
    assert.equal(redact(clean), clean);
  });
});
