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
  // Issue 36: the demo's walk-through changed counts and removed lines since the year before.
  const changes = preview.getByRole('region', { name: `Changes since ${LAST_YEAR - 1}` });
  await expect(changes.getByRole('heading', { level: 3 })).toHaveText(`Changes since ${LAST_YEAR - 1}`);
  await expect(changes.getByRole('heading', { level: 4 })).toHaveText([
    /^Added \(\d+\)$/,
    /^Removed \(\d+\)$/,
    /^Changed \(\d+\)$/,
  ]);
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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `inner` lies wholly inside `outer` from left to right. */
function isWithin(inner: Box, outer: Box) {
  return inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;
}

/**
 * The first row with an Explain button: its name, its verdict cell (the column named `verdict`)
 * and the button sit inside the table's scrolling frame and the window, before and after the
 * frame is scrolled to its right end; the page never scrolls sideways; a CAS number is one line.
 */
async function expectPinnedInView(page: Page, table: ReturnType<Page['getByRole']>, verdict: string) {
  const frame = table.locator('xpath=ancestor::div[@data-preview-scroll][1]');
  const headers = await table.locator('thead th').allTextContents();
  const verdictIndex = headers.findIndex((text) => text.toLowerCase() === verdict.toLowerCase());
  expect(verdictIndex, headers.join(' | ')).toBeGreaterThanOrEqual(0);
  const row = table
    .locator('tbody > tr')
    .filter({ has: page.getByRole('button', { name: /^Explain / }) })
    .first();
  const cells = row.locator('td');
  const nameCell = cells.first();
  const verdictCell = cells.nth(verdictIndex);
  const explain = row.getByRole('button', { name: /^Explain / });
  const boxes = async () => ({
    frame: await frame.boundingBox(),
    name: await nameCell.boundingBox(),
    verdict: await verdictCell.boundingBox(),
    explain: await explain.boundingBox(),
  });
  const check = async () => {
    const box = await boxes();
    if (!box.frame || !box.name || !box.verdict || !box.explain) throw new Error('not on screen');
    const window = { x: 0, y: 0, width: 1366, height: 768 };
    for (const part of [box.name, box.verdict, box.explain]) {
      expect(isWithin(part, box.frame), JSON.stringify(box)).toBe(true);
      expect(isWithin(part, window), JSON.stringify(box)).toBe(true);
    }
  };
  const pageOverflow = () =>
    page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await check();
  // The other figures scroll under the pinned columns, which stay.
  const scrolled = await frame.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
    return element.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  await check();
  // Explain opens the figure's lines and the row's name stays in view.
  await explain.click();
  await expect(explain).toHaveAttribute('aria-expanded', 'true');
  await check();
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  // A CAS number on one line: never broken at its hyphens.
  const cas = table
    .locator('tbody td')
    .filter({ hasText: /^\d{2,7}-\d{2}-\d$/ })
    .first();
  const casLayout = await cas.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return { whiteSpace: getComputedStyle(element).whiteSpace, lines: range.getClientRects().length };
  });
  expect(casLayout).toEqual({ whiteSpace: 'nowrap', lines: 1 });
}

// Issue 33 point 12: the Reports screen fits 1366×768.
test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the Tier II and 313 previews keep the name, the verdict and Explain in view', async ({
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
    const tier2 = page
      .getByRole('region', { name: /^EPCRA 311\/312 Tier I and Tier II/ })
      .getByRole('table', { name: 'Tier II chemicals' });
    await expect(tier2.locator('tr[data-reported="true"]').first()).toBeVisible();
    await expectPinnedInView(page, tier2, 'Reportable');

    await type.selectOption({ label: 'EPCRA 313 threshold from R otherwise used' });
    const tri = page
      .getByRole('region', { name: /^EPCRA 313/ })
      .getByRole('table')
      .first();
    await expect(tri.getByRole('button', { name: /^Explain / }).first()).toBeVisible();
    await expectPinnedInView(page, tri, 'Threshold exceeded');
  });
});
