import type { Page } from '@playwright/test';
import { casNumber, minimalPdf } from './api.ts';
import { E2E, expect, expectNoSeriousViolations, signIn, test } from './fixtures.ts';

async function chooseSdsFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload SDS File' }).click();
  await (await chooser).setFiles(file);
}

test('an admin creates a product with an SDS, edits it, adds components and filters the list', async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  const name = `E2E Battery Acid ${stamp}`;
  await page.getByRole('link', { name: 'Products Mgmt.' }).click();
  await expect(page.getByRole('heading', { name: 'Products List' })).toBeVisible();
  await expect(page).toHaveTitle(/Products Mgmt/);
  await page.getByRole('link', { name: '+ Add New Product', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/create/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Product' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Product Management');
  await expect(page.getByRole('button', { name: 'Create Product' })).toBeDisabled();

  // The required names, with their messages.
  await page.getByLabel('Product Name').focus();
  await page.getByLabel('Manufacturer Name').focus();
  await page.getByLabel('Manufacturer Product Number').focus();
  await expect(page.getByText('Product Name is required.')).toBeVisible();
  await expect(page.getByText('Manufacturer Name is required.')).toBeVisible();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Manufacturer Name').fill('Gulf Coast Chemical Supply');
  await page.getByLabel('Manufacturer Product Number').fill('GC-93-55');
  await page.getByLabel('Manufacturer Phone', { exact: true }).fill('8004249300');
  await expect(page.getByLabel('Manufacturer Phone', { exact: true })).toHaveValue('(800) 424-9300');
  await page.getByLabel('Manufacturer Emergency Phone').fill('555');
  await page.getByLabel('NFPA').focus();
  await expect(page.getByText('Manufacturer Emergency Phone must be 10 digits.')).toBeVisible();
  await page.getByLabel('Manufacturer Emergency Phone').fill('7135550177');
  await page.getByLabel('NFPA').fill('3-0-2');
  await page.getByLabel('SDS Date').fill('03072024');
  await expect(page.getByLabel('SDS Date')).toHaveValue('03/07/2024');
  // A flash point is never masked into another figure: "4-0" gets the field's message.
  await page.getByLabel('Flash Point (°F)').fill('4-0');
  await page.getByLabel('NFPA').focus();
  await expect(page.getByText('Flash Point must be a whole number of °F.')).toBeVisible();
  await page.getByLabel('Flash Point (°F)').fill('-40');
  await expect(page.getByText('Flash Point must be a whole number of °F.')).toBeHidden();

  // Liquid: specific gravity gives the density (× 8.34); a gas has a conversion factor instead.
  await page.getByLabel('Physical State').selectOption('Liquid');
  await page.getByLabel('Specific Gravity').fill('1.84');
  await expect(page.getByLabel('Density')).toHaveValue('15.35');
  await expect(page.getByLabel('Density')).not.toBeEditable();
  await page.getByLabel('Pounds per Gallon').fill('15.35');
  await page.getByLabel('Physical State').selectOption('Compressed Gas');
  await expect(page.getByLabel('Conversion Factor')).toBeVisible();
  await expect(page.getByLabel('Specific Gravity')).toBeHidden();
  await expect(page.getByLabel('Density')).toBeHidden();
  await page.getByLabel('Physical State').selectOption('Liquid');
  await expect(page.getByLabel('Density')).toHaveValue('15.35');

  // Hazard classes from the paged picker, shown as chips.
  for (const hazard of ['Corrosive', 'Flammable']) {
    await page.getByRole('combobox', { name: 'Hazard Classes' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(hazard);
    await page.getByRole('option', { name: hazard, exact: true }).click();
  }
  const chips = page.getByRole('list', { name: 'Selected hazard classes' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await chips.getByRole('button', { name: 'Remove Flammable' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('SARA A').check();
  await page.getByLabel('SARA C').check();
  await page.getByLabel('SPCC').check();
  // A Tier II hazard category of the data standard (issue 11), beside the legacy SARA flags.
  await page.getByLabel('Corrosive to metal').check();

  // SDS: a file that only claims to be a PDF is refused; a real one uploads.
  await chooseSdsFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(page.getByText('Only PDF files are allowed')).toBeVisible();
  await chooseSdsFile(page, {
    name: 'renamed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('Only PDF files are allowed')).toBeVisible();
  const pdf = minimalPdf();
  await chooseSdsFile(page, { name: 'battery-acid-sds.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('battery-acid-sds.pdf')).toBeVisible();
  await expect(page.getByText(/\(0\.\d KB\)/)).toBeVisible();
  await expect(page.getByText('Only PDF files are allowed')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upload SDS File' })).toBeDisabled();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${name} created successfully.`);
  await expect(page).toHaveURL(/\/products\/?(\?|$)/);

  // The list: hazard names, the SDS status, and the SDS status filter.
  await page.getByLabel('Search Products').fill(name);
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Gulf Coast Chemical Supply');
  await expect(row).toContainText('Corrosive');
  await expect(row).toContainText('SDS');
  await page.getByLabel('SDS Status').selectOption('Pending');
  await expect(page).toHaveURL(/sds_status=pending/);
  await expect(table).toContainText('No results.');
  await page.getByLabel('SDS Status').selectOption('SDS');
  await expect(row).toBeVisible();

  // Edit: the saved values come back; the saved SDS downloads, then is removed after asking.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
  await expect(page.getByLabel('SDS Date')).toHaveValue('03/07/2024');
  await expect(page.getByLabel('Specific Gravity')).toHaveValue('1.84');
  await expect(page.getByLabel('Density')).toHaveValue('15.35');
  await expect(page.getByLabel('Flash Point (°F)')).toHaveValue('-40');
  await expect(page.getByLabel('SPCC')).toBeChecked();
  await expect(page.getByLabel('SARA F')).not.toBeChecked();
  await expect(page.getByLabel('Corrosive to metal')).toBeChecked();
  await expect(page.getByLabel('Explosive', { exact: true })).not.toBeChecked();
  await expect(page.getByLabel('SDS Status')).toHaveValue('sds');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('battery-acid-sds.pdf');

  // An unsaved edit survives the SDS removal and the component modals on top of the form.
  await page.getByLabel('NFPA').fill('3-0-1');
  await page.getByRole('button', { name: 'Remove SDS File' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete SDS File');
  await expect(confirm).toContainText('Are you sure you want to delete this SDS file?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('battery-acid-sds.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Remove SDS File' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('SDS file deleted');
  await expect(page.getByText('battery-acid-sds.pdf')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upload SDS File' })).toBeEnabled();
  await expect(page.getByLabel('SDS Status')).toHaveValue('pending');
  await expect(page.getByLabel('NFPA')).toHaveValue('3-0-1');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();

  // Two components: a wrong CAS check digit is caught first.
  const components = page.getByRole('table', { name: 'Chemical components' });
  await expect(components).toContainText('No results.');
  const first = { name: `E2E Sulfuric Acid ${stamp}`, cas: casNumber() };
  const second = { name: `E2E Water ${stamp}`, cas: casNumber() };
  await page.getByRole('link', { name: 'Add Component' }).click();
  await expect(page).toHaveURL(/\/chemical-components\/create/);
  let dialog = page.getByRole('dialog', { name: 'Add Chemical Component' });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(first.name);
  await dialog.getByLabel('CAS #').fill(casNumber(false));
  await dialog.getByLabel('Percentage by Weight').focus();
  await expect(dialog.getByText('Invalid CAS number')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Component' })).toBeDisabled();
  await dialog.getByLabel('CAS #').fill(first.cas);
  await expect(dialog.getByText('Invalid CAS number')).toBeHidden();
  await dialog.getByLabel('Percentage by Weight').fill('93');
  await dialog.getByLabel('Regulations').fill('EPCRA 302 EHS');
  await expect(dialog.getByText('13/500')).toBeVisible();
  await dialog.getByLabel('Carcinogen (OSHA, IARC or NTP)').check();
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(page.getByRole('status')).toContainText(`Component ${first.name} created successfully.`);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/products\/\d+(\?|$)/);
  await expect(components.getByRole('row', { name: new RegExp(first.name) })).toContainText('93%');

  await page.getByRole('link', { name: 'Add Component' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Chemical Component' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(second.name);
  await dialog.getByLabel('CAS #').fill(second.cas);
  await dialog.getByLabel('Percentage by Weight').fill('7');
  // Closing a dirty modal asks first.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toContainText('Unsaved Changes!');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(page.getByRole('status')).toContainText(`Component ${second.name} created successfully.`);
  await expect(page).toHaveURL(/\/products\/\d+(\?|$)/);
  await expect(components.getByRole('row')).toHaveCount(3);

  // Edit both: a percentage on one, the volume on the other.
  await components.getByRole('link', { name: `Edit ${first.name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Chemical Component Details' });
  await expect(dialog.getByLabel('CAS #')).toHaveValue(first.cas);
  await expect(dialog.getByLabel('Regulations')).toHaveValue('EPCRA 302 EHS');
  await expect(dialog.getByLabel('Carcinogen (OSHA, IARC or NTP)')).toBeChecked();
  await dialog.getByLabel('Percentage by Weight').fill('93.5');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText(`Component ${first.name} updated successfully.`);
  await expect(components.getByRole('row', { name: new RegExp(first.name) })).toContainText('93.5%');
  await components.getByRole('link', { name: `Edit ${second.name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Chemical Component Details' });
  await dialog.getByLabel('Percentage by Volume').fill('6.5');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText(`Component ${second.name} updated successfully.`);
  await expect(components.getByRole('row', { name: new RegExp(second.name) })).toContainText('6.5%');

  // Remove one after the confirmation.
  await components.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`remove ${second.name}`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status')).toContainText(`Component ${second.name} removed successfully.`);
  await expect(components.getByRole('row')).toHaveCount(2);

  // The edit made before is still there; Save Changes goes back to the list, now Pending SDS.
  await expect(page.getByLabel('NFPA')).toHaveValue('3-0-1');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${name} updated successfully.`);
  await expect(page).toHaveURL(/\/products\/?(\?|$)/);
  await page.getByLabel('SDS Status').selectOption('Pending');
  await expect(row).toContainText('Pending SDS');
  await page.getByLabel('SDS Status').selectOption('All');
  await expect(page).not.toHaveURL(/sds_status/);
  await expectNoSeriousViolations(page);

  // Archive from the list at once, without a confirmation (spec 02 §4: only inventories and
  // hazard classes ask); it shows under Show Archived, greyed.
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${name} archived successfully.`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(table).toContainText('No results.');
  await page.getByLabel('Show Archived').check();
  await expect(table.locator('tr[data-archived="true"]')).toContainText(name);
});

test('a dirty product form asks before leaving, and the SDS status and update flag show', async ({
  adminPage: page,
}) => {
  const name = `E2E Toluene ${Date.now()}`;
  await page.goto('/products/create');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Manufacturer Name').fill('Lone Star Solvents');
  await page.getByLabel('SDS Status').selectOption('Update Required');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('You Have Unsaved Changes');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/products\/create/);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${name} created successfully.`);

  await page.getByLabel('Search Products').fill(name);
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('SDS UPDATE REQUIRED');
  await expect(row).toHaveClass(/bg-amber-50/);
  await expect(row.getByRole('cell').nth(2)).toHaveText('-');
  await page.getByLabel('SDS Status').selectOption('Update');
  await expect(row).toBeVisible();

  // The server's field errors land under their fields.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  // The list's filter is labelled SDS Status too: wait for the form before choosing.
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await page.getByLabel('SDS Status').selectOption('SDS');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Upload an SDS file before setting the status to SDS.')).toBeVisible();
  await page.getByLabel('SDS Status').selectOption('Update Required');

  // A component typed in, then the same CAS # again (refused), then picked from the catalog.
  const component = { name: `E2E Toluene ${Date.now()}`, cas: casNumber() };
  const components = page.getByRole('table', { name: 'Chemical components' });
  await page.getByRole('link', { name: 'Add Component' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Chemical Component' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(component.name);
  await dialog.getByLabel('CAS #').fill(component.cas);
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(page.getByRole('status')).toContainText(`Component ${component.name} created successfully.`);
  // The modal closes, then its route goes back to the product: wait for that before the next one.
  await expect(page).toHaveURL(/\/products\/\d+(\?|$)/);
  await page.getByRole('link', { name: 'Add Component' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Methylbenzene');
  await dialog.getByLabel('CAS #').fill(component.cas);
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(dialog.getByText('This chemical component is already listed on this product')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await components.getByRole('button', { name: `Remove ${component.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(components).toContainText('No results.');
  await page.getByRole('link', { name: 'Add Component' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Chemical Component' });
  await dialog.getByRole('combobox', { name: 'Chemical Component' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(component.name);
  // Each option names its CAS # (issue 22), and so does the picked entry.
  await expect(page.getByRole('option', { name: component.name })).toContainText(`CAS ${component.cas}`);
  await page.getByRole('option', { name: component.name }).click();
  await expect(dialog.getByRole('combobox', { name: 'Chemical Component' })).toContainText(
    `${component.name} · CAS ${component.cas}`,
  );
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(component.name);
  await expect(dialog.getByLabel('CAS #')).toHaveValue(component.cas);
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(components.getByRole('row', { name: new RegExp(component.name) })).toContainText(
    component.cas,
  );
  await expectNoSeriousViolations(page);

  // Archiving from the form acts at once too, then goes back to the list.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${name} archived successfully.`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\/?(\?|$)/);
  await page.getByLabel('Search Products').fill(name);
  await expect(page.getByRole('table', { name: 'Products' })).toContainText('No results.');
  // Archived, its row is grey even though its SDS needs an update (amber otherwise).
  await page.getByLabel('Show Archived').check();
  await expect(row).toHaveAttribute('data-archived', 'true');
  await expect(row).toContainText('SDS UPDATE REQUIRED');
  await expect(row).toHaveClass(/bg-slate-200/);
  await expect(row).not.toHaveClass(/bg-amber-50/);
});

test('staff view the products list and a product', async ({ page }) => {
  await signIn(page, E2E.staff);
  const name = `E2E Staff Product ${Date.now()}`;
  await page.goto('/products/create');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Manufacturer Name').fill('Bayou Industrial');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${name} created successfully.`);
  await page.getByLabel('Search Products').fill(name);
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Pending SDS');
  await table.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Product Name')).toHaveValue(name);
  await expect(page.getByRole('table', { name: 'Chemical components' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Component' })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}/chemical-components/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chemical Components' })).toBeVisible();
});
