import type { Page } from '@playwright/test';
import { adminApi, createInventory, customerWithFacilities, uniqueStamp } from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * Issue 33 point 1 (decision 029): a fresh install's reference lists are the seed's partial
 * samples. Staff opening a report see it in the preview's header and warnings; the admin's home
 * (Inventories) says which lists are still samples. The Tier II report relies on the EHS list only,
 * which no other spec replaces (database.spec's EHS upload is refused).
 */

const YEAR = new Date().getFullYear();
const EHS_SAMPLE = "EHS list: partial sample list, 3 rows: upload EPA's current list before filing";

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('the admin’s home names the sample lists', async ({ adminPage: page }) => {
  await page.goto('/inventories');
  const notice = page.getByTestId('sample-lists-notice');
  await expect(notice).toContainText('still a partial sample');
  await expect(notice).toContainText('EHS');
  await expect(notice.getByRole('link', { name: 'Open Database Entry' })).toHaveAttribute(
    'href',
    '/database',
  );
});

test('staff see the sample-list warning in a report preview', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Sample Lists', ['Sample Lists Plant']);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const inventory = await createInventory(api, customer.id, facility.id, YEAR);
  const product = await api.post('/products/create', {
    name: `Acid ${uniqueStamp()}`,
    mfg_name: 'Acme Chemicals',
    physical_state: 'solid',
    is_active: 1,
    encode: true,
  });
  await api.post(`/inventories/${inventory}/product/create`, {
    product_id: product.resource.id,
    container_size: 5,
    container_quantity: 2,
    location_stored: 'SHED',
    encode: true,
  });

  await signIn(page, E2E.staff);
  // Staff have no Database Entry: their home carries no sample-list line, their reports do.
  await page.goto('/inventories');
  await expect(page.getByLabel('Search Inventories')).toBeVisible();
  await expect(page.getByTestId('sample-lists-notice')).toHaveCount(0);
  await page.goto('/reports');
  await pick(page, 'Select Customer', customer.name, customer.name);
  await pick(page, 'Facility Name', facility.name, facility.name);
  await page.getByRole('combobox', { name: 'Year' }).selectOption(String(YEAR));
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'EPCRA 311/312 Tier I and II' });
  const preview = page.getByRole('region', { name: /^EPCRA 311\/312 Tier I and Tier II/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('definition').filter({ hasText: 'partial sample list' })).toHaveText(
    EHS_SAMPLE,
  );
  const warnings = preview.getByRole('list', { name: 'Warnings' });
  await expect(warnings.getByRole('listitem').filter({ hasText: EHS_SAMPLE })).toHaveCount(1);
});
