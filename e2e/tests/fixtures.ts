import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E } from '../playwright.config.ts';

export { E2E, expect };

export async function signIn(
  page: Page,
  who: { email: string; password: string },
  options: { rememberMe?: boolean } = {},
) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  if (options.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Axe finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The newest message in the server's outbox that was sent to `to`. */
export function latestMailTo(to: string): string {
  const outbox = path.join(E2E.dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
  for (const file of files.reverse()) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (text.includes(`To: ${to}`)) return text;
  }
  throw new Error(`no mail to ${to}`);
}

export function resetPathFrom(mail: string): string {
  const match = /\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail);
  if (!match) throw new Error('no reset link');
  return match[0];
}

/** Reads the session the page keeps under auth-storage. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    local: localStorage.getItem('auth-storage'),
    session: sessionStorage.getItem('auth-storage'),
  }));
}

export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, use) => {
    await signIn(page, E2E.admin);
    await use(page);
  },
});
