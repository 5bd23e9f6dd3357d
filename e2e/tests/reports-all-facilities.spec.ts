import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { expect, expectNoSeriousViolations, test } from './fixtures.ts';

/**
 * Issue 36 "All facilities at once" on the demo data: Gulf Coast Refining Co. has an inventory at
 * Pasadena Refinery for last year and none at Lake Charles Terminal. The Tier II of all its
 * facilities downloads as one ZIP: the summary, which names Lake Charles as without an inventory,
 * and Pasadena's PDF under the name it downloads by alone. The reports only read, so the demo data
 * stays as it was.
 */

const LAST_YEAR = new Date().getFullYear() - 1;
const CUSTOMER = 'Gulf Coast Refining Co.';
const PASADENA_PDF = `EPCRA_311_312_Tier_I_and_II_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.pdf`;

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('the Tier II of every facility of a customer downloads from the Reports screen as one ZIP', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  const all = page.getByRole('checkbox', { name: 'All facilities of this customer' });
  await expect(all).toBeDisabled();
  await pick(page, 'Select Customer', 'Gulf Coast Refining', CUSTOMER);
  await all.check();
  await expect(page.getByRole('combobox', { name: 'Facility Name' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Year' }).selectOption(String(LAST_YEAR));
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'EPCRA 311/312 Tier I and II' });
  // One facility's preview does not stand for all of them.
  await expect(page.getByRole('region', { name: /^EPCRA 311\/312/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `EPCRA_311_312_Tier_I_and_II_Gulf_Coast_Refining_Co__All_facilities_${LAST_YEAR}.zip`,
  );
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  expect(Object.keys(entries)).toEqual(['summary.csv', PASADENA_PDF]);
  // UTF-8 with its byte order mark (Excel needs it), which strFromU8 drops.
  expect([...entries['summary.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(strFromU8(entries['summary.csv']!).split('\r\n')).toEqual([
    `Facility,Inventory ${LAST_YEAR},Report file,Coverage under EPCRA 311/312 Tier I and II`,
    'Lake Charles Terminal,No,,no inventory',
    // The demo refinery holds gasoline and diesel far over 10,000 lb.
    `Pasadena Refinery,Yes,${PASADENA_PDF},covered`,
    '',
  ]);
  const parser = new PDFParse({ data: entries[PASADENA_PDF]! });
  try {
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Customer: ${CUSTOMER} Facility: Pasadena Refinery,`);
    expect(text).toContain(`Reporting year: ${LAST_YEAR}`);
  } finally {
    await parser.destroy();
  }
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Report' })).toBeEnabled();
});
