import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
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

/**
 * The headers helmet sets with these options, worked out once. `@fastify/helmet` built helmet's
 * middleware again for every request, parsing the policy's directives into its header each time
 * (issue 24: its functions were among the CPU profile's per-request costs); none of our directives
 * depends on the request, so every answer gets the same headers. The names keep helmet's case.
 */
export function securityHeaders(options: HelmetOptions): [string, HeaderValue][] {
  const headers = new Map<string, [string, HeaderValue]>();
  // What helmet sets and removes, heard in its order and with its names' case.
  class Recorder extends ServerResponse {
    override setHeader(name: string, value: HeaderValue): this {
      headers.set(name.toLowerCase(), [name, value]);
      return this;
    }
    override removeHeader(name: string): void {
      headers.delete(name.toLowerCase());
    }
  }
  const request = new IncomingMessage(new Socket());
  helmet(options)(request, new Recorder(request), (error) => {
    if (error) throw error;
  });
  return [...headers.values()];
}
type HeaderValue = number | string | readonly string[];

/** Strict headers on every answer (the SPA needs only its own origin), and text PostgreSQL can store. */
async function securityPlugin(app: FastifyInstance, options: { appUrl: string }) {
  const https = isHttpsAppUrl(options.appUrl);
  const headers = securityHeaders({
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
  // On the raw response first thing, as @fastify/helmet set them: a route's own header (the API
  // docs' policy) still replaces one of these.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
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
