import fs from 'node:fs';
import { E2E, expect, signIn, test } from './fixtures.ts';

/** The PSM list the server shipped and seeded, as its rows. */
function shippedPsmLines(): string[] {
  const file = new URL('../../apps/server/src/seed/reference-lists/list-psm.csv', import.meta.url);
  return fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
}

test('an admin uploads a list, reads what changed, opens its table and searches it by CAS', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Database Entry', exact: true }).click();
  await expect(page).toHaveURL(/\/database$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Database Entry');
  const table = page.getByRole('table', { name: 'Database entries' });
  for (const header of ['Type', 'File Name', 'Last Updated At', 'Date Tables', 'Upload']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const psmRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'PSM', exact: true }) });
  // The shipped sample, loaded on the first start.
  await expect(psmRow).toContainText('list-psm.csv');
  await expect(psmRow).toContainText('27 rows — partial sample list: upload the current official list');
  await expect(psmRow).toContainText(/\d{2}-\d{2}-\d{4}/);

  // The new list: chlorine's TQ changed, acetaldehyde gone, phosgene added.
  const [header, ...rows] = shippedPsmLines();
  const changed = rows
    .filter((line) => !line.startsWith('Acetaldehyde,'))
    .map((line) => (line.startsWith('Chlorine,') ? 'Chlorine,7782-50-5,2000' : line));
  changed.push('Phosgene,75-44-5,100');
  const file = {
    name: 'psm-appendix-a.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[header, ...changed].join('\n')}\n`),
  };
  const choose = async () => {
    const chooser = page.waitForEvent('filechooser');
    await psmRow.getByRole('button', { name: 'Upload PSM list' }).click();
    await (await chooser).setFiles(file);
  };

  // Issue 22: the dry run's summary first; Cancel leaves the list as it was.
  await choose();
  const review = page.getByRole('dialog', { name: 'Replace the PSM list?' });
  const preview = review.getByRole('region', { name: 'PSM changes to confirm' });
  await expect(preview).toContainText('27 rows (before: 27): 1 added, 1 removed, 1 changed, 25 unchanged.');
  await expect(preview).toContainText('Chlorine (7782-50-5): Threshold Quantity: 1500 → 2000');
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByRole('region', { name: 'PSM change summary' })).toHaveCount(0);
  await expect(psmRow).toContainText('list-psm.csv');
  await expect(psmRow).not.toContainText('psm-appendix-a.csv');
  await psmRow.getByRole('link', { name: 'View PSM list' }).click();
  await page.getByLabel('Search Chemical by name').fill('7782-50-5');
  await expect(page.getByRole('table', { name: 'PSM list' }).getByRole('row').nth(1)).toContainText('1,500');
  await page.getByRole('link', { name: 'Back', exact: true }).click();

  // Confirm replaces it.
  await choose();
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(review).toBeHidden();

  const summary = page.getByRole('region', { name: 'PSM change summary' });
  await expect(summary).toContainText('PSM list updated');
  await expect(summary).toContainText('27 rows (before: 27): 1 added, 1 removed, 1 changed, 25 unchanged.');
  await expect(summary).toContainText('Phosgene (75-44-5)');
  await expect(summary).toContainText('Acetaldehyde (75-07-0)');
  await expect(summary).toContainText('Chlorine (7782-50-5): Threshold Quantity: 1500 → 2000');
  await expect(psmRow).toContainText('psm-appendix-a.csv');
  await expect(psmRow).toContainText('Previous: list-psm.csv');

  await psmRow.getByRole('link', { name: 'View PSM list' }).click();
  await expect(page).toHaveURL(/\/database\/psm$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('PSM');
  await expect(page.getByTestId('last-upload-info')).toContainText(
    /updated at \d{2}-\d{2}-\d{4} \/ updated by Admin User/,
  );
  const list = page.getByRole('table', { name: 'PSM list' });
  for (const column of ['Chemical Name', 'CAS #', 'Threshold Quantity']) {
    await expect(list.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await page.getByLabel('Search Chemical by name').fill('7782-50-5');
  await expect(page).toHaveURL(/search=7782-50-5/);
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText('Chlorine');
  await expect(list.getByRole('row').nth(1)).toContainText('2,000');

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/database$/);
});

test('an admin sees a refused file listed with its rows, and the list unchanged', async ({
  adminPage: page,
}) => {
  await page.goto('/database');
  const table = page.getByRole('table', { name: 'Database entries' });
  const ehsRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'EHS', exact: true }) });
  await expect(ehsRow).toContainText('3 rows');
  const chooser = page.waitForEvent('filechooser');
  await ehsRow.getByRole('button', { name: 'Upload EHS list' }).click();
  await (await chooser).setFiles({
    name: 'ehs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Chemical Name,CAS #,TPQ\nAmmonia,7664-41-7,lots\n'),
  });
  const refused = page.getByRole('alert', { name: 'EHS upload refused' });
  await expect(refused).toContainText('The file could not be read as the EHS list; nothing was changed.');
  await expect(refused).toContainText('Row 2, TPQ: "lots" is not a number');
  await expect(ehsRow).toContainText('3 rows');
});

test('staff opening the database are sent to the inventories', async ({ page }) => {
  await signIn(page, E2E.staff);
  await page.goto('/database');
  await expect(page).toHaveURL(/\/inventories$/);
});
