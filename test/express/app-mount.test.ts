import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AppLike, type MountSettings, mountArguments, settleMount } from '../../src/core/app/mount.ts';
import type { KitApp } from '../../src/core/types.ts';

/** A stand-in for an app: what mounting reads and writes, nothing more. */
function fakeApp(
  settings: Record<string, unknown> = {},
): AppLike & MountSettings & { handle: () => void; set: () => void } {
  return Object.assign(() => {}, {
    mountpath: '/',
    parent: undefined,
    settings,
    engines: {},
    trustProxyDefault: true,
    emit: () => true,
    handle: () => {},
    set: () => {},
  });
}

describe('mountArguments', () => {
  const middleware = (): void => {};
  it('no path: no path, and the apps among every argument', () => {
    const sub = fakeApp();
    assert.deepEqual(mountArguments([middleware, sub]), { path: undefined, apps: [sub] });
  });
  it('an array of functions first is not a path', () => {
    assert.equal(mountArguments([[middleware], middleware]).path, undefined);
  });
  it('a string, a RegExp or a list of them is the path, as given; apps are found among the rest, nested too', () => {
    const sub = fakeApp();
    assert.deepEqual(mountArguments(['/blog', sub]), { path: '/blog', apps: [sub] });
    const list = ['/a', ['/b']];
    const found = mountArguments([list, [middleware, [sub]]]);
    assert.equal(found.path, list);
    assert.deepEqual(found.apps, [sub]);
    const pattern = /^\/x/;
    assert.equal(mountArguments([pattern, sub]).path, pattern);
  });
});

describe('settleMount', () => {
  it('inherits the parent settings through the prototype chain; own values win', () => {
    const parent = fakeApp({ title: 'parent', etag: 'strong', 'trust proxy fn': () => true });
    const sub = fakeApp({ etag: 'weak', 'trust proxy': false, 'trust proxy fn': () => false });
    settleMount(sub, parent as unknown as KitApp);
    assert.equal(sub.settings.title, 'parent');
    assert.equal(sub.settings.etag, 'weak');
    // trust proxy left at its default: the parent's applies.
    assert.equal(Object.hasOwn(sub.settings, 'trust proxy'), false);
    assert.equal((sub.settings['trust proxy fn'] as () => boolean)(), true);
    assert.equal(Object.getPrototypeOf(sub.engines), parent.engines);
  });
  it('keeps a trust proxy the sub-app set itself', () => {
    const parent = fakeApp({ 'trust proxy fn': () => true });
    const sub = fakeApp({ 'trust proxy': false, 'trust proxy fn': () => false });
    sub.trustProxyDefault = false;
    settleMount(sub, parent as unknown as KitApp);
    assert.equal((sub.settings['trust proxy fn'] as () => boolean)(), false);
  });
});
