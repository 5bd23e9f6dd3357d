import os from 'node:os';
import config from '../playwright.config.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * A colleague on the office network opens http://<the machine's address>:3000. Chromium treats
 * localhost and 127.0.0.0/8 as trustworthy and never upgrades their requests, so the other tests
 * cannot see what an https-only policy does to this visitor: here the page is opened by the
 * machine's own non-loopback address (the server listens on 0.0.0.0 for it). A machine without
 * one falls back to a name Chromium resolves to 127.0.0.1, which is just as untrustworthy.
 */
const OFFICE_NAME = 'chemtrack.office.test';
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
const host = lanAddress ?? OFFICE_NAME;
const origin = `http://${host}:${new URL(E2E.baseURL).port}`;

test.use({
  baseURL: origin,
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${OFFICE_NAME} 127.0.0.1`],
  },
});

test(`the app opens and signs in over plain HTTP at ${lanAddress ? 'the machine’s address' : OFFICE_NAME}`, async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  const encodings = new Set<string>();
  page.on('response', (response) => {
    if (/\.(js|css)$/.test(response.url())) encodings.add(response.headers()['content-encoding'] ?? 'none');
  });

  // goto waits for the load event, by which every script has loaded or failed.
  await page.goto('/login');
  expect(failed).toEqual([]);
  // Chromium asks for brotli only from trustworthy origins; over plain HTTP it takes gzip.
  expect([...encodings]).toEqual(['gzip']);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await signIn(page, E2E.admin);
  await expect(page).toHaveURL(`${origin}/inventories`);
  await expect(page.getByRole('heading', { name: 'Inventories', level: 1 })).toBeVisible();
  expect(failed).toEqual([]);
});
