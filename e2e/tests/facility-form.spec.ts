import { expect, test } from './fixtures.ts';

test('leaving every field of a new facility empty says the customer is required under its picker', async ({
  adminPage: page,
}) => {
  await page.goto('/customers-facilities-mgmt/facilities/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Facility' });
  // A person tabs through the empty form: each field they leave shows its rule.
  await dialog.getByLabel('Facility Name').focus();
  for (const next of ['#f-customer', '#f-address-address', '#f-address-city', '#f-address-state']) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(next)).toBeFocused();
  }
  await expect(dialog.locator('#f-name-error')).toHaveText('Facility name is required');
  await expect(dialog.locator('#f-customer-error')).toHaveText('Customer is required');
  await expect(dialog.locator('#f-customer')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('#f-address-city-error')).toHaveText('City must contain at least 1 character');
});

test('submitting a new facility without a customer says the customer is required', async ({
  adminPage: page,
}) => {
  await page.goto('/customers-facilities-mgmt/facilities/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Facility' });
  await dialog.getByLabel('Facility Name').fill('North Yard');
  await dialog.getByRole('button', { name: 'Create Facility' }).click();
  await expect(dialog.locator('#f-customer-error')).toHaveText('Customer is required');
});
