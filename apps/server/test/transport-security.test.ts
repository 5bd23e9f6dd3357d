import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper.ts';

// Over plain HTTP (a colleague opening http://<address>:3000), upgrade-insecure-requests makes the
// browser fetch every script over https and the page stays white; HSTS would pin the host to https.
describe('an http APP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ appUrl: 'http://192.168.1.20:3000' });
  });
  afterAll(() => ctx.close());

  it('answers without upgrade-insecure-requests and without Strict-Transport-Security', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the API docs without upgrade-insecure-requests', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('an https APP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ appUrl: 'https://chemtrack.example.com' });
  });
  afterAll(() => ctx.close());

  it('answers with upgrade-insecure-requests and Strict-Transport-Security', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the API docs with upgrade-insecure-requests', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
