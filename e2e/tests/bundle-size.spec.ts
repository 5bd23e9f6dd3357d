import { gzipSync } from 'node:zlib';
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
