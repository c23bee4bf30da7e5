// express.query and kitjs's query() are one function; its options are checked when the middleware is made.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from '../../src/express.ts';
import { query } from '../../src/index.ts';

test('express.query is kitjs query() itself, not a second implementation (XREQ-041)', () => {
  assert.equal(express.query, query);
});

test('express.query refuses options that are neither qs options nor a parser, at once', () => {
  for (const options of ['deep', 5, null]) {
    assert.throws(() => express.query(options as never), TypeError, String(options));
  }
});

test('express.query passed uncalled to use() names the call to make', () => {
  assert.throws(
    () => express().use(express.query as never),
    /query is a factory, not a middleware: use query\(\)/,
  );
});
