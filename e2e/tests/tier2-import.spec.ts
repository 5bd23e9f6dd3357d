import fs from 'node:fs';
import { expect, test } from './fixtures.ts';

/** The shared Tier II sample, as copied beside the server tests (issue 25). */
const SAMPLE = fs.readFileSync(
  new URL('../../apps/server/test/fixtures/tier2/epcra_tier2_data.xml', import.meta.url),
);

test('Reports → Import Tier II: the sample previews as 1 facility, 2 chemicals, 4 contacts, then imports', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Import Tier II' }).click();
  await expect(page).toHaveURL(/\/reports\/tier2-import$/);
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Import Tier II' })).toBeVisible();

  await page.getByLabel('Tier II file').setInputFiles({
    name: 'epcra_tier2_data.t2s.xml',
    mimeType: 'text/xml',
    buffer: SAMPLE,
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(
    'Preview: 1 facility(ies), 2 chemical(s), 4 contact(s). Nothing was written.',
  );
  const bodyRows = (caption: string) => preview.getByRole('table', { name: caption }).locator('tbody tr');
  await expect(bodyRows('Facilities')).toHaveCount(1);
  await expect(bodyRows('Facilities')).toContainText('Green Valley Water Facility');
  await expect(bodyRows('Chemicals')).toHaveCount(2);
  await expect(bodyRows('Chemicals').nth(0)).toContainText('Chlorine');
  await expect(bodyRows('Chemicals').nth(1)).toContainText('Fluorosilic Acid');
  await expect(bodyRows('Contacts')).toHaveCount(4);

  await preview.getByRole('button', { name: 'Import' }).click();
  const done = page.getByRole('region', { name: 'Imported' });
  await expect(done).toContainText('Tier II file imported: 1 facility(ies), 2 inventory line(s).');

  // The facility exists, with its 2025 inventory holding the imported lines.
  await done.getByRole('link', { name: 'Green Valley Water Facility, 2025 inventory' }).click();
  await expect(page).toHaveURL(/\/inventories\/\d+\/products/);
  await expect(page.getByText('Green Valley Water Facility').first()).toBeVisible();
  // Chlorine matched the demo catalog's chlorine product by its CAS; the mixture is a new product.
  await expect(page.getByRole('cell', { name: 'Chlorination building', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Fluorosilic Acid', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Secondary clarifier', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '45,000.00', exact: true })).toBeVisible();
});

test('Import Tier II shows the server refusal of a file that is not a Tier II file', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Import Tier II' }).click();
  await page.getByLabel('Tier II file').setInputFiles({
    name: 'other.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from('<?xml version="1.0"?><catalog xmlns="urn:example"/>'),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tier II' })).toHaveText(
    'This is not a Tier II data standard file',
  );
});
