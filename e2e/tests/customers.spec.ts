import { E2E, expect, signIn, test } from './fixtures.ts';

test('an admin creates a customer with billing copied, then unchecks it', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'Customers and Facilities Mgmt.' }).click();
  // Newest first: earlier specs' customers may push the demo's off page 1, so wait for any row.
  await expect(
    page.getByRole('table', { name: 'Customers and facilities' }).getByRole('row').nth(1),
  ).toBeVisible();
  await page.getByRole('link', { name: '+ Add New Customer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Customer' });
  const name = `Pioneer Coatings ${Date.now()}`;
  await dialog.getByLabel('Customer Name').fill(name);
  // The questionnaire date is typed as MM/DD/YYYY and sent as yyyy-MM-dd.
  await dialog.getByLabel('Questionnaire Prepared').pressSequentially('03072026');
  await expect(dialog.getByLabel('Questionnaire Prepared')).toHaveValue('03/07/2026');
  await dialog.locator('#c-address-address').fill('77 Industrial Pkwy');
  await dialog.locator('#c-address-city').fill('Tulsa');
  await dialog.locator('#c-address-state').selectOption('OK');
  await dialog.locator('#c-address-zip').fill('74107');
  await dialog.locator('#c-address-phone').fill('9185550123');
  await dialog.getByLabel('Billing address same as company address').check();
  await expect(dialog.locator('#c-billing-city')).toHaveValue('Tulsa');
  await expect(dialog.locator('#c-billing-state')).toHaveValue('OK');
  await dialog.getByLabel('Billing address same as company address').uncheck();
  await expect(dialog.locator('#c-billing-city')).toHaveValue('');
  await dialog.getByLabel('Billing address same as company address').check();
  const created = page.waitForRequest('**/customers/create');
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  expect((await created).postDataJSON()).toMatchObject({ prepared_at: '2026-03-07', is_active: 1 });
  await expect(page.getByRole('status')).toContainText(`Customer ${name} created successfully.`);

  // Two facilities for the new customer.
  for (const [facility, city] of [
    ['Tulsa Paint Plant', 'Tulsa'],
    ['Broken Arrow Warehouse', 'Broken Arrow'],
  ] as const) {
    await page.getByRole('link', { name: '+ Add New Facility', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Facility' });
    await modal.getByLabel('Facility Name').fill(facility);
    await modal.locator('#f-customer').click();
    await page.getByRole('textbox', { name: 'Search' }).fill('Pioneer');
    await page.getByRole('option', { name }).click();
    await modal.locator('#f-address-address').fill('1 Main St');
    await modal.locator('#f-address-city').fill(city);
    await modal.locator('#f-address-state').selectOption('OK');
    await modal.locator('#f-address-zip').fill('74012');
    await modal.getByRole('button', { name: 'Create Facility' }).click();
    await expect(page.getByRole('status')).toContainText(`Facility ${facility} created successfully.`);
  }

  await page.getByLabel('Search by Customer or Facility').fill('Pioneer Coatings');
  const table = page.getByRole('table', { name: 'Customers and facilities' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('1 Main St, Broken Arrow, OK 74012');
  await expect(table).toContainText('(918) 555-0123');

  // Edit as admin: the billing address came back as a copy of the company address.
  await table
    .getByRole('link', { name: `Edit Customer ${name}` })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: 'Customer Details' });
  await expect(details.locator('#c-billing-address')).toHaveValue('77 Industrial Pkwy');
  await expect(details.getByLabel('Questionnaire Prepared')).toHaveValue('03/07/2026');
  await expect(details.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await details.getByLabel('Customer Name').fill(`${name} Inc.`);
  // The update body carries the record's current is_active, as the spec's save body does.
  const updated = page.waitForRequest('**/customers/*/update');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  expect((await updated).postDataJSON()).toMatchObject({ prepared_at: '2026-03-07', is_active: 1 });
  await expect(page.getByRole('status')).toContainText('updated successfully.');

  await table.getByRole('link', { name: 'Edit Facility Tulsa Paint Plant' }).click();
  const facilityDetails = page.getByRole('dialog', { name: 'Facility Details' });
  await expect(facilityDetails.locator('#f-customer')).toContainText(`${name} Inc.`);
  await facilityDetails.locator('#f-address-zip').fill('12');
  await facilityDetails.locator('#f-address-city').focus();
  await expect(facilityDetails.getByText('ZIP code must be at least 4 digits')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
  await expect(facilityDetails).toBeHidden();

  // Archiving a customer acts at once, without a confirmation (spec 02 §4), and greys its rows.
  await table
    .getByRole('link', { name: `Edit Customer ${name} Inc.` })
    .first()
    .click();
  await expect(details.getByLabel('Questionnaire Prepared')).toHaveValue('03/07/2026');
  await details.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Customer ${name} Inc. archived successfully.`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(details).toBeHidden();
  await expect(table).toContainText('No results.');
  await page.getByLabel('Show Archived').check();
  await expect(table.locator('tr[data-archived="true"]')).toHaveCount(2);
});

test('staff see customer and facility edits disabled', async ({ page }) => {
  await signIn(page, E2E.staff);
  // Searched, so earlier specs' newer customers cannot push the demo's off page 1.
  await page.goto('/customers-facilities-mgmt?search=Gulf%20Coast');
  const table = page.getByRole('table', { name: 'Customers and facilities' });
  await expect(table).toContainText('Gulf Coast Refining Co.');
  await expect(table.getByRole('button', { name: 'Edit Customer' }).first()).toBeDisabled();
  await expect(table.getByRole('button', { name: 'Edit Facility' }).first()).toBeDisabled();
  // Issue 33 point 11: they say why, on the page, on hover and to a screen reader.
  const why = 'Only an admin can edit customers and facilities.';
  await expect(page.getByText(why)).toBeVisible();
  await expect(table.getByRole('button', { name: 'Edit Customer' }).first()).toHaveAccessibleDescription(why);
  await expect(table.getByTitle(why).first()).toBeVisible();
  await expect(table.getByRole('link', { name: /^Edit Customer/ })).toHaveCount(0);
});

test('the customer form shows the address rules', async ({ adminPage: page }) => {
  await page.goto('/customers-facilities-mgmt/customers/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Customer' });
  await dialog.getByLabel('Customer Name').fill('x');
  await dialog.getByLabel('Customer Name').fill('');
  await dialog.locator('#c-address-zip').fill('7a');
  await dialog.locator('#c-address-city').focus();
  await dialog.locator('#c-address-state').focus();
  await dialog.locator('#c-address-address').focus();
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  await expect(dialog.getByText('Customer name is required')).toBeVisible();
  await expect(dialog.getByText('ZIP code must contain only digits')).toBeVisible();
  await expect(dialog.getByText('State must be selected')).toBeVisible();
  await expect(dialog.getByText('City must contain at least 1 character')).toBeVisible();
});

test('an admin creates a container and a unit on their tabs', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'Containers Mgmt.' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Containers List');
  await page.getByRole('link', { name: '+ Add New Container', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Container' });
  await dialog.getByLabel('Container Type').fill('Intermediate Bulk Container');
  await dialog.getByLabel('Description').fill('Caged plastic tote');
  await dialog.getByRole('button', { name: 'Create Container' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Container Intermediate Bulk Container created successfully.',
  );
  await page.getByLabel('Search Containers').fill('Intermediate');
  const containers = page.getByRole('table', { name: 'Container Type' });
  await expect(containers).toContainText('Intermediate Bulk Container');

  // Archiving a container acts at once, without a confirmation (spec 02 §4).
  await containers.getByRole('button', { name: 'Archive Intermediate Bulk Container' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Container Intermediate Bulk Container archived successfully.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(containers).toContainText('No results.');

  await page.getByRole('link', { name: 'Container Units' }).click();
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('link', { name: 'Containers Mgmt.' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: '+ Add New Unit', exact: true }).click();
  const unit = page.getByRole('dialog', { name: 'Create New Unit' });
  await unit.getByLabel('Unit Alias').fill('Jerrican');
  await unit.getByLabel('Description').focus();
  await expect(unit.getByText('Unit type must be one of gal, oz, lb, cu')).toBeVisible();
  await expect(unit.getByRole('button', { name: 'Create Unit' })).toBeDisabled();
  await unit.getByLabel('Unit Alias').fill('Jerrican (gal)');
  await unit.getByRole('button', { name: 'Create Unit' }).click();
  await expect(page.getByRole('status')).toContainText('Container Unit Jerrican (gal) created successfully.');

  // Archiving a unit from its modal acts at once too.
  await page.getByLabel('Search Units').fill('Jerrican');
  await page
    .getByRole('table', { name: 'Unit Alias' })
    .getByRole('link', { name: 'Edit Jerrican (gal)' })
    .click();
  const details = page.getByRole('dialog', { name: 'Unit Details' });
  await details.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(
    'Container Unit Jerrican (gal) archived successfully.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(details).toBeHidden();

  // The containers management index goes to the Container List.
  await page.goto('/containers-mgmt');
  await expect(page).toHaveURL(/\/containers$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Containers List');
});

test('an admin adds, edits and archives a hazard class; a dirty modal asks before closing', async ({
  adminPage: page,
}) => {
  await page.getByRole('link', { name: 'Hazard Class Mgmt.' }).click();
  await page.getByRole('link', { name: '+ Add New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Hazard Class' });
  await dialog.getByLabel('Hazard Class').fill('Pyrophoric');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toContainText('Unsaved Changes!');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Create Hazard Class' }).click();
  await expect(page.getByRole('status')).toContainText('Hazard Class Pyrophoric created successfully.');
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search Hazard Classes').fill('Pyro');
  const table = page.getByRole('table', { name: 'Hazard Class' });
  await table.getByRole('link', { name: 'Edit Pyrophoric' }).click();
  const details = page.getByRole('dialog', { name: 'Hazard Class Details' });
  await details.getByLabel('Hazard Class').fill('Pyrophoric Solid');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText('Hazard Class Pyrophoric Solid updated successfully.');

  // Unlike the other catalog areas, hazard classes ask first (spec 02 §4).
  await table.getByRole('button', { name: 'Archive Pyrophoric Solid' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Archive Hazard Class?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status')).toContainText('archived successfully.');
  await expect(table).toContainText('No results.');
  await page.getByLabel('Show Archived').check();
  await expect(table.locator('tr[data-archived="true"]')).toContainText('Pyrophoric Solid');
});

test('staff cannot add hazard classes and only view them', async ({ page }) => {
  await signIn(page, E2E.staff);
  await page.goto('/hazard-class-mgmt');
  await expect(page.getByRole('table', { name: 'Hazard Class' })).toContainText('Flammable');
  await expect(page.getByRole('link', { name: 'Add New' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View Flammable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive Flammable' })).toBeDisabled();
});
