import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  type Api,
  adminApi,
  createInventory,
  customerWithFacilities,
  minimalPdf,
  uniqueStamp,
} from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * The products of an inventory (spec 02 §2, §4, §6, §8, §9). Each test makes its own customer,
 * facility, inventory, container, units and products through the API.
 */

const THIS_YEAR = new Date().getFullYear();

interface Fixture {
  inventoryId: number;
  title: string;
  product: string;
  container: string;
  gallonUnit: string;
  poundUnit: string;
}

/** An inventory of its own, a container, a gallon and a pound unit, and a liquid with an SDS. */
async function lineFixture(
  api: Api,
  label: string,
  year = THIS_YEAR,
): Promise<Fixture & { customerId: number; facilityId: number }> {
  const customer = await customerWithFacilities(api, label, [`${label} Plant`]);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const inventoryId = await createInventory(api, customer.id, facility.id, year);
  const stamp = uniqueStamp();
  const container = `Drum ${stamp}`;
  await api.post('/containers/create', { name: container, is_active: 1, encode: true });
  await api.post('/container-units/create', {
    name: `Gal ${stamp}`,
    unit_type: 'gal',
    is_active: 1,
    encode: true,
  });
  await api.post('/container-units/create', {
    name: `Lb ${stamp}`,
    unit_type: 'lb',
    is_active: 1,
    encode: true,
  });
  const { file } = await api.upload({
    name: 'solvent-sds.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf(),
  });
  const product = `Solvent ${stamp}`;
  await api.post('/products/create', {
    name: product,
    mfg_name: 'Solvents Inc',
    mfg_product_number: 'SV-1',
    physical_state: 'liquid',
    specific_gravity: '0.96',
    pounds_per_gallon: '8',
    is_sara_f: 1,
    sds: file,
    is_active: 1,
    encode: true,
  });
  return {
    customerId: customer.id,
    facilityId: facility.id,
    inventoryId,
    title: `${customer.name} / ${facility.name} / ${year}`,
    product,
    container,
    gallonUnit: `Gal ${stamp} (gal)`,
    poundUnit: `Lb ${stamp} (lb)`,
  };
}

