import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';

/**
 * Issue 23: the fire-code permit spreadsheet (`hmpp_excel`) generated from the Reports screen on the
 * demo data and read back. Pasadena Refinery's last year holds Propane HD-5 (class: flammable gas)
 * recorded in cubic feet: PROPANE TANK YARD 35,700 × 3 = 107,100 cu ft and FORKLIFT CAGE 33.5 × 8 =
 * 268 cu ft → 107,368 cu ft > 200 cu ft, a permit; unleaded gasoline (class IB) 3 tanks × 10,000
 * gal = 30,000 gal > 5 gal. Reports only read.
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
    `hazardous_material_permit_program_spreadsheet_Gulf_Coast_Refining_Co__${LAST_YEAR}.xlsx`,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(fs.readFileSync(await file.path())).buffer);
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
    'Report',
    'Pasadena Refinery',
    'Below threshold',
    'Products',
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
  expect(rows).toContainEqual(['Flammable gas', 107_368, 'cu ft', 200, 'Y']);
  expect(rows).toContainEqual(['Flammable liquid Class I (IA, IB, IC)', 30_000, 'gal', 5, 'Y']);
  // Numbers as plain cells: no number format on the figures (rules §10, hmpp_excel).
  expect(sheet.getRow(2).getCell(at('Total quantity')).numFmt).toBeUndefined();
  const products = book.getWorksheet('Products');
  const names: unknown[] = [];
  products?.eachRow((row) => {
    names.push(row.getCell(2).value);
  });
  expect(names).toContain('Propane, HD-5');
});
