import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';

/**
 * Issue 23: the fire-code permit spreadsheet (`hmpp_excel`) generated from the Reports screen on the
 * demo data and read back. Pasadena Refinery's last year holds Propane HD-5 (class chosen: flammable
 * gas; 99.5% propane, propylene and butane, so LP-gas: issue 31 point 4) recorded in cubic feet:
 * PROPANE TANK YARD 35,700 × 3 = 107,100 cu ft ÷ 8.5 = 12,600 lb and FORKLIFT CAGE 33.5 × 8 = 268 cu ft
 * ÷ 8.5 = 31.5294 lb, each ÷ (0.42 × 8.34) → 3,597.1223 + 9.0012 = 3,606.1235 gal water capacity > 0
 * (any amount), a permit; Class I (IA, IB, IC as one, issue 31 point 3): unleaded gasoline (IB) 3 tanks
 * × 10,000 gal = 30,000 gal + isopropyl alcohol 6 gal and methanol 110 gal (IA by flash point) = 30,116
 * gal > 5 gal. Reports only read.
 */

const LAST_YEAR = new Date().getFullYear() - 1;
test.describe.configure({ timeout: 150_000 });

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('the hazardous materials permit spreadsheet from the Reports screen, read back', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await pick(page, 'Select Customer', 'Gulf Coast Refining', 'Gulf Coast Refining Co.');
  await pick(page, 'Facility Name', 'Pasadena', 'Pasadena Refinery');
  await page.getByRole('combobox', { name: 'Year' }).selectOption(String(LAST_YEAR));
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'hazardous material permit program spreadsheet' });
  await expect(page.getByRole('combobox', { name: 'File Format' })).toHaveValue('xlsx');
  const preview = page.getByRole('region', { name: /^Hazardous Materials Permit/ });
  await expect(preview.getByRole('table', { name: 'Below threshold' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `hazardous_material_permit_program_spreadsheet_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.xlsx`,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(fs.readFileSync(await file.path())).buffer);
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
    'Report',
    'Pasadena Refinery',
    'Below threshold',
    'Products',
    // Issue 31 point 4: the lines with no class chosen or derived, by name.
    'Not counted',
    'Contributions',
    'Warnings',
  ]);
  const report = new Map<string, unknown>();
  book.getWorksheet('Report')?.eachRow((row) => {
    report.set(String(row.getCell(1).value), row.getCell(2).value);
  });
  expect(report.get('Facility')).toBe('Pasadena Refinery');
  expect(report.get('Hazardous materials permit required')).toBe('Yes');
  const sheet = book.getWorksheet('Pasadena Refinery');
  if (!sheet) throw new Error('no Pasadena Refinery sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const at = (label: string) => header.indexOf(label);
  const rows: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1 && row.getCell(at('Unit')).value !== null) {
      rows.push([
        row.getCell(at('Hazard class')).value,
        row.getCell(at('Total quantity')).value,
        row.getCell(at('Unit')).value,
        row.getCell(at('Permit amount')).value,
        row.getCell(at('Permit required')).value,
      ]);
    }
  });
  // Propane HD-5 is LP-gas (issue 31 point 4): its own row, gallons of water capacity, any amount.
  expect(rows).toContainEqual(['LP-gas', 3_606.1235, 'gal water capacity', 0, 'Y']);
  // Class I as one aggregate: gasoline 30,000 gal (IB) + isopropyl alcohol 6 gal and methanol 110 gal (IA).
  expect(rows).toContainEqual(['Flammable liquid Class I (IA, IB, IC)', 30_116, 'gal', 5, 'Y']);
  // Numbers as plain cells: no number format on the figures (rules §10, hmpp_excel).
  expect(sheet.getRow(2).getCell(at('Total quantity')).numFmt).toBeUndefined();
  const products = book.getWorksheet('Products');
  const names: unknown[] = [];
  products?.eachRow((row) => {
    names.push(row.getCell(2).value);
  });
  expect(names).toContain('Propane, HD-5');
});
