import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Layer } from '../../src/core/router/layer.ts';
import { refusedStack, routesByPath } from '../../src/core/router/refused-stack.ts';
import type { Middleware } from '../../src/core/types.ts';

const use = (prefix: string, handler: Middleware, errorHandler = false): Layer => ({
  kind: 'middleware',
  prefix,
  handler,
  errorHandler,
  pattern: undefined,
});
const front = use('', () => {});
const later = use('', () => {});
const failed = use('', (_err: unknown, _req: unknown, _res: unknown, _next: unknown) => {}, true);
const prefixed = use('/api', () => {});
const marked = use(
  '',
  routesByPath(() => {}),
);
const routes = { kind: 'routes' } as unknown as Layer;

/** The stack as names, `raise` for the refusal's own layer (checked to pass on the error). */
function names(stack: Layer[], error: unknown): string[] {
  const known = new Map<Layer, string>([
    [front, 'front'],
    [later, 'later'],
    [failed, 'error'],
    [prefixed, 'prefixed'],
    [marked, 'marked'],
    [routes, 'routes'],
  ]);
  return stack.map((layer) => {
    const name = known.get(layer);
    if (name !== undefined) return name;
    assert.equal(layer.kind === 'middleware' && layer.prefix === '' && !layer.errorHandler, true);
    let passed: unknown;
    (layer as { handler: (...args: unknown[]) => void }).handler({}, {}, (err: unknown) => {
      passed = err;
    });
    assert.equal(passed, error);
    return 'raise';
  });
}

describe('refusedStack (ROUTE-018, ROUTE-019)', () => {
  const error = new Error('refused');
  const cases: Array<[string, Layer[], string[]]> = [
    ['an empty stack raises at once', [], ['raise']],
    ['the front runs, then the refusal', [front, later], ['front', 'later', 'raise']],
    ['routes end the front', [front, routes, later], ['front', 'raise']],
    ['a prefix ends the front', [front, prefixed, later], ['front', 'raise']],
    ['serveStatic (marked) ends the front', [front, marked, later], ['front', 'raise']],
    [
      'error middleware stays, with the refusal raised again after it',
      [front, failed, routes, failed, later, failed],
      ['front', 'error', 'raise', 'error', 'raise', 'error', 'raise'],
    ],
  ];
  for (const [title, stack, expected] of cases) {
    it(title, () => assert.deepEqual(names(refusedStack(stack, error), error), expected));
  }

  it('leaves the app stack as it was', () => {
    const stack = [front, routes, failed];
    refusedStack(stack, error);
    assert.deepEqual(stack, [front, routes, failed]);
  });
});
