import type { Page } from '@playwright/test';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * Issue 37: the preview pages its tables. On the bench's report facility (Bench Chemicals Inc.,
 * Bench Plant, 2,000 lines in 2025: bench/data.ts, served by bench-server.ts), the Tier II
 * preview opens on its first 50 rows, pages to the last page, opens one row's explanation asked
 * of the server, and finds a chemical that is on no page shown yet with the report's search.
 */

test.use({ baseURL: E2E.benchURL });

/** Opens a paged picker, searches and picks the option. */
async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test("the bench facility's Tier II preview: the last page, a row's explanation, a chemical searched", async ({
  page,
}) => {
  await signIn(page, E2E.admin);
  await page.goto('/reports');
  await pick(page, 'Select Customer', 'Bench Chemicals', 'Bench Chemicals Inc.');
  await pick(page, 'Facility Name', 'Bench Plant', 'Bench Plant');
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2025');
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'EPCRA 311/312 Tier I and II' });

  const preview = page.getByRole('region', { name: /^EPCRA 311\/312 Tier I and Tier II/ });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  // The chemicals below the threshold: 500 of them, ten pages.
  const TITLE = 'Below threshold (not reported)';
  const group = preview.getByRole('region', { name: TITLE });
  const table = group.getByRole('table', { name: TITLE });
  const bodyRows = table.locator('tbody > tr');
  await expect(bodyRows).toHaveCount(50);
  const range = group.getByText(/^Rows 1–50 of [\d,]+; the PDF and Excel files hold every row\.$/);
  await expect(range).toBeVisible();
  const total = Number(
    (/of ([\d,]+);/.exec((await range.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''),
  );
  const lastPage = Math.ceil(total / 50);
  expect(lastPage).toBeGreaterThan(2);

  // The last page: its rows, and the range it shows.
  const pager = group.getByRole('navigation', { name: `Pages of ${TITLE}` });
  await pager.getByRole('button', { name: `Page ${lastPage}` }).click();
  await expect(pager.getByRole('button', { name: `Page ${lastPage}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The rows shown until the asked page comes are marked busy.
  const busy = group.locator('[aria-busy="true"]');
  await expect(busy).toHaveCount(0);
  const onLast = total - (lastPage - 1) * 50;
  await expect(bodyRows).toHaveCount(onLast);
  await expect(
    group.getByText(
      `Rows ${((lastPage - 1) * 50 + 1).toLocaleString('en-US')}–${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}; the PDF and Excel files hold every row.`,
    ),
  ).toBeVisible();

  // One row's explanation, asked when opened: the rule it met and its contributing lines.
  const explain = table.getByRole('button', { name: /^Explain / }).first();
  const name = ((await explain.getAttribute('aria-label')) ?? '').replace(/^Explain /, '');
  await explain.click();
  await expect(explain).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByText(/^Rule:/).first()).toBeVisible();
  await expect(table.getByRole('table', { name: `Contributing lines of ${name}` })).toBeVisible();

  // A chemical on the first page's neighbours, searched from the last page: found across pages.
  await page.getByRole('searchbox', { name: "Search this report's rows" }).fill(name);
  await expect(group.getByText(new RegExp(`of [\\d,]+ matching “${name}”`))).toBeVisible();
  await expect(busy).toHaveCount(0);
  const names = await table.locator('tbody > tr:not([id])').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const text of names) expect(text).toContain(name);
});
