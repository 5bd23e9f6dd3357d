import type { Page } from '@playwright/test';
import { adminApi, createInventory, customerWithFacilities, uniqueStamp } from './api.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 21 point 9: a component typed as an SDS range on the product form reaches each report at
 * the point its rule asks. The product: a liquid of 8 lb/gal, toluene 30–60% (toluene is on the
 * shipped 313 list); its line: 55 gal × 100 drums = 5,500 gal × 8 = 44,000 lb.
 * - 313 otherwise used (GuideME Q174): the midpoint, 45% → 44,000 × 45% = 19,800.00 lb.
 * - Tier II, component option (rules §0.1, upper bound by default): 60% → 26,400.00 lb.
 */

const LAST_YEAR = new Date().getFullYear() - 1;

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('a component entered as 30–60%: the 313 preview takes 45%, the Tier II preview 60%', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Ranges', ['Ranges Plant']);
  const facility = customer.facilities[0]!;
  const product = `E2E Range Solvent ${uniqueStamp()}`;
  const created = await api.post('/products/create', {
    name: product,
    mfg_name: 'Lone Star Solvents',
    physical_state: 'liquid',
    pounds_per_gallon: '8',
    is_sara_f: 1,
    is_active: 1,
    encode: true,
  });

  // The component, typed on the product form as the SDS gives it.
  await page.goto(`/products/${created.resource.id}`);
  await page.getByRole('link', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Chemical Component' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Toluene');
  await dialog.getByLabel('CAS #').fill('108-88-3');
  await dialog.getByLabel('Percentage by Weight').fill('30-160%');
  await dialog.getByLabel('Percentage by Volume').focus();
  await expect(dialog.getByText('Percentage by weight must be between 0 and 100')).toBeVisible();
  await dialog.getByLabel('Percentage by Weight').fill('30–60%');
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(page.getByRole('status')).toContainText('Component Toluene created successfully.');
  const components = page.getByRole('table', { name: 'Chemical components' });
  await expect(components.getByRole('row', { name: /Toluene/ })).toContainText('30–60%');

  // A line of the product copies its components.
  const drum = await api.post('/containers/create', { name: `Drum ${uniqueStamp()}`, is_active: 1 });
  const gallon = await api.post('/container-units/create', {
    name: `Gallon ${uniqueStamp()}`,
    unit_type: 'gal',
    is_active: 1,
  });
  const inventoryId = await createInventory(api, customer.id, facility.id, LAST_YEAR);
  const line = await api.post(`/inventories/${inventoryId}/product/create`, {
    product_id: created.resource.id,
    container_id: drum.resource.id,
    container_unit_id: gallon.resource.id,
    container_size: '55',
    container_quantity: '100',
    location_stored: 'TANK FARM',
    is_otherwise_used: 1,
    encode: true,
  });

  // The line's component details show the range as the SDS gives it, not its upper bound alone.
  await page.goto(`/inventories/${inventoryId}/products/${line.resource.id}`);
  await page
    .getByRole('table', { name: 'Chemical components' })
    .getByRole('link', { name: /Toluene/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Chemical Component Details' });
  await expect(details.getByRole('definition').nth(2)).toHaveText('30–60%');

  await page.goto('/reports');
  await pick(page, 'Select Customer', customer.name, customer.name);
  await pick(page, 'Facility Name', facility.name, facility.name);
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option', { name: String(LAST_YEAR) })).toBeAttached();
  await year.selectOption(String(LAST_YEAR));
  const type = page.getByRole('combobox', { name: 'Report Type' });

  await type.selectOption({ label: 'EPCRA 313 threshold from R otherwise used' });
  const tri = page.getByRole('region', { name: /^EPCRA 313/ });
  // The header's percent basis (a sample-list line may come before it on a fresh install).
  await expect(tri.getByRole('definition').filter({ hasText: 'Midpoint of a known range' })).toHaveCount(1);
  await tri.getByRole('button', { name: 'Explain 108-88-3' }).click();
  const triLines = tri.getByRole('table', { name: 'Contributing lines of 108-88-3' });
  await expect(triLines.getByRole('row').nth(1)).toContainText('45%');
  await expect(triLines.getByRole('row').nth(1)).toContainText('SDS 30–60%: midpoint');
  await expect(triLines.getByRole('row').nth(1)).toContainText('19,800.00');

  await type.selectOption({ label: 'EPCRA 311/312 Tier I and II' });
  await page
    .getByRole('combobox', { name: 'Tier II Option' })
    .selectOption({ label: "Each mixture's hazardous components" });
  const tier2 = page.getByRole('region', { name: /^EPCRA 311\/312/ });
  await expect(tier2.getByLabel('Report settings')).toContainText('Upper bound of SDS percent ranges');
  await expect(tier2.getByLabel('Report settings')).toContainText("Each mixture's hazardous components");
  await tier2.getByRole('button', { name: 'Explain Toluene' }).click();
  const tier2Lines = tier2.getByRole('table', { name: 'Contributing lines of Toluene' });
  await expect(tier2Lines.getByRole('row').nth(1)).toContainText('60%');
  await expect(tier2Lines.getByRole('row').nth(1)).toContainText('SDS 30–60%: upper bound');
  await expect(tier2Lines.getByRole('row').nth(1)).toContainText('26,400.00');
});
