/** Serves the OpenAPI JSON and swagger-ui (from swagger-ui-dist) without any inline script or style. */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lookup } from 'mime-types';
import { moduleLocation } from '../module-location.js';
import type { KitApp, KitRequest, KitResponse, NextFunction } from '../types.js';
import { type ExtractedImage, extractDataImages } from './ui-css.js';

/**
 * The swagger-ui-dist files served as they are; only these names are served, so no path can escape the
 * folder. swagger-ui.css is served rewritten (see ui-css.ts).
 */
export const UI_ASSETS: readonly string[] = [
  'index.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
  'oauth2-redirect.html',
  'oauth2-redirect.js',
];

const requireFromHere = createRequire(moduleLocation());

/** swagger-ui-dist's folder, through its own `getAbsoluteFSPath` (without loading the 1 MB bundle into Node). */
export function uiDistPath(): string {
  const getAbsoluteFSPath = requireFromHere('swagger-ui-dist/absolute-path.js') as () => string;
  return getAbsoluteFSPath();
}

/**
 * The page: swagger-ui-dist's index.html without its inline parts, the initializer loaded as a file
 * (DOCS-018, DOCS-019).
 */
export function indexHtml(base: string, title: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>${esc(title)}</title>
    <link rel="stylesheet" type="text/css" href="${base}/swagger-ui.css">
    <link rel="stylesheet" type="text/css" href="${base}/index.css">
    <link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${base}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${base}/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="${base}/swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`;
}

/**
 * The initializer, served as a file because a CSP of `script-src 'self'` forbids an inline one. It uses
 * swagger-ui's BaseLayout: the standalone top bar draws its logo with an inline `<style>` element, which
 * `style-src 'self'` blocks (DOCS-019).
 */
export function initializerJs(jsonUrl: string): string {
  return `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(jsonUrl)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;
}

function sendText(req: IncomingMessage, res: ServerResponse, type: string, body: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  // Generated from the live document: revalidate each time rather than show a stale page after a deploy.
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Sends an in-memory asset with the same caching as the files: a day, plus an ETag of its content. */
function sendBuffer(req: IncomingMessage, res: ServerResponse, type: string, body: Buffer): void {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', type);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

let stylesheet: { css: Buffer; images: ExtractedImage[] } | undefined;

/** swagger-ui.css with its `data:` images moved to files, computed once per process. */
export function uiStylesheet(dist: string): { css: Buffer; images: ExtractedImage[] } {
  if (!stylesheet) {
    const { css, images } = extractDataImages(readFileSync(path.join(dist, 'swagger-ui.css'), 'utf8'));
    stylesheet = { css: Buffer.from(css), images };
  }
  return stylesheet;
}

function sendAsset(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  next: (err?: unknown) => void,
): void {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch {
    next();
    return;
  }
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  res.setHeader('ETag', etag);
  // The files change only when swagger-ui-dist is upgraded; a day of caching plus the ETag is a safe middle.
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const type = lookup(file) || 'application/octet-stream';
  res.setHeader(
    'Content-Type',
    /^(text\/|application\/javascript)/.test(type) ? `${type}; charset=utf-8` : type,
  );
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Length', stat.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * Registers the documentation routes on `app`: the UI at `base` and `base/`, the JSON at
 * `base/swagger.json` (DOCS-017), the initializer and swagger-ui-dist's assets under `base/` (DOCS-018); only
 * the files the page needs, so any other name there is left to the app.
 *
 * @example
 * ```ts
 * mountSwaggerUi(app, '/api-docs', JSON.stringify(document), 'My API');
 * ```
 */
export function mountSwaggerUi(
  app: KitApp,
  base: string,
  json: string,
  title: string,
  onRequest: () => void,
): void {
  const dist = uiDistPath();
  const html = indexHtml(base, title);
  const initializer = initializerJs(`${base}/swagger.json`);
  const page = (req: IncomingMessage, res: ServerResponse) => {
    onRequest();
    sendText(req, res, 'text/html; charset=utf-8', html);
  };
  app.get(base, page);
  app.get(`${base}/`, page);
  app.get(`${base}/index.html`, page);
  app.get(`${base}/swagger.json`, (req: KitRequest, res: KitResponse) => {
    onRequest();
    sendText(req, res, 'application/json; charset=utf-8', json);
  });
  app.get(`${base}/swagger-initializer.js`, (req: KitRequest, res: KitResponse) =>
    sendText(req, res, 'text/javascript; charset=utf-8', initializer),
  );
  const { css, images } = uiStylesheet(dist);
  app.get(`${base}/swagger-ui.css`, (req: KitRequest, res: KitResponse) =>
    sendBuffer(req, res, 'text/css; charset=utf-8', css),
  );
  for (const image of images) {
    const type = image.type.startsWith('image/svg') ? 'image/svg+xml; charset=utf-8' : image.type;
    app.get(`${base}/img/${image.name}`, (req: KitRequest, res: KitResponse) =>
      sendBuffer(req, res, type, image.body),
    );
  }
  for (const name of UI_ASSETS) {
    const file = path.join(dist, name);
    app.get(`${base}/${name}`, (req: KitRequest, res: KitResponse, next: NextFunction) =>
      sendAsset(req, res, file, next),
    );
  }
}
