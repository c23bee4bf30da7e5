/**
 * src/core/response/file-options.ts's optionsAndCallback and download.ts's downloadArguments: the argument
 * forms of res.sendFile and res.download (XFILE-002, XFILE-008), which kit() and both Express flavours read
 * through them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { downloadArguments } from '../../src/core/response/download.js';
import { optionsAndCallback } from '../../src/core/response/file-options.js';

const fn = (): void => {};
const other = (): void => {};
const opts = { root: '/srv' };

test('optionsAndCallback: a function in the options place is the callback', () => {
  assert.deepEqual(optionsAndCallback(fn, undefined, 'res.sendFile'), { given: undefined, done: fn });
  // What follows a callback in the options' place is not read, as in Express.
  assert.deepEqual(optionsAndCallback(fn, 'ignored', 'res.sendFile'), { given: undefined, done: fn });
  assert.deepEqual(optionsAndCallback(opts, fn, 'res.sendFile'), { given: opts, done: fn });
  assert.deepEqual(optionsAndCallback(opts, undefined, 'res.sendFile'), { given: opts, done: undefined });
  assert.deepEqual(optionsAndCallback(undefined, undefined, 'res.sendFile'), {
    given: undefined,
    done: undefined,
  });
});

test('optionsAndCallback: a callback that is not a function is a TypeError naming the member', () => {
  assert.throws(() => optionsAndCallback(opts, 'done', 'res.sendFile'), {
    name: 'TypeError',
    message: 'res.sendFile: the callback must be a function',
  });
  assert.throws(() => optionsAndCallback(undefined, null, 'res.sendfile'), {
    name: 'TypeError',
    message: 'res.sendfile: the callback must be a function',
  });
});

test("downloadArguments: Express 4.21's eight forms after the path", () => {
  const forms: Array<[unknown[], { name: unknown; given: unknown; done: unknown }]> = [
    [[], { name: undefined, given: undefined, done: undefined }],
    [[fn], { name: undefined, given: undefined, done: fn }],
    [['a.txt'], { name: 'a.txt', given: undefined, done: undefined }],
    [['a.txt', fn], { name: 'a.txt', given: undefined, done: fn }],
    [[opts], { name: undefined, given: opts, done: undefined }],
    [[opts, fn], { name: undefined, given: opts, done: fn }],
    [['a.txt', opts], { name: 'a.txt', given: opts, done: undefined }],
    [['a.txt', opts, fn], { name: 'a.txt', given: opts, done: fn }],
  ];
  for (const [args, expected] of forms) {
    const [filename, options, callback] = args;
    assert.deepEqual(downloadArguments(filename, options, callback), expected, String(args.length));
  }
});

test('downloadArguments: the options in the filename place, with the callback last', () => {
  assert.deepEqual(downloadArguments(opts, undefined, fn), { name: undefined, given: opts, done: fn });
  // A callback first wins over anything after it.
  assert.deepEqual(downloadArguments(fn, opts, other), { name: undefined, given: undefined, done: fn });
  assert.deepEqual(downloadArguments(null, undefined, fn), { name: null, given: undefined, done: fn });
});

test('downloadArguments: a callback that is not a function is a TypeError naming res.download', () => {
  for (const args of [
    ['a.txt', opts, 'done'],
    [opts, undefined, 42],
    ['a.txt', undefined, {}],
  ]) {
    const [filename, options, callback] = args;
    assert.throws(() => downloadArguments(filename, options, callback), {
      name: 'TypeError',
      message: 'res.download: the callback must be a function',
    });
  }
});
