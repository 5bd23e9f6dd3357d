import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { create } from '../src/seed/factories.ts';
import { APP_KEY, createTestContext, type TestContext } from './helper.ts';
import { makePdf, upload } from './uploads.ts';

/**
 * The headers of issue 12 on every kind of answer (API, error, the SPA's fallback, a download):
 * a strict Content-Security-Policy, nosniff, a referrer policy, and uploaded files only ever as
 * attachments. HSTS with an https APP_URL only: transport-security.test.ts.
 */

/** helmet's headers with our options over plain HTTP, as @fastify/helmet set them before issue 24. */
const HELMET_HEADERS: [string, string][] = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'none';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The policy's directives as a map: `default-src` → `'self'`. */
function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it.each([
    ['an API answer', () => ctx.call('admin', { method: 'GET', url: '/auth/me' })],
    ['an API error', () => ctx.call(null, { method: 'GET', url: '/auth/me' })],
    ['an unknown API route', () => ctx.call('admin', { method: 'GET', url: '/nothing-here' })],
    ['a page outside the API', () => ctx.app.inject({ method: 'GET', url: '/customers' })],
  ])('%s carries the strict policy, nosniff and no referrer', async (_what, send) => {
    const res = await send();
    const policy = directives(res.headers['content-security-policy'] as string | undefined);
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
    });
    // Nothing anywhere may load from another origin or run inline script.
    for (const [name, value] of Object.entries(policy)) {
      expect(value, name).not.toMatch(/\*|https?:|'unsafe-eval'/);
      if (name !== 'style-src') expect(value, name).not.toContain("'unsafe-inline'");
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves an uploaded SDS only as an attachment, of its checked type, never sniffed', async () => {
    const pdf = await makePdf('<html><script>alert(1)</script></html>');
    const uploaded = await upload(ctx, [
      { filename: '<img src=x onerror=alert(1)>.html', contentType: 'text/html', content: pdf },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json().file;
    const product = await create.product(ctx, {
      sds: { filepath: file.filepath, original_name: file.original_name },
    });
    const res = await ctx.call('staff', { method: 'GET', url: `/products/${product.id}/sds-download` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="_img src=x onerror=alert\(1\)_\.pdf"/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  // Worked out once at start-up (plugins/security.ts): every answer, the API's, an error and the
  // SPA's, carries the same complete set, in helmet's order, first among its headers.
  it.each([
    ['an API answer', () => ctx.call('admin', { method: 'GET', url: '/auth/me' })],
    ['an API error', () => ctx.call(null, { method: 'GET', url: '/auth/me' })],
    ['a page outside the API', () => ctx.app.inject({ method: 'GET', url: '/customers' })],
  ])('%s carries exactly these headers of helmet, over plain HTTP', async (_what, send) => {
    const res = await send();
    expect(Object.keys(res.headers).slice(0, HELMET_HEADERS.length)).toEqual(
      HELMET_HEADERS.map(([name]) => name.toLowerCase()),
    );
    for (const [name, value] of HELMET_HEADERS) expect(res.headers[name.toLowerCase()], name).toBe(value);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('makes any non-JSON API answer a download, even from a route that names no disposition', async () => {
    // A second app on the same database, with a route added as a careless future one would be.
    const app = await buildApp({ config: ctx.config, db: ctx.database.db });
    app.get(`${API_PREFIX}/probe-html`, { config: { isPublic: true } }, (_request, reply) =>
      reply.type('text/html').send('<script>alert(1)</script>'),
    );
    await app.ready();
    try {
      const headers = { 'x-app-key': APP_KEY };
      const html = await app.inject({ method: 'GET', url: `${API_PREFIX}/probe-html`, headers });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-disposition']).toBe('attachment');
      const json = await app.inject({ method: 'GET', url: `${API_PREFIX}/auth/me`, headers });
      expect(json.headers['content-type']).toContain('application/json');
      expect(json.headers['content-disposition']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