/** Opens a paged picker, searches and picks the option. */
async function pick(page: Page, combobox: string, search: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function fillLine(page: Page, f: Fixture, size: string, quantity: string) {
  await pick(page, 'Product Name', f.product, new RegExp(`^${f.product}`));
  await expect(page.getByLabel('Manufacturer Name')).toHaveValue('Solvents Inc');
  await pick(page, 'Container', f.container, f.container);
  await pick(page, 'Unit', f.gallonUnit, f.gallonUnit);
  await page.getByLabel('Size').fill(size);
  await page.getByLabel('Quantity').fill(quantity);
}

interface ListAnswer {
  resource: {
    items: {
      id: number;
      name: string;
      container_quantity: number;
      max_gallons: number;
      max_pounds: number;
    }[];
    products_inventoried: number;
    products_with_sds: number;
  };
}

test('a catalog product locks its data, the figures follow the typing, and the same combination aggregates into one line', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const f = await lineFixture(api, 'Lines');
  await page.goto(`/inventories/${f.inventoryId}/products`);
  await expect(page.getByRole('heading', { name: f.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/inventories');
  await expect(page.getByPlaceholder('Search Inventory by product or manufacturer')).toBeVisible();
  await expect(page.getByText('No results.')).toBeVisible();
  const stats = page.getByRole('definition');
  // products inventoried, products with sds, label photo only (issue 33 point 9).
  await expect(stats).toHaveText(['0', '0', '0']);

  await page.getByRole('link', { name: '+ Add New Product' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${f.inventoryId}/products/create$`));
  // SARA and SPCC wait for a product.
  await expect(page.getByRole('checkbox', { name: 'SARA F' })).toBeDisabled();
  await pick(page, 'Product Name', f.product, new RegExp(`^${f.product}`));
  // The catalog's data, filled and locked.
  for (const [label, value] of [
    ['Manufacturer Name', 'Solvents Inc'],
    ['Manufacturer Product Number', 'SV-1'],
    ['Pounds per Gallon', '8'],
  ] as const) {
    await expect(page.getByLabel(label)).toHaveValue(value);
    await expect(page.getByLabel(label)).toBeDisabled();
  }
  await expect(page.getByLabel('Physical State')).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'SARA F' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SARA F' })).toBeDisabled();

  await pick(page, 'Container', f.container, f.container);
  await pick(page, 'Unit', f.gallonUnit, f.gallonUnit);
  await expect(page.getByLabel('Max Gallons')).toHaveValue('N/A');
  await page.getByLabel('Size').fill('55');
  await page.getByLabel('Quantity').fill('2');
  await expect(page.getByLabel('Max Gallons')).toHaveValue('110');
  await expect(page.getByLabel('Max Pounds')).toHaveValue('880');
  await page.getByLabel('Quantity').fill('3');
  await expect(page.getByLabel('Max Gallons')).toHaveValue('165');
  await expect(page.getByLabel('Max Pounds')).toHaveValue('1320');
  await page.getByLabel('Location').pressSequentially('shed a');
  await expect(page.getByLabel('Location')).toHaveValue('SHED A');
  await page.getByRole('button', { name: 'Create Product' }).click();

  await expect(page).toHaveURL(new RegExp(`/inventories/${f.inventoryId}/products$`));
  const table = page.getByRole('table', { name: 'Inventory products' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('SHED A');
  await expect(stats).toHaveText(['1', '1', '0']);

  // The same product, container, unit and size again: the form asks, and Proceed adds it up.
  await page.getByRole('link', { name: '+ Add New Product' }).click();
  await fillLine(page, f, '55', '2');
  await page.getByRole('button', { name: 'Create Product' }).click();
  const question = page.getByRole('alertdialog', { name: 'Product Already in This Inventory' });
  await expect(question).toContainText(
    `${f.product} is already recorded in this container, unit and size. Proceed to add the quantities together.`,
  );
  await expect(question).toContainText('That line holds 3 at SHED A.');
  await question.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${f.inventoryId}/products$`));
  await expect(table.getByRole('row')).toHaveCount(2);
  const list = await api.get<ListAnswer>(`/inventories/${f.inventoryId}/products`);
  expect(list.resource.items).toHaveLength(1);
  expect(list.resource.items[0]).toMatchObject({ container_quantity: 5, max_gallons: 275, max_pounds: 2200 });
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('5');

  // Unlink, after the spec's question.
  await table.getByRole('button', { name: `Delete ${f.product}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Product from Inventory' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete this product ${f.product} from this inventory? This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No results.')).toBeVisible();
  await expect(stats).toHaveText(['0', '0', '0']);
});

test('a number typed wrong is refused under its field and nothing is saved (issue 22)', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const f = await lineFixture(api, 'Typed Wrong');
  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() !== 'GET') writes.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
  });
  await page.goto(`/inventories/${f.inventoryId}/products/create`);
  await fillLine(page, f, '-55', '2');
  await expect(page.getByText('Container Size must be 0 or more.')).toBeVisible();
  // The form cannot be saved while a field is refused.
  await expect(page.getByRole('button', { name: 'Create Product' })).toBeDisabled();
  await page.getByLabel('Size').press('Enter');
  // Not bent into 55 gal: the text stays as typed, the form stays open, nothing was sent.
  await expect(page.getByLabel('Size')).toHaveValue('-55');
  await expect(page).toHaveURL(new RegExp(`/inventories/${f.inventoryId}/products/create$`));
  expect(writes.filter((write) => write.includes('/product'))).toEqual([]);
  const list = await api.get<ListAnswer>(`/inventories/${f.inventoryId}/products`);
  expect(list.resource.items).toEqual([]);
});

test('a new name adds the product to the catalog, and an open question is resolved', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const f = await lineFixture(api, 'Question');
  const name = `Degreaser ${uniqueStamp()}`;
  await page.goto(`/inventories/${f.inventoryId}/products/create`);
  await page.getByRole('combobox', { name: 'Product Name' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('No products match your search criteria.')).toBeVisible();
  await page.getByRole('button', { name: `Add "${name}" as a new product` }).click();
  await expect(page.getByRole('combobox', { name: 'Product Name' })).toContainText(`${name} · new product`);
  await expect(page.getByLabel('Manufacturer Name')).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'SARA F' })).toBeEnabled();
  await page.getByLabel('Manufacturer Name').fill('Acme Chemicals');
  await page.getByLabel('Physical State').selectOption('solid');
  await page.getByRole('checkbox', { name: 'SARA C' }).check();
  await pick(page, 'Container', f.container, f.container);
  await pick(page, 'Unit', f.poundUnit, f.poundUnit);
  await page.getByLabel('Size').fill('50');
  await page.getByLabel('Quantity').fill('4');
  await expect(page.getByLabel('Max Pounds')).toHaveValue('200');
  await expect(page.getByLabel('Max Gallons')).toHaveValue('N/A');
  await page.getByLabel('Notes').fill('Is the back-room drum still in use?');
  await page.getByRole('button', { name: 'Create Product' }).click();

  const table = page.getByRole('table', { name: 'Inventory products' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Open question');
  const catalog = await api.get<{ resource: { items: { name: string; mfg_name: string }[] } }>(
    `/products/list?search=${encodeURIComponent(name)}`,
  );
  expect(catalog.resource.items).toEqual([expect.objectContaining({ name, mfg_name: 'Acme Chemicals' })]);

  await page.getByLabel('Show').selectOption('question');
  await expect(page).toHaveURL(/worklist=question/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Notes')).toBeEnabled();
  await page.getByRole('button', { name: 'Resolve Question' }).click();
  await expect(page.getByRole('status')).toContainText('Question resolved');
  await expect(page.getByRole('button', { name: 'Resolve Question' })).toBeDisabled();
  await expect(page.getByLabel('Notes')).toBeDisabled();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('No results.')).toBeVisible();

  // The same name and manufacturer typed again as new: the server's answer shows under the name.
  await page.goto(`/inventories/${f.inventoryId}/products/create`);
  await page.getByRole('combobox', { name: 'Product Name' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(name.toUpperCase());
  await page.getByRole('button', { name: `Add "${name.toUpperCase()}" as a new product` }).click();
  await page.getByLabel('Manufacturer Name').fill('ACME CHEMICALS');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.locator('#ip-name-error')).toHaveText(
    `${name} by Acme Chemicals is already in the product catalogue: choose it from the list.`,
  );
  await expect(page).toHaveURL(/\/products\/create$/);
});

test('last year’s lines are this year’s worklist, and saving one as it is checks it', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const f = await lineFixture(api, 'Worklist', THIS_YEAR - 1);
  const products = await api.get<{ resource: { items: { id: number }[] } }>(
    `/products/list?search=${encodeURIComponent(f.product)}`,
  );
  // Two sizes: one combination of product, container, unit and size is one line.
  for (const [size, location] of [
    [1, 'NORTH SHED'],
    [5, 'SOUTH SHED'],
  ] as const)
    await api.post(`/inventories/${f.inventoryId}/product/create`, {
      product_id: products.resource.items[0]?.id,
      container_size: size,
      container_quantity: 2,
      location_stored: location,
      encode: true,
    });
  // This year's walk-through starts from last year's lines.
  const thisYear = await api.post('/inventories/create', {
    year: THIS_YEAR,
    customer_id: f.customerId,
    facility_id: f.facilityId,
    inventory_ids: [f.inventoryId],
    is_active: 1,
    encode: true,
  });

  await page.goto(`/inventories/${thisYear.resource.id}/products`);
  const table = page.getByRole('table', { name: 'Inventory products' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Show').selectOption('unchecked');
  await expect(page).toHaveURL(/worklist=unchecked/);
  await expect(table.getByRole('row')).toHaveCount(3);
  const north = table.getByRole('row', { name: /NORTH SHED/ });
  await expect(north).toContainText('Not yet checked');
  // Nothing changed on site: the technician saves the line as it is.
  await north.getByRole('link', { name: `Edit ${f.product}` }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/worklist=unchecked/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('SOUTH SHED');
  await page.getByLabel('Show').selectOption('all');
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('Print All SDS downloads one PDF of the inventory’s SDS files', async ({ adminPage: page, request }) => {
  const api = await adminApi(request);
  const f = await lineFixture(api, 'Print');
  const list = await api.get<{ resource: { items: { id: number; name: string }[] } }>(
    `/products/list?search=${encodeURIComponent(f.product)}`,
  );
  const productId = list.resource.items[0]?.id;
  const gallon = await api.get<{ resource: { items: { id: number; name: string }[] } }>(
    `/container-units/list?search=${encodeURIComponent(f.gallonUnit.replace(' (gal)', ''))}`,
  );
  await api.post(`/inventories/${f.inventoryId}/product/create`, {
    product_id: productId,
    container_unit_id: gallon.resource.items[0]?.id,
    container_size: 5,
    container_quantity: 1,
    encode: true,
  });

  await page.goto(`/inventories/${f.inventoryId}/products`);
  const button = page.getByRole('button', { name: 'Print All SDS' });
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await file.path();
  expect(fs.readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Print All SDS' })).toBeEnabled();
});

test('staff find the lines of a completed inventory read-only', async ({ page, request }) => {
  const api = await adminApi(request);
  const f = await lineFixture(api, 'Closed');
  const products = await api.get<{ resource: { items: { id: number }[] } }>(
    `/products/list?search=${encodeURIComponent(f.product)}`,
  );
  await api.post(`/inventories/${f.inventoryId}/product/create`, {
    product_id: products.resource.items[0]?.id,
    container_size: 1,
    container_quantity: 1,
    location_stored: 'Office',
    encode: true,
  });
  const inventory = await api.get<{ resource: { year: number; customer_id: number; facility_id: number } }>(
    `/inventories/${f.inventoryId}/get`,
  );
  await api.patch(`/inventories/${f.inventoryId}/update`, {
    year: inventory.resource.year,
    customer_id: inventory.resource.customer_id,
    facility_id: inventory.resource.facility_id,
    is_completed: true,
    encode: true,
  });

  await signIn(page, E2E.staff);
  await page.goto(`/inventories/${f.inventoryId}/products`);
  const table = page.getByRole('table', { name: 'Inventory products' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: '+ Add New Product' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await table.getByRole('link', { name: `View ${f.product}` }).click();
  await expect(
    page.getByText('This inventory is completed or archived: only an admin can add or change its products.'),
  ).toBeVisible();
  for (const label of ['Size', 'Quantity', 'Location', 'Notes'])
    await expect(page.getByLabel(label)).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Product Name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Save Changes|Create Product/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back', exact: true }).last()).toBeVisible();

  // The create address itself is no way round it.
  await page.goto(`/inventories/${f.inventoryId}/products/create`);
  await expect(page.getByRole('combobox', { name: 'Product Name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Product' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a technician adds a line at 390×844 with the menu closed and no sideways scrolling', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const f = await lineFixture(api, 'Phone');
    await signIn(page, E2E.admin);
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeHidden();
    await page.goto(`/inventories/${f.inventoryId}/products`);
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeHidden();
    await page.getByRole('link', { name: '+ Add New Product' }).tap();

    await page.getByRole('combobox', { name: 'Product Name' }).tap();
    await page.getByRole('textbox', { name: 'Search' }).fill(f.product);
    await page.getByRole('option', { name: new RegExp(`^${f.product}`) }).tap();
    await expect(page.getByLabel('Manufacturer Name')).toHaveValue('Solvents Inc');
    for (const [combobox, option] of [
      ['Container', f.container],
      ['Unit', f.gallonUnit],
    ] as const) {
      await page.getByRole('combobox', { name: combobox }).tap();
      await page.getByRole('textbox', { name: 'Search' }).fill(option);
      const choice = page.getByRole('option', { name: option });
      // A finger needs room: the options are at least 40 px tall.
      expect((await choice.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);
      await choice.tap();
    }
    await page.getByLabel('Size').fill('5');
    await page.getByLabel('Quantity').fill('4');
    await expect(page.getByLabel('Max Gallons')).toHaveValue('20');
    await expect(page.getByLabel('Max Pounds')).toHaveValue('160');

    const widths = await page.evaluate(() => {
      const form = document.querySelector('form');
      return {
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        form: form ? form.scrollWidth - form.clientWidth : -1,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.form).toBe(0);

    await page.getByRole('button', { name: 'Create Product' }).tap();
    await expect(page).toHaveURL(new RegExp(`/inventories/${f.inventoryId}/products$`));
    await expect(page.getByRole('table', { name: 'Inventory products' }).getByRole('row')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
