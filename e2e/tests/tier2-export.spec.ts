import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';

/**
 * Issue 25: the Reports screen's "Export Tier II (.t2s)" on the demo data (Gulf Coast Refining Co.,
 * Pasadena Refinery, last year's inventory). The downloaded file is unzipped: one XML file of the
 * National Tier II Data Standard with the facility and, per chemical, the 23 hazard entries. The
 * export only reads, so the demo data stays as it was.
 */

const LAST_YEAR = new Date().getFullYear() - 1;
const CUSTOMER = 'Gulf Coast Refining Co.';
const NAMESPACE = 'https://cameo.noaa.gov/epcra_tier2/data_standard/v1';

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('Export Tier II (.t2s) downloads the facility-year as a Tier2 Submit file', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  const exportButton = page.getByRole('button', { name: 'Export Tier II (.t2s)' });
  await expect(exportButton).toBeDisabled();
  await pick(page, 'Select Customer', 'Gulf Coast Refining', CUSTOMER);
  await pick(page, 'Facility Name', 'Pasadena', 'Pasadena Refinery');
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option', { name: String(LAST_YEAR) })).toBeAttached();
  await year.selectOption(String(LAST_YEAR));
  await expect(exportButton).toBeEnabled();

  const download = page.waitForEvent('download');
  await exportButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `EPCRA_311_312_Tier_II_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.t2s`,
  );
  const files = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  expect(Object.keys(files)).toEqual(['epcra_tier2_data.xml']);
  const xml = strFromU8(files['epcra_tier2_data.xml']!);
  expect(xml).toContain(`<epcraTier2Dataset xmlns="${NAMESPACE}" version="1.0.0">`);
  expect(xml).toContain(`<dataset reportyear="${LAST_YEAR}">`);
  expect(xml).toContain('<facilityName>Pasadena Refinery</facilityName>');
  const chemicals = xml.match(/<chemical recordid="/g)?.length ?? 0;
  expect(chemicals).toBeGreaterThan(0);
  expect(xml.match(/<hazard>/g)?.length).toBe(23 * chemicals);
  expect(
    xml.match(/<category>Specific target organ toxicity\(single or repeated exposure\)<\/category>/g)?.length,
  ).toBe(chemicals);
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
  await expect(exportButton).toBeEnabled();
});
