import type { Page } from '@playwright/test';
import { adminApi, createInventory, customerWithFacilities } from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * Inventories (spec 02 §2, §4, §5 and §6). Each test makes its own customer and facilities
 * through the API, so it neither depends on nor disturbs the demo data the other specs read.
 */

const THIS_YEAR = new Date().getFullYear();

/** Opens a paged picker of the dialog, searches and picks the option. */
async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('an admin creates this year’s inventory from last year’s and finds it in the list', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Copy', ['Copy Plant']);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const lastYearId = await createInventory(api, customer.id, facility.id, THIS_YEAR - 1);
  await createInventory(api, customer.id, facility.id, THIS_YEAR - 2);

  await page.getByRole('link', { name: 'Inventories' }).click();
  await expect(page.getByRole('heading', { name: 'Inventories List' })).toBeVisible();
  await expect(
    page.getByPlaceholder('search inventories by customer, facility, technician or year'),
  ).toBeVisible();
  await page.getByRole('link', { name: '+ Add New Inventory', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Inventory' });
  await expect(dialog.getByLabel('Year')).toContainText(String(2015));

  // Nothing chosen: the spec's three messages.
  await dialog.getByLabel('Year').focus();
  await dialog.getByLabel('Year').selectOption(String(THIS_YEAR));
  await dialog.getByLabel('Year').selectOption('');
  await page.keyboard.press('Tab');
  await expect(dialog.getByText('Year is required.')).toBeVisible();

  await dialog.getByLabel('Year').selectOption(String(THIS_YEAR));
  await pick(page, 'Customer', customer.name, customer.name);
  await pick(page, 'Facility', facility.name, facility.name);
  await pick(page, 'Technicians', 'Maria', 'Maria Lopez');
  await expect(dialog.getByRole('list', { name: 'Selected technicians' })).toContainText('Maria Lopez');

  // The facility's earlier years are offered; last year's is copied.
  const copyFrom = dialog.getByRole('group', { name: 'Copy Products From' });
  await expect(copyFrom.getByRole('checkbox')).toHaveCount(2);
  await copyFrom.getByLabel(String(THIS_YEAR - 1)).check();
  const created = page.waitForRequest('**/inventories/create');
  await dialog.getByRole('button', { name: 'Create Inventory' }).click();
  expect((await created).postDataJSON()).toMatchObject({
    year: THIS_YEAR,
    customer_id: customer.id,
    facility_id: facility.id,
    inventory_ids: [lastYearId],
    is_active: 1,
    encode: true,
  });
  await expect(page.getByRole('status')).toContainText(
    `Inventory ${THIS_YEAR} of ${facility.name} created successfully.`,
  );
  await expect(dialog).toBeHidden();

  await page
    .getByPlaceholder('search inventories by customer, facility, technician or year')
    .fill(facility.name);
  const table = page.getByRole('table', { name: 'Inventories' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const row = table
    .getByRole('row')
    .filter({ hasText: String(THIS_YEAR) })
    .filter({ hasText: 'Maria Lopez' });
  await expect(row).toContainText(customer.name);
  await expect(
    row.getByRole('link', { name: `View products of ${THIS_YEAR} of ${facility.name}` }),
  ).toHaveAttribute('href', /\/inventories\/\d+\/products$/);

  // The new inventory names the one it was copied from (the server copied its lines with it).
  const list = await api.get<{ resource: { items: { id: number; year: number }[] } }>(
    `/inventories/list?status=all&search=${encodeURIComponent(facility.name)}`,
  );
  const newId = list.resource.items.find((item) => item.year === THIS_YEAR)?.id;
  const detail = await api.get<{ resource: { duplicates: { id: number }[] } }>(`/inventories/${newId}/get`);
  expect(detail.resource.duplicates.map((duplicate) => duplicate.id)).toEqual([lastYearId]);

  // Its details show where it came from, and a year before its source is refused there.
  await row.getByRole('link', { name: `Edit ${THIS_YEAR} of ${facility.name}` }).click();
  const details = page.getByRole('dialog', { name: 'Inventory Details' });
  await expect(details.getByText(`Copied products from: ${THIS_YEAR - 1}`)).toBeVisible();
  await expect(details.getByRole('combobox', { name: 'Facility' })).toContainText(facility.name);
  await details.getByLabel('Year').selectOption(String(THIS_YEAR - 1));
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    details.getByText('Each inventory to copy must be an earlier inventory of the same facility.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('alertdialog', { name: 'Unsaved Changes!' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(details).toBeHidden();

  // A second inventory of the facility for a year it has: the server's 409 under Year.
  await page.getByRole('link', { name: '+ Add New Inventory', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Create New Inventory' });
  await again.getByLabel('Year').selectOption(String(THIS_YEAR - 2));
  await pick(page, 'Customer', customer.name, customer.name);
  await pick(page, 'Facility', facility.name, facility.name);
  await expect(again.getByText('No earlier inventories of this facility.')).toBeVisible();
  await again.getByRole('button', { name: 'Create Inventory' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    `An inventory of ${facility.name} for ${THIS_YEAR - 2} already exists.`,
  );
  await expect(again).toBeVisible();
});

test('the facility picker waits for a customer and is cleared when the customer changes', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const first = await customerWithFacilities(api, 'First', ['First Plant']);
  const second = await customerWithFacilities(api, 'Second', ['Second Plant']);

  await page.goto('/inventories/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Inventory' });
  const facility = dialog.getByRole('combobox', { name: 'Facility' });
  await expect(facility).toBeDisabled();
  await expect(dialog.getByText('Choose a customer first.')).toBeVisible();

  await pick(page, 'Customer', first.name, first.name);
  await expect(facility).toBeEnabled();
  await pick(page, 'Facility', 'Plant', first.facilities[0]?.name ?? '');
  await expect(facility).toContainText(first.facilities[0]?.name ?? '');

  await pick(page, 'Customer', second.name, second.name);
  await expect(facility).toHaveText('Select a facility');
  // Only the new customer's facilities are offered.
  await facility.click();
  await page.getByRole('textbox', { name: 'Search' }).fill('Plant');
  await expect(page.getByRole('listbox', { name: 'Options' }).getByRole('option')).toHaveText([
    second.facilities[0]?.name ?? '',
  ]);
  await page.keyboard.press('Escape');

  await dialog.getByRole('button', { name: 'Create Inventory' }).click();
  await expect(dialog.getByText('Year is required.')).toBeVisible();
  await expect(dialog.getByText('Facility is required.')).toBeVisible();
});

test('an admin archives and unarchives an inventory after confirming', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Archive', ['Archive Plant']);
  const facility = customer.facilities[0];
  if (!facility) throw new Error('no facility');
  await createInventory(api, customer.id, facility.id, THIS_YEAR - 1);
  const name = `${THIS_YEAR - 1} of ${facility.name}`;

  await page.goto(`/inventories?search=${encodeURIComponent(facility.name)}`);
  const table = page.getByRole('table', { name: 'Inventories' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Archive Inventory?' });
  await expect(confirm).toContainText(`Are you sure you want to archive ${name}?`);
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status')).toContainText(`Inventory ${name} archived successfully.`);
  // All shows the archived row, grey; Active no longer does; Archived does.
  await expect(table.locator('tr[data-archived="true"]')).toContainText(facility.name);
  await page.getByLabel('Status').selectOption('Active');
  await expect(page).toHaveURL(/status=active/);
  await expect(table).toContainText('No results.');
  await page.getByLabel('Status').selectOption('Archived');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(table).toContainText(facility.name);

  await table.getByRole('button', { name: `Unarchive ${name}` }).click();
  const undo = page.getByRole('alertdialog', { name: 'Unarchive Inventory?' });
  await undo.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByRole('status')).toContainText(`Inventory ${name} unarchived successfully.`);
  await expect(table).toContainText('No results.');
  await page.getByLabel('Status').selectOption('All');
  await expect(table.locator('tr[data-archived="true"]')).toHaveCount(0);
  await expect(table).toContainText(facility.name);
});

test('staff open a completed inventory read-only and cannot archive', async ({ page, request }) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Completed', ['Completed Plant']);
  const facility = customer.facilities[0];
  if (!facility) throw new Error('no facility');
  const id = await createInventory(api, customer.id, facility.id, THIS_YEAR - 1);
  await api.patch(`/inventories/${id}/update`, {
    year: THIS_YEAR - 1,
    customer_id: customer.id,
    facility_id: facility.id,
    technician_ids: [],
    is_completed: 1,
    encode: true,
  });

  await signIn(page, E2E.staff);
  await page.goto(`/inventories?search=${encodeURIComponent(facility.name)}`);
  const table = page.getByRole('table', { name: 'Inventories' });
  await expect(
    table.getByRole('button', { name: `Archive ${THIS_YEAR - 1} of ${facility.name}` }),
  ).toBeDisabled();
  await table.getByRole('link', { name: `Edit ${THIS_YEAR - 1} of ${facility.name}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Inventory Details' });
  await expect(dialog.getByText('This inventory is completed: only an admin can change it.')).toBeVisible();
  await expect(dialog.getByLabel('Year')).toBeDisabled();
  await expect(dialog.getByLabel('Year')).toHaveValue(String(THIS_YEAR - 1));
  await expect(dialog.getByRole('combobox', { name: 'Customer' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Facility' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Technicians' })).toBeDisabled();
  // The Completed toggle and Archive are an admin's.
  await expect(dialog.getByRole('checkbox', { name: 'Completed' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/inventories\?search=/);
});

test('an admin completes an inventory and reopens it', async ({ adminPage: page, request }) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Complete', ['Complete Plant']);
  const facility = customer.facilities[0];
  if (!facility) throw new Error('no facility');
  const id = await createInventory(api, customer.id, facility.id, THIS_YEAR - 1);

  await page.goto(`/inventories/${id}`);
  const dialog = page.getByRole('dialog', { name: 'Inventory Details' });
  await dialog.getByRole('checkbox', { name: 'Completed' }).check();
  const updated = page.waitForRequest('**/inventories/*/update');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  expect((await updated).postDataJSON()).toMatchObject({ is_completed: true });
  await expect(page.getByRole('status')).toContainText(
    `Inventory ${THIS_YEAR - 1} of ${facility.name} updated successfully.`,
  );
  await page.getByLabel('Status').selectOption('Completed');
  await page
    .getByPlaceholder('search inventories by customer, facility, technician or year')
    .fill(facility.name);
  await expect(page.getByRole('table', { name: 'Inventories' }).getByRole('row')).toHaveCount(2);
});

// Issue 33 point 10: forgot to copy last year. The empty inventory offers last year's lines, and a
// second create of a year links to the inventory that has it.
test('an empty inventory copies last year’s products later, and a year taken links to its inventory', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Later', ['Later Plant']);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const lastYearId = await createInventory(api, customer.id, facility.id, THIS_YEAR - 1);
  const stamp = Date.now();
  const container = await api.post('/containers/create', {
    name: `Drum ${stamp}`,
    is_active: 1,
    encode: true,
  });
  const unit = await api.post('/container-units/create', {
    name: `Gal ${stamp}`,
    unit_type: 'gal',
    is_active: 1,
    encode: true,
  });
  const product = await api.post('/products/create', {
    name: `Xylene ${stamp}`,
    mfg_name: 'Solvents Inc',
    physical_state: 'liquid',
    is_active: 1,
    encode: true,
  });
  await api.post(`/inventories/${lastYearId}/product/create`, {
    product_id: product.resource.id,
    container_id: container.resource.id,
    container_unit_id: unit.resource.id,
    container_size: '55',
    container_quantity: '2',
    location_stored: 'Tank Farm',
    encode: true,
  });
  const thisYearId = await createInventory(api, customer.id, facility.id, THIS_YEAR);

  await page.goto(`/inventories/${thisYearId}/products`);
  const offer = page.getByRole('region', { name: 'Start from an earlier year' });
  await expect(offer).toContainText('This inventory has no products yet.');
  await offer.getByRole('button', { name: `Copy products from ${THIS_YEAR - 1}` }).click();
  await expect(page.getByRole('status')).toContainText('Products copied');
  const table = page.getByRole('table', { name: 'Inventory products' });
  await expect(table.getByRole('row').filter({ hasText: `Xylene ${stamp}` })).toHaveCount(1);
  await expect(offer).toBeHidden();

  // The same year again from the form: the 409's message, and a link to the inventory that has it.
  await page.goto('/inventories/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Inventory' });
  await dialog.getByLabel('Year').selectOption(String(THIS_YEAR));
  await pick(page, 'Customer', customer.name, customer.name);
  await pick(page, 'Facility', facility.name, facility.name);
  await dialog.getByRole('button', { name: 'Create Inventory' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `An inventory of ${facility.name} for ${THIS_YEAR} already exists.`,
  );
  await dialog.getByRole('link', { name: `Open the ${THIS_YEAR} inventory of ${facility.name}` }).click();
  // Leaving the filled form asks first, as every way out of it does.
  await page
    .getByRole('alertdialog', { name: 'Unsaved Changes!' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${thisYearId}/products$`));
});
