import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, createTestContext, type TestContext } from './helper.ts';

// A built web app as `vite build` leaves it: hashed assets with their .br and .gz next to them.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-web-dist-'));
const script = Buffer.from(
  `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`,
);
const style = Buffer.from(`${'.cell { padding: 4px; color: #123456; }\n'.repeat(200)}`);
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="chemtrack-app-key" content="" />
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const servedPage = indexHtml.replace(
  '<meta name="chemtrack-app-key" content="" />',
  `<meta name="chemtrack-app-key" content="${APP_KEY}" />`,
);

function writeAsset(name: string, bytes: Buffer) {
  const file = path.join(distDir, 'assets', name);
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes));
}

let ctx: TestContext;
beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  writeAsset('index-Ab12Cd34.js', script);
  writeAsset('index-Ef56Gh78.css', style);
  ctx = await createTestContext({ webDist: distDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('hashed assets', () => {
  it('are sent as brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('are sent as gzip when brotli is not accepted (Chromium over plain HTTP)', async () => {
    const res = await get('/assets/index-Ef56Gh78.css', 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(style.length / 3);
    expect(gunzipSync(res.rawPayload).equals(style)).toBe(true);
  });

  it('are sent as they are when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(script)).toBe(true);
    }
  });

  it('are not listed under their compressed names', async () => {
    const res = await get('/assets/index-Ab12Cd34.js.br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(servedPage);
  });
});

describe('the page', () => {
  it('is never cached, and is compressed too', async () => {
    for (const [acceptEncoding, decode] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip, deflate', gunzipSync],
      ['br;q=0, gzip;q=0.5', gunzipSync],
    ] as const) {
      const res = await get('/login', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['content-encoding']).toBe(decode === gunzipSync ? 'gzip' : 'br');
      expect(decode(res.rawPayload).toString('utf8')).toBe(servedPage);
    }
  });

  it('is sent as it is when no encoding is accepted', async () => {
    const res = await get('/customers-facilities-mgmt/3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.body).toBe(servedPage);
  });

  it('is served for /index.html as for any other page, with the application key', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(servedPage);
  });
});
