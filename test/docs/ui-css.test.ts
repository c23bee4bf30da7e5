// Unit tests of the stylesheet rewrite that moves data: images into same-origin files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { uiDistPath } from '../../src/batteries/docs/swagger-ui.ts';
import { extractDataImages } from '../../src/batteries/docs/ui-css.ts';

test('quoted, escaped and percent-encoded SVG data URLs become files', () => {
  const css =
    'a{background:url("data:image/svg+xml;charset=utf-8,<svg fill=\\"%23fff\\"/>")} b{x:url(data:image/png;base64,iVBORw0K)}';
  const { css: out, images } = extractDataImages(css);
  assert.equal(out, 'a{background:url("img/0.svg")} b{x:url("img/1.png")}');
  assert.equal(images[0]!.type, 'image/svg+xml');
  assert.equal(images[0]!.body.toString(), '<svg fill="#fff"/>');
  assert.equal(images[1]!.type, 'image/png');
  assert.deepEqual([...images[1]!.body.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});

test('the same image used twice is one file; other URLs are left alone', () => {
  const { css, images } = extractDataImages(
    'a{b:url(data:image/gif;base64,R0lG)} c{d:url(data:image/gif;base64,R0lG)} e{f:url(x.png)}',
  );
  assert.equal(images.length, 1);
  assert.equal(css, 'a{b:url("img/0.gif")} c{d:url("img/0.gif")} e{f:url(x.png)}');
});

test("swagger-ui-dist's stylesheet keeps no data: URL once rewritten", () => {
  const original = readFileSync(`${uiDistPath()}/swagger-ui.css`, 'utf8');
  assert.ok(original.includes('data:image'));
  const { css, images } = extractDataImages(original);
  assert.ok(!css.includes('data:'));
  assert.ok(images.length > 5);
  for (const image of images) assert.ok(image.body.length > 0, image.name);
});
