import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
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

  if (root) {
    // Files are found once at start (wildcard off), so every other path can fall back to the page.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
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
    if (indexHtml && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found.` });
  });
}

export default fp(webPlugin, { name: 'web' });
