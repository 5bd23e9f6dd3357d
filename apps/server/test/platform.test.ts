import { CONVERSION_FACTOR_DESCRIPTION } from '@chemtrack/domain';
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
    // HSTS only with an https APP_URL: transport-security.test.ts.
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
    // The product's conversion factor names its unit (issue 21 point 8): cubic feet per pound.
    const product = doc.paths['/api/admin/v1/products/create'].post;
    expect(
      product.requestBody.content['application/json'].schema.properties.conversion_factor.description,
    ).toBe(CONVERSION_FACTOR_DESCRIPTION);
    expect(CONVERSION_FACTOR_DESCRIPTION).toContain('Cubic feet per pound (cu ft/lb)');
  });
});

describe('JSON content type on calls without a body (spec 01 §7)', () => {
  const json = { 'content-type': 'application/json' };

  it('logs out, asks for a reset link and archives with the header and an empty body', async () => {
    const token = await ctx.freshToken('staff');
    const logout = await ctx.call(null, {
      method: 'POST',
      url: '/auth/logout',
      headers: { ...json, authorization: `Bearer ${token}`, 'x-app-key': 'test-app-key' },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const me = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${token}`, 'x-app-key': 'test-app-key' },
    });
    expect(me.statusCode).toBe(401);

    const forgot = await ctx.call(null, {
      method: 'POST',
      url: '/auth/forgot-password?username=staff@test.local',
      headers: json,
    });
    expect(forgot.statusCode, forgot.body).toBe(200);

    const created = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      payload: { name: 'Oxidizer' },
    });
    const id = created.json().resource.id;
    const archived = await ctx.call('admin', {
      method: 'PATCH',
      url: `/hazards/${id}/activate`,
      headers: json,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().resource.is_active).toBe(false);
  });

  it('still refuses an empty body where one is required, and prototype pollution', async () => {
    const empty = await ctx.call('admin', { method: 'POST', url: '/hazards/create', headers: json });
    expect(empty.statusCode).toBe(422);
    expect(typeof empty.json().message).toBe('string');
    const polluted = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      headers: json,
      payload: '{"name":"Polluted","__proto__":{"isAdmin":true}}',
    });
    expect(polluted.statusCode).toBe(400);
    expect(polluted.json().message).toBe(
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
    const saved = await ctx.call('admin', { method: 'GET', url: '/hazards/list?search=Polluted' });
    expect(saved.json().resource.items).toEqual([]);
  });
});
