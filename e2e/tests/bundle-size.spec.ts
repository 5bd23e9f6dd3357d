import { gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const BUDGET_KB = 250;

test(`the JavaScript loaded on /login is at most ${BUDGET_KB} KB gzip`, async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body();
    scripts.set(response.url(), gzipSync(body).length);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const totalKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  console.log(
    `JavaScript on /login: ${scripts.size} files, ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
  );
  expect(scripts.size).toBeGreaterThan(0);
  expect(totalKb).toBeLessThanOrEqual(BUDGET_KB);
});

const TRANSFER_BUDGET_KB = 250;

test(`loading /login transfers at most ${TRANSFER_BUDGET_KB} KB, scripts and styles compressed`, async ({
  page,
}) => {
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  const uncompressed: string[] = [];
  for (const request of finished) {
    // Body as it came over the wire (compressed or not) and headers: what the visitor waits for.
    const sizes = await request.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    const encoding = await (await request.response())?.headerValue('content-encoding');
    if (/\.(js|css)$/.test(request.url()) && encoding !== 'br') uncompressed.push(request.url());
  }
  const totalKb = bytes / 1024;
  console.log(
    `/login: ${finished.length} responses, ${totalKb.toFixed(1)} KB transferred (budget ${TRANSFER_BUDGET_KB} KB)`,
  );
  expect(uncompressed).toEqual([]);
  expect(totalKb).toBeLessThanOrEqual(TRANSFER_BUDGET_KB);
});
