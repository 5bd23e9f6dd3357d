import type { Page } from '@playwright/test';
import { adminApi, createInventory, customerWithFacilities, uniqueStamp } from './api.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 22 §5: a report on a year copied from last year says how many lines no one has checked
 * and how many questions are open, and each count opens the inventory's lines filtered to them.
 * The spec makes its own customer: last year's three lines copied into this year, one of them
 * then saved with a question (which checks it).
 */

const THIS_YEAR = new Date().getFullYear();
const LAST_YEAR = THIS_YEAR - 1;

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('a report on a copied year counts the unchecked lines and the open question, each linked to its lines', async ({
  adminPage: page,
  request,
}) => {
  // Records made through the API, a report and a list: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Unverified', ['Unverified Plant']);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const earlier = await createInventory(api, customer.id, facility.id, LAST_YEAR);
  const stamp = uniqueStamp();
  const names = ['Acetone', 'Bleach', 'Caustic'].map((name) => `${name} ${stamp}`);
  for (const name of names) {
    const product = await api.post('/products/create', {
      name,
      mfg_name: 'Acme Chemicals',
      physical_state: 'solid',
      is_active: 1,
      encode: true,
    });
    await api.post(`/inventories/${earlier}/product/create`, {
      product_id: product.resource.id,
      container_size: 5,
      container_quantity: 2,
      location_stored: 'SHED',
      encode: true,
    });
  }
  const copy = await api.post('/inventories/create', {
    year: THIS_YEAR,
    customer_id: customer.id,
    facility_id: facility.id,
    inventory_ids: [earlier],
    is_active: 1,
    encode: true,
  });
  const copyId = copy.resource.id;
  const lines = await api.get<{ resource: { items: { id: number; name: string; product_id: number }[] } }>(
    `/inventories/${copyId}/products`,
  );
  const asked = lines.resource.items.find((line) => line.name === names[2]);
  if (!asked) throw new Error('the copied line is missing');
  await api.patch(`/inventories/${copyId}/product/${asked.id}/update`, {
    product_id: asked.product_id,
    container_size: 5,
    container_quantity: 2,
    location_stored: 'SHED',
    notes: 'Is the second bag opened?',
    encode: true,
  });

  await page.goto('/reports');
  await pick(page, 'Select Customer', customer.name, customer.name);
  await pick(page, 'Facility Name', facility.name, facility.name);
  await page.getByRole('combobox', { name: 'Year' }).selectOption(String(THIS_YEAR));
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'EPCRA 311/312 Tier I and II' });

  const preview = page.getByRole('region', { name: /^EPCRA 311\/312 Tier I and Tier II/ });
  await expect(preview).toBeVisible();
  const settings = preview.getByRole('definition').filter({ hasText: 'not yet checked' });
  await expect(settings).toHaveText(
    `2 lines carried over from ${LAST_YEAR} not yet checked; 1 open question`,
  );
  const warnings = preview.getByRole('list', { name: 'Warnings' });
  await expect(warnings.getByRole('listitem').first()).toContainText(
    `2 lines carried over from ${LAST_YEAR} not yet checked (copied figures, not yet confirmed this year): ${names[0]} at SHED`,
  );
  await expect(warnings.getByRole('listitem').nth(1)).toContainText(`1 open question`);
  const shows = warnings.getByRole('link', { name: 'Show these lines' });
  await expect(shows).toHaveCount(2);
  await expect(shows.first()).toHaveAttribute('href', `/inventories/${copyId}/products?worklist=unchecked`);
  const questionHref = `/inventories/${copyId}/products?worklist=question`;
  await expect(shows.nth(1)).toHaveAttribute('href', questionHref);
  await expect(settings.getByRole('link', { name: '1 open question' })).toHaveAttribute('href', questionHref);

  // The count opens this year's lines, filtered to the ones not yet checked.
  await settings
    .getByRole('link', { name: `2 lines carried over from ${LAST_YEAR} not yet checked` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${copyId}/products\\?worklist=unchecked$`));
  await expect(page.getByLabel('Show')).toHaveValue('unchecked');
  const table = page.getByRole('table', { name: 'Inventory products' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(names[0] ?? '');
  await expect(table).toContainText(names[1] ?? '');
  await expect(table).not.toContainText(names[2] ?? '');
});
