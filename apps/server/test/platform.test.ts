import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('platform', () => {
  it('sets strict security headers and never caches API answers', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/auth/me' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/admin/v1/nothing-here not found.' });
  });

  it('answers malformed JSON with a 400 message, not a crash', async () => {
    const res = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('answers an over-size JSON body with 413', async () => {
    const res = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('serves the API docs generated from the route schemas', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.info.title).toBe('ChemTrack API');
    const signIn = doc.paths['/api/admin/v1/auth/sign-in'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(Object.keys(doc.paths)).toContain('/api/admin/v1/users/{id}/get');
  });
});
