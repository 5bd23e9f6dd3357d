import { type Api, adminApi, createInventory, customerWithFacilities, uniqueStamp } from './api.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 22 point 4: a catalogue change reaches the lines of open inventories; a line whose copy
 * differs from the catalogue says so, and Refresh brings the catalogue's data onto it.
 */

const THIS_YEAR = new Date().getFullYear();

/** A liquid without pounds per gallon, and a line of two 55-gallon drums of it in an open inventory. */
async function staleLineFixture(api: Api, label: string) {
  const customer = await customerWithFacilities(api, label, [`${label} Plant`]);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const inventoryId = await createInventory(api, customer.id, facility.id, THIS_YEAR);
  const stamp = uniqueStamp();
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
  const productBody = {
    name: `Toluene ${stamp}`,
    mfg_name: 'Solvents Inc',
    physical_state: 'liquid',
    is_active: 1,
    encode: true,
  };
  const product = await api.post('/products/create', productBody);
  const line = await api.post(`/inventories/${inventoryId}/product/create`, {
    product_id: product.resource.id,
    container_id: container.resource.id,
    container_unit_id: unit.resource.id,
    container_size: '55',
    container_quantity: '2',
    location_stored: 'Tank Farm',
    encode: true,
  });
  const setCompleted = (isCompleted: boolean) =>
    api.patch(`/inventories/${inventoryId}/update`, {
      year: THIS_YEAR,
      customer_id: customer.id,
      facility_id: facility.id,
      is_completed: isCompleted,
      encode: true,
    });
  return {
    inventoryId,
    productId: product.resource.id,
    productBody,
    name: productBody.name,
    linePath: `/inventories/${inventoryId}/products/${line.resource.id}`,
    setCompleted,
  };
}

test('a product that gains its pounds per gallon in the catalogue gives the open line its Max Pounds', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const f = await staleLineFixture(api, 'Catalogue Change');
  await page.goto(f.linePath);
  await expect(page.getByLabel('Max Pounds')).toHaveValue('N/A');

  await page.goto(`/products/${f.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await page.getByLabel('Pounds per Gallon').fill('15.3');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${f.name} updated successfully`);

  await page.goto(f.linePath);
  await expect(page.getByLabel('Pounds per Gallon')).toHaveValue('15.3');
  await expect(page.getByLabel('Max Gallons')).toHaveValue('110');
  await expect(page.getByLabel('Max Pounds')).toHaveValue('1683');
  await expect(page.getByRole('note', { name: 'Catalogue' })).toHaveCount(0);
});

test('a line whose copy differs from the catalogue says so, can be saved as it is, and Refresh clears it', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const f = await staleLineFixture(api, 'Catalogue Refresh');
  // The catalogue changes while the inventory is completed (it keeps its copy), then it is reopened.
  await f.setCompleted(true);
  await api.patch(`/products/${f.productId}/update`, { ...f.productBody, pounds_per_gallon: '15.3' });
  await f.setCompleted(false);

  await page.goto(f.linePath);
  const notice = page.getByRole('note', { name: 'Catalogue' });
  await expect(notice).toContainText(
    "This line's product data differs from the catalogue: Pounds per Gallon.",
  );
  await expect(page.getByLabel('Max Pounds')).toHaveValue('N/A');
  // Saving the untouched line copies the catalogue too, so Save is offered (it stayed disabled).
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();

  await notice.getByRole('button', { name: 'Refresh from Catalogue' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Inventory product ${f.name} refreshed from the catalogue successfully`,
  );
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel('Pounds per Gallon')).toHaveValue('15.3');
  await expect(page.getByLabel('Max Pounds')).toHaveValue('1683');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel('Max Pounds')).toHaveValue('1683');
  await expect(notice).toHaveCount(0);
});
