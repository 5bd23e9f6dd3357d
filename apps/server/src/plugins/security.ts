import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { fieldsWithNul, NUL_CHARACTER_MESSAGE } from '../lib/nul-characters.ts';
import { API_PREFIX } from './auth.ts';

/**
 * Whether the public address is https. Only then may the browser be told to upgrade requests and
 * to remember https (HSTS): over plain HTTP, upgrade-insecure-requests makes it fetch every script
 * over https, which fails, and the page stays white.
 */
export function isHttpsAppUrl(appUrl: string): boolean {
  return /^https:/i.test(appUrl.trim());
}

/** Strict headers on every answer (the SPA needs only its own origin), and text PostgreSQL can store. */
async function securityPlugin(app: FastifyInstance, options: { appUrl: string }) {
  const https = isHttpsAppUrl(options.appUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The SPA sets no <base>; none at all means an injected one cannot redirect relative URLs.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        // Helmet's default adds it; null leaves it out.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.addHook('preValidation', async (request) => {
    const fields = [...fieldsWithNul(request.query), ...fieldsWithNul(request.body)];
    if (fields.length > 0) {
      const errors = Object.fromEntries(fields.map((field) => [field, [NUL_CHARACTER_MESSAGE]]));
      throw new AppError('VALIDATION', NUL_CHARACTER_MESSAGE, errors);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('Cache-Control', 'no-store');
    // Whatever the API sends that is not JSON (an SDS, a reference list, a report) is a download,
    // never a page: a route that forgets its Content-Disposition still cannot have the browser
    // render an uploaded file inline, where a crafted one could run as this origin.
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('Content-Disposition')) {
      const type = String(reply.getHeader('Content-Type') ?? '');
      if (type !== '' && !type.startsWith('application/json'))
        reply.header('Content-Disposition', 'attachment');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
