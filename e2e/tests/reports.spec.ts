import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test } from './fixtures.ts';

/**
 * Reports (spec 02 §2 "/reports", §4 "Report form", §5, §8; issue 11) on the demo data: Gulf
 * Coast Refining Co. has inventories at Pasadena Refinery for last year and the year before, and
 * none at Lake Charles Terminal. The reports only read, so the demo data stays as it was.
 */

const LAST_YEAR = new Date().getFullYear() - 1;
const CUSTOMER = 'Gulf Coast Refining Co.';

/** Opens a paged picker, searches and picks the option. */
async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function openReports(page: Page) {
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', exact: true }).last()).toBeVisible();
}

/** Saves the download the click starts and answers its name and first bytes. */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), head: fs.readFileSync(path).subarray(0, 5).toString('latin1') };
}

test('a Tier II preview explains a reported figure, then the PDF and an Excel report download by name', async ({
  adminPage: page,
}) => {
  await openReports(page);
  await pick(page, 'Select Customer', 'Gulf Coast Refining', CUSTOMER);
  await pick(page, 'Facility Name', 'Pasadena', 'Pasadena Refinery');
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option', { name: String(LAST_YEAR) })).toBeAttached();
  await year.selectOption(String(LAST_YEAR));
  const type = page.getByRole('combobox', { name: 'Report Type' });
  await type.selectOption({ label: 'EPCRA 311/312 Tier I and II' });

  const preview = page.getByRole('region', { name: /^EPCRA 311\/312 Tier I and Tier II/ });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(`${CUSTOMER} · Pasadena Refinery`);
  const tier2 = preview.getByRole('table', { name: 'Tier II chemicals' });
  const reported = tier2.locator('tr[data-reported="true"]');
  await expect(reported.first()).toBeVisible();
  // The first figure is the maximum amount in pounds, written with two decimals.
  await expect(reported.first().locator('td.tabular-nums').first()).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  const explain = reported.first().getByRole('button', { name: /^Explain / });
  await explain.click();
  await expect(explain).toHaveAttribute('aria-expanded', 'true');
  const lines = tier2.getByRole('table', { name: /^Contributing lines of / });
  await expect(lines).toBeVisible();
  await expect(tier2.getByText(/^Rule:/)).toBeVisible();
  await expect(tier2.getByText(/ lb ≥ /).first()).toBeVisible();
  const firstLine = lines.getByRole('link').first();
  await expect(firstLine).toHaveAttribute('href', /^\/inventories\/\d+\/products\/\d+$/);
  await expectNoSeriousViolations(page);
  await explain.click();
  await expect(lines).toHaveCount(0);

  const pdf = await downloadFrom(page, () => page.getByRole('button', { name: 'Create Report' }).click());
  expect(pdf.name).toBe(
    `EPCRA_311_312_Tier_I_and_II_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.pdf`,
  );
  expect(pdf.head).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Create Report' })).toBeEnabled();

  await type.selectOption({ label: 'inventory index by CAS number' });
  await expect(page.getByRole('region', { name: /^Inventory Index/ })).toBeVisible();
  const xlsx = await downloadFrom(page, () => page.getByRole('button', { name: 'Create Report' }).click());
  expect(xlsx.name).toBe(
    `inventory_index_by_CAS_number_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.xlsx`,
  );
  // An XLSX is a zip.
  expect(xlsx.head.slice(0, 2)).toBe('PK');

  // Following a contributing line opens it for fixing.
  await type.selectOption({ label: 'EPCRA 311/312 Tier I and II' });
  await reported
    .first()
    .getByRole('button', { name: /^Explain / })
    .click();
  const href = await lines.getByRole('link').first().getAttribute('href');
  await lines.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('empty fields say what is missing; facility and year cascade and clear', async ({ adminPage: page }) => {
  await openReports(page);
  const facility = page.getByRole('combobox', { name: 'Facility Name' });
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(facility).toBeDisabled();
  await expect(year).toBeDisabled();
  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByRole('alert')).toHaveText([
    'Customer is required',
    'Facility is required',
    'Year is required',
    'Type is required',
  ]);

  await pick(page, 'Select Customer', 'Gulf Coast Refining', CUSTOMER);
  await expect(facility).toBeEnabled();
  await expect(page.getByText('Customer is required')).toHaveCount(0);
  await pick(page, 'Facility Name', 'Lake Charles', 'Lake Charles Terminal');
  await expect(year.getByRole('option')).toHaveText(['No years available']);
  await expect(year).toBeDisabled();

  await pick(page, 'Facility Name', 'Pasadena', 'Pasadena Refinery');
  await expect(year).toBeEnabled();
  await expect(year.getByRole('option', { name: String(LAST_YEAR) })).toBeAttached();
  await expect(year.getByRole('option', { name: String(LAST_YEAR - 1) })).toBeAttached();
  await year.selectOption(String(LAST_YEAR));

  // A new customer clears the facility and the year.
  await pick(page, 'Select Customer', 'Sierra', 'Sierra Semiconductor Inc.');
  await expect(facility).toHaveText('Select a facility');
  await expect(year).toHaveValue('');
  await expect(year).toBeDisabled();
});
