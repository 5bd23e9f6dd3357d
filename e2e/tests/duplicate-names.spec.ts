import { expect, test } from './fixtures.ts';

test('a second customer of one name asks first, and the picker tells the two apart by city', async ({
  adminPage: page,
}) => {
  await page.goto('/customers-facilities-mgmt/customers/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Customer' });
  await dialog.getByLabel('Customer Name').fill(' harbor marine SERVICES');
  await dialog.locator('#c-address-address').fill('9 Dock Rd');
  await dialog.locator('#c-address-city').fill('Norfolk');
  await dialog.locator('#c-address-state').selectOption('VA');
  await dialog.locator('#c-address-zip').fill('23510');
  await dialog.getByRole('button', { name: 'Create Customer' }).click();

  // The demo's Harbor Marine Services is in Baltimore: the user is told which one, and may cancel.
  const question = page.getByRole('alertdialog', { name: 'Customer Name Already Used' });
  await expect(question).toContainText(
    'A customer named Harbor Marine Services already exists in Baltimore. Create another customer with the same name?',
  );
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  const confirmed = page.waitForRequest('**/customers/create');
  await question.getByRole('button', { name: 'Create anyway' }).click();
  expect((await confirmed).postDataJSON()).toMatchObject({
    name: 'harbor marine SERVICES',
    confirm_duplicate: true,
  });
  await expect(page.getByRole('status')).toContainText(
    'Customer harbor marine SERVICES created successfully.',
  );
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: '+ Add New Facility', exact: true }).click();
  const facility = page.getByRole('dialog', { name: 'Create New Facility' });
  await facility.locator('#f-customer').click();
  await page.getByRole('textbox', { name: 'Search' }).fill('Harbor Marine');
  const options = page.getByRole('listbox', { name: 'Options' }).getByRole('option');
  await expect(options).toHaveText([
    'Harbor Marine Services · Baltimore',
    'harbor marine SERVICES · Norfolk',
  ]);
  await options.nth(1).click();
  await expect(facility.locator('#f-customer')).toHaveText('harbor marine SERVICES · Norfolk');
});

test('a hazard class named like an active one is refused under its name', async ({ adminPage: page }) => {
  await page.goto('/hazard-class-mgmt/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Hazard Class' });
  await dialog.locator('#catalog-name').fill(' flammable ');
  await dialog.getByRole('button', { name: 'Create Hazard Class' }).click();
  await expect(dialog.locator('#catalog-name-error')).toHaveText(
    'A hazard class named Flammable already exists.',
  );
});
