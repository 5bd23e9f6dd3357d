import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expect, test } from './fixtures.ts';

/**
 * Issue 23: the CAA 112(r) RMP and OSHA PSM reports generated from the Reports screen on the demo
 * data. Pasadena Refinery's last year holds three bulk propane tanks at PROPANE TANK YARD:
 * 107,100 ft³ ÷ 8.5 ft³/lb = 12,600 lb of HD-5 (95% propane, NFPA 2-4-0), a covered RMP process
 * (12,600 > TQ 10,000) and a covered PSM flammable location (12,600 ≥ 10,000). Reports only read.
 */

const LAST_YEAR = new Date().getFullYear() - 1;

// Each test renders a preview and one or two report files of the whole facility-year.
test.describe.configure({ timeout: 150_000 });
const CUSTOMER = 'Gulf Coast Refining Co.';

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function chooseFacilityYear(page: Page) {
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await pick(page, 'Select Customer', 'Gulf Coast Refining', CUSTOMER);
  await pick(page, 'Facility Name', 'Pasadena', 'Pasadena Refinery');
  await page.getByRole('combobox', { name: 'Year' }).selectOption(String(LAST_YEAR));
}

/** Saves the download the click starts: its name and bytes. */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

test('the RMP report: preview of the covered propane yard and "Below threshold", then the PDF and the Excel file', async ({
  adminPage: page,
}) => {
  await chooseFacilityYear(page);
  const type = page.getByRole('combobox', { name: 'Report Type' });
  await expect(
    type.getByRole('option', { name: 'CAA 112 risk management report', exact: true }),
  ).toBeAttached();
  await type.selectOption({ label: 'CAA 112 risk management report' });

  const preview = page.getByRole('region', { name: /^CAA 112\(r\) Risk Management Program/ });
  await expect(preview).toBeVisible();
  const covered = preview.getByRole('table', { name: 'Covered processes (CAA 112(r))' });
  // HD-5 holds propane 95%, propylene 3% and butane 1.5%: each listed flammable's row counts the
  // NFPA 4 mixture whole; the propane row is the one checked here.
  const propane = covered
    .locator('tr[data-reported="true"]', { hasText: 'PROPANE TANK YARD' })
    .filter({ has: page.getByRole('cell', { name: 'Propane', exact: true }) });
  await expect(propane).toHaveCount(1);
  await expect(propane).toContainText('74-98-6');
  await expect(propane).toContainText('12,600.00');
  await expect(preview.getByRole('table', { name: 'Below threshold' })).toBeVisible();

  const pdf = await downloadFrom(page, () => page.getByRole('button', { name: 'Create Report' }).click());
  expect(pdf.name).toBe(
    `CAA_112_risk_management_report_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.pdf`,
  );
  const text = await pdfText(pdf.bytes);
  expect(text).toContain('Pasadena Refinery');
  expect(text).toContain('Covered processes (CAA 112(r))');
  expect(text).toContain('12,600.00 lb > TQ 10,000 lb');
  expect(text.indexOf('Below threshold')).toBeGreaterThan(text.indexOf('Covered processes (CAA 112(r))'));

  await page.getByRole('combobox', { name: 'File Format' }).selectOption({ label: 'Excel (XLSX)' });
  const xlsx = await downloadFrom(page, () => page.getByRole('button', { name: 'Create Report' }).click());
  expect(xlsx.name).toBe(
    `CAA_112_risk_management_report_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.xlsx`,
  );
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the PSM report: preview of the flammable screen, then the PDF', async ({ adminPage: page }) => {
  await chooseFacilityYear(page);
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'CAA 304 process safety management report' });
  const preview = page.getByRole('region', { name: /^OSHA Process Safety Management/ });
  await expect(preview).toBeVisible();
  const covered = preview.getByRole('table', { name: 'Covered processes (OSHA PSM)' });
  await expect(
    covered.locator('tr[data-reported="true"]', { hasText: 'PROPANE TANK YARD' }).first(),
  ).toContainText('12,600.00');
  await expect(preview.getByRole('table', { name: 'Below threshold' })).toBeVisible();

  const pdf = await downloadFrom(page, () => page.getByRole('button', { name: 'Create Report' }).click());
  expect(pdf.name).toBe(
    `CAA_304_process_safety_management_report_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.pdf`,
  );
  const text = await pdfText(pdf.bytes);
  expect(text).toContain('Covered processes (OSHA PSM)');
  expect(text).toContain('12,600.00 lb ≥ TQ 10,000 lb');
  expect(text).toContain('(a)(1)(ii) Flammable 10,000 lb');
});
