import fs from 'node:fs';
import { adminApi } from './api.ts';
import { E2E, expect, expectNoSeriousViolations, signIn, test } from './fixtures.ts';

interface Listed {
  resource: { items: { name: string; size_bytes: number }[] };
}

test('an admin backs up from the Backups page and downloads the new archive, a tar', async ({
  adminPage: page,
  request,
}) => {
  await page.getByRole('link', { name: 'Backups', exact: true }).click();
  await expect(page).toHaveURL(/\/backups$/);
  const table = page.getByRole('table', { name: 'Backups' });
  await expect(page.getByRole('heading', { name: 'Last backup' })).toBeVisible();

  // The request waits at the browser until the busy button has been seen, whatever the backup's speed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/v1/backups/create', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByRole('button', { name: 'Backing up…' })).toBeDisabled();
  release();
  // The demo install's backup: a few seconds on the embedded database.
  await expect(page.getByRole('status')).toContainText('Backup created successfully', { timeout: 50_000 });

  const api = await adminApi(request);
  const [taken] = (await api.get<Listed>('/backups/list')).resource.items;
  if (!taken) throw new Error('no backup listed');
  const row = table.getByRole('row').nth(1);
  const download = row.getByRole('button', { name: `Download ${taken.name}` });
  await expect(download).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();

  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(taken.name);
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.length).toBe(taken.size_bytes);
  // A tar: its first entry is the archive's header, and the ustar magic sits at offset 257.
  expect(bytes.subarray(0, 21).toString()).toBe('chemtrack-backup.json');
  expect(bytes.subarray(257, 262).toString()).toBe('ustar');
  await expectNoSeriousViolations(page);
});

test('staff have no Backups entry, and the API answers them 403', async ({ page, request }) => {
  await signIn(page, E2E.staff);
  await expect(page.getByRole('link', { name: 'Inventories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Backups', exact: true })).toHaveCount(0);

  const signedIn = await request.post('/api/admin/v1/auth/sign-in', {
    headers: { 'x-app-key': E2E.appKey },
    data: E2E.staff,
  });
  const token = (await signedIn.json()).credentials.access_token as string;
  const res = await request.get('/api/admin/v1/backups/list', {
    headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
});
