import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The quality (0 = refused) an Accept-Encoding header gives a content coding. */
function acceptedQuality(acceptEncoding: string, coding: string): number {
  let wildcard = 0;
  for (const entry of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim());
    const qParam = params.find((param) => param.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2)) || 0;
    if (name === coding) return quality;
    if (name === '*') wildcard = quality;
  }
  return wildcard;
}

/** The page in every encoding a browser may ask for, compressed once at start. */
function pageEncodings(html: string) {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Serves the built single-page app at `/` with history fallback: any GET outside `/api` that
 * is not a file answers index.html, so deep links like /users/3 work on reload.
 */
async function webPlugin(app: FastifyInstance, options: { webDist: string | undefined; appKey: string }) {
  const indexPath = options.webDist ? path.join(options.webDist, 'index.html') : undefined;
  const root = indexPath && fs.existsSync(indexPath) ? options.webDist : undefined;
  // The application key is not a secret (every browser sends it); it is written into the page
  // at serve time so one build runs under any APP_KEY.
  const indexHtml =
    root && indexPath
      ? fs
          .readFileSync(indexPath, 'utf8')
          .replace(
            /<meta name="chemtrack-app-key" content="[^"]*"\s*\/?>/,
            `<meta name="chemtrack-app-key" content="${escapeAttribute(options.appKey)}" />`,
          )
      : undefined;
  const page = indexHtml === undefined ? undefined : pageEncodings(indexHtml);

  if (root) {
    // Files are found once at start (wildcard off), so every other path can fall back to the page.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // `vite build` writes a .br and a .gz next to each asset (apps/web/vite.config.ts); they are
      // sent in place of the file to browsers that accept them, never under their own names.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders(res, filePath) {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        // Hashed assets never change.
        res.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('The web app is not built (npm run build): only the API is served.');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api');
    if (page && wantsPage) {
      const acceptEncoding = request.headers['accept-encoding'] ?? '';
      const encoding =
        acceptedQuality(acceptEncoding, 'br') > 0
          ? 'br'
          : acceptedQuality(acceptEncoding, 'gzip') > 0
            ? 'gzip'
            : undefined;
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(page[encoding ?? 'identity']);
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found.` });
  });
}

export default fp(webPlugin, { name: 'web' });
