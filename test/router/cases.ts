/**
 * One case list for every route matcher (the manner of Hono's src/core/router/common.case.test.ts): a pattern,
 * the router's options, a request path as a client sends it, and the `req.params` expected, as entries in
 * the order `Object.keys(req.params)` gives them, or null for no match. A matcher that never sees a pattern
 * under some options says why (matchers.ts, `unsupported`); the runner reports those as skipped with it.
 */
import type { MatchOptions } from '../../src/core/router/regex-path.ts';

export type Params = Array<[string, string | undefined]>;

export interface MatcherCase {
  /** Rule the case shows. */
  rule: string;
  pattern: string;
  options?: Partial<MatchOptions>;
  path: string;
  params: Params | null;
}

const strict = { strict: true };
const caseSensitive = { caseSensitive: true };

export const cases: MatcherCase[] = [
  // Static paths (ROUTE-001).
  { rule: 'ROUTE-001', pattern: '/', path: '/', params: [] },
  { rule: 'ROUTE-001', pattern: '/about', path: '/about', params: [] },
  { rule: 'ROUTE-001', pattern: '/about', path: '/abou', params: null },
  { rule: 'ROUTE-001', pattern: '/about', path: '/about/x', params: null },
  { rule: 'ROUTE-001', pattern: '/a/b', path: '/a', params: null },
  { rule: 'ROUTE-001', pattern: '/', path: '/a', params: null },

  // Named parameters (ROUTE-002).
  { rule: 'ROUTE-002', pattern: '/users/:id', path: '/users/42', params: [['id', '42']] },
  { rule: 'ROUTE-002', pattern: '/users/:id', path: '/users', params: null },
  { rule: 'ROUTE-002', pattern: '/users/:id', path: '/users/', params: null },
  { rule: 'ROUTE-002', pattern: '/users/:id', path: '/users/42/x', params: null },
  {
    rule: 'ROUTE-002',
    pattern: '/users/:id/posts/:postId',
    path: '/users/1/posts/abc',
    params: [
      ['id', '1'],
      ['postId', 'abc'],
    ],
  },
  {
    rule: 'ROUTE-002',
    pattern: '/:c/:b/:a',
    path: '/x/y/z',
    params: [
      ['c', 'x'],
      ['b', 'y'],
      ['a', 'z'],
    ],
  },
  { rule: 'ROUTE-002', pattern: '/$x/:_y$', path: '/$x/1', params: [['_y$', '1']] },

  // Optional parameters, present and absent (ROUTE-003, ROUTE-021).
  { rule: 'ROUTE-021', pattern: '/a/:id?', path: '/a', params: [['id', undefined]] },
  { rule: 'ROUTE-021', pattern: '/a/:id?', path: '/a/', params: [['id', undefined]] },
  { rule: 'ROUTE-003', pattern: '/a/:id?', path: '/a/7', params: [['id', '7']] },
  { rule: 'ROUTE-003', pattern: '/a/:id?', path: '/a/7/8', params: null },
  { rule: 'ROUTE-021', pattern: '/:id?', path: '/', params: [['id', undefined]] },
  {
    rule: 'ROUTE-021',
    pattern: '/archive/:year?/:month?',
    path: '/archive',
    params: [
      ['year', undefined],
      ['month', undefined],
    ],
  },
  {
    rule: 'ROUTE-003',
    pattern: '/archive/:year?/:month?',
    path: '/archive/2024',
    params: [
      ['year', '2024'],
      ['month', undefined],
    ],
  },
  {
    rule: 'ROUTE-003',
    pattern: '/archive/:year?/:month?',
    path: '/archive/2024/05',
    params: [
      ['year', '2024'],
      ['month', '05'],
    ],
  },
  { rule: 'ROUTE-021', pattern: '/a/:x?/b', path: '/a/b', params: [['x', undefined]] },
  { rule: 'ROUTE-003', pattern: '/a/:x?/b', path: '/a/1/b', params: [['x', '1']] },
  {
    rule: 'ROUTE-021',
    pattern: '/a/:x?/:y',
    path: '/a/1',
    params: [
      ['x', undefined],
      ['y', '1'],
    ],
  },
  {
    rule: 'ROUTE-003',
    pattern: '/a/:x?/:y',
    path: '/a/1/2',
    params: [
      ['x', '1'],
      ['y', '2'],
    ],
  },
  { rule: 'ROUTE-021', pattern: '/a/:id?', options: strict, path: '/a', params: [['id', undefined]] },
  { rule: 'ROUTE-021', pattern: '/a/:id?', options: caseSensitive, path: '/a/', params: [['id', undefined]] },

  // A trailing slash, strict and not (ROUTE-005, XROUTE-005).
  { rule: 'ROUTE-005', pattern: '/about', path: '/about/', params: [] },
  { rule: 'ROUTE-005', pattern: '/about/', path: '/about', params: [] },
  { rule: 'ROUTE-005', pattern: '/users/:id', path: '/users/42/', params: [['id', '42']] },
  { rule: 'XROUTE-005', pattern: '/about', options: strict, path: '/about', params: [] },
  { rule: 'XROUTE-005', pattern: '/about', options: strict, path: '/about/', params: null },
  { rule: 'XROUTE-005', pattern: '/about/', options: strict, path: '/about', params: null },
  { rule: 'XROUTE-005', pattern: '/about/', options: strict, path: '/about/', params: [] },
  { rule: 'XROUTE-005', pattern: '/users/:id', options: strict, path: '/users/42/', params: null },
  { rule: 'XROUTE-005', pattern: '/a/:id?', options: strict, path: '/a/', params: null },
  { rule: 'XROUTE-005', pattern: '/about', options: caseSensitive, path: '/about/', params: [] },

  // Case (ROUTE-005, XROUTE-005).
  { rule: 'ROUTE-005', pattern: '/about', path: '/About', params: [] },
  { rule: 'ROUTE-005', pattern: '/Users/:Name', path: '/USERS/Ada', params: [['Name', 'Ada']] },
  { rule: 'XROUTE-005', pattern: '/Users', options: caseSensitive, path: '/Users', params: [] },
  { rule: 'XROUTE-005', pattern: '/Users', options: caseSensitive, path: '/users', params: null },
  {
    rule: 'XROUTE-005',
    pattern: '/Users/:id',
    options: { caseSensitive: true, strict: true },
    path: '/Users/Ada',
    params: [['id', 'Ada']],
  },
  // The hex of an escape is not case: the canonical path writes it upper case (ROUTE-018).
  { rule: 'ROUTE-018', pattern: '/caf%C3%A9', options: caseSensitive, path: '/caf%c3%a9', params: [] },

  // Encoded characters (ROUTE-002, ROUTE-005, ROUTE-018, ROUTE-020).
  { rule: 'ROUTE-002', pattern: '/tag/:name', path: '/tag/caf%C3%A9', params: [['name', 'café']] },
  { rule: 'ROUTE-002', pattern: '/files/:name', path: '/files/a%2Fb', params: [['name', 'a/b']] },
  { rule: 'ROUTE-002', pattern: '/files/:name', path: '/files/a/b', params: null },
  { rule: 'ROUTE-005', pattern: '/café', path: '/caf%C3%A9', params: [] },
  { rule: 'ROUTE-005', pattern: '/caf%C3%A9', path: '/CAF%c3%a9', params: [] },
  { rule: 'ROUTE-018', pattern: '/admin', path: '/%61dmin', params: [] },
  { rule: 'ROUTE-020', pattern: '/p/:name', path: '/p/%40team', params: [['name', '@team']] },
  { rule: 'ROUTE-020', pattern: '/@team', path: '/%40team', params: [] },
  { rule: 'ROUTE-020', pattern: '/a b', path: '/a%20b', params: [] },
  // `|`, `^`, `$` and `\` in a pattern of kitjs's own form are text on every router (ROUTE-021).
  { rule: 'ROUTE-021', pattern: '/a|b', path: '/a%7Cb', params: [] },
  { rule: 'ROUTE-021', pattern: '/a|b', options: strict, path: '/a%7Cb', params: [] },
  { rule: 'ROUTE-021', pattern: '/a|b', options: strict, path: '/a', params: null },
  { rule: 'ROUTE-021', pattern: '/x^y/$z', options: caseSensitive, path: '/x%5Ey/$z', params: [] },
  { rule: 'ROUTE-021', pattern: '/a\\b/:id', path: '/a%5Cb/1', params: [['id', '1']] },
  { rule: 'ROUTE-021', pattern: '/a\\b/:id', options: strict, path: '/a%5Cb/1', params: [['id', '1']] },
  { rule: 'ROUTE-021', pattern: '/a\\b/:id', options: strict, path: '/ab/1', params: null },

  // Wildcards (ROUTE-004, XROUTE-001).
  { rule: 'ROUTE-004', pattern: '/files/*', path: '/files/a/b', params: [['0', 'a/b']] },
  { rule: 'ROUTE-004', pattern: '/files/*', path: '/files/', params: [['0', '']] },
  { rule: 'ROUTE-004', pattern: '/files/*', path: '/files', params: null },
  { rule: 'ROUTE-004', pattern: '/files/*', path: '/files/a/', params: [['0', 'a/']] },
  { rule: 'ROUTE-004', pattern: '/files/*', path: '/files/a%2Fb', params: [['0', 'a/b']] },
  { rule: 'ROUTE-004', pattern: '*', path: '/any/thing', params: [['0', '/any/thing']] },
  { rule: 'ROUTE-004', pattern: '*', path: '/', params: [['0', '/']] },
  { rule: 'XROUTE-005', pattern: '/files/*', options: strict, path: '/files/a/', params: [['0', 'a/']] },
  {
    rule: 'ROUTE-021',
    pattern: '/a/:id?/*',
    path: '/a/x',
    params: [
      ['0', 'x'],
      ['id', undefined],
    ],
  },
  {
    rule: 'ROUTE-004',
    pattern: '/a/:id?/*',
    path: '/a/x/y',
    params: [
      ['0', 'y'],
      ['id', 'x'],
    ],
  },
  {
    rule: 'XROUTE-001',
    pattern: '/*/edit/*',
    path: '/a/b/edit/c/d',
    params: [
      ['0', 'a/b'],
      ['1', 'c/d'],
    ],
  },
  { rule: 'XROUTE-001', pattern: '/ab*cd', path: '/ab-x-cd', params: [['0', '-x-']] },

  // Dots and dashes, as text and between parameters (ROUTE-020, XROUTE-001).
  { rule: 'ROUTE-020', pattern: '/a-b.c_d~e/:x', path: '/a-b.c_d~e/1', params: [['x', '1']] },
  { rule: 'ROUTE-020', pattern: '/a-b.c_d~e/:x', path: '/aXb.c_d~e/1', params: null },
  { rule: 'ROUTE-020', pattern: '/a.b', path: '/axb', params: null },
  { rule: 'ROUTE-002', pattern: '/x/:name', path: '/x/a.b-c', params: [['name', 'a.b-c']] },
  {
    rule: 'XROUTE-001',
    pattern: '/flights/:from-:to',
    path: '/flights/a-b-c',
    params: [
      ['from', 'a-b'],
      ['to', 'c'],
    ],
  },
  {
    rule: 'XROUTE-001',
    pattern: '/plantae/:genus.:species',
    path: '/plantae/Prunus.persica',
    params: [
      ['genus', 'Prunus'],
      ['species', 'persica'],
    ],
  },
  {
    rule: 'ROUTE-021',
    pattern: '/files/:file.:ext?',
    path: '/files/report',
    params: [
      ['file', 'report'],
      ['ext', undefined],
    ],
  },
  {
    rule: 'XROUTE-001',
    pattern: '/files/:file.:ext?',
    path: '/files/report.tar.gz',
    params: [
      ['file', 'report.tar'],
      ['ext', 'gz'],
    ],
  },
  { rule: 'XROUTE-001', pattern: '/range/:from..:to', path: '/range/1.9', params: null },
];

/** The options a case runs under, every one spelled out. */
export function optionsOf(one: MatcherCase): MatchOptions {
  return { caseSensitive: one.options?.caseSensitive ?? false, strict: one.options?.strict ?? false };
}
