import { expect, test } from './fixtures.ts';

test('a component typed with a known CAS # under another name asks which name to use', async ({
  adminPage: page,
}) => {
  const product = `E2E Nail Polish Remover ${Date.now()}`;
  await page.goto('/products/create');
  await page.getByLabel('Product Name').fill(product);
  await page.getByLabel('Manufacturer Name').fill('Lone Star Solvents');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('status')).toContainText(`Product ${product} created successfully.`);
  await page.getByLabel('Search Products').fill(product);
  await page.getByRole('link', { name: `Edit ${product}` }).click();

  await page.getByRole('link', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Chemical Component' });
  const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Propanone');
  await dialog.getByLabel('CAS #').fill('67641');
  // A negative volume is refused, not saved as its absolute value.
  await dialog.getByLabel('Percentage by Volume').fill('-5');
  await dialog.getByLabel('Percentage by Weight').focus();
  await expect(dialog.getByText('Percentage by volume must be between 0 and 100')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Component' })).toBeDisabled();
  await dialog.getByLabel('Percentage by Volume').fill('5');
  await expect(dialog.getByText('Percentage by volume must be between 0 and 100')).toBeHidden();

  // The catalog holds 67-64-1 as Acetone: the user is told, and chooses.
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(dialog.locator('#cc-name-error')).toHaveText(
    'CAS 67-64-1 is already in the catalogue as Acetone.',
  );
  await expect(dialog.getByRole('button', { name: 'Use Acetone' })).toBeVisible();
  // Changing the CAS # is the other way out: the offer goes with the conflict.
  await dialog.getByLabel('CAS #').fill('67-64-');
  await expect(dialog.getByRole('button', { name: 'Use Acetone' })).toBeHidden();
  await dialog.getByLabel('CAS #').fill('67-64-1');
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await dialog.getByRole('button', { name: 'Use Acetone' }).click();
  await expect(page.getByRole('status')).toContainText('Component Acetone created successfully.');
  await expect(dialog).toBeHidden();
  const components = page.getByRole('table', { name: 'Chemical components' });
  await expect(components.getByRole('row', { name: /Acetone/ })).toContainText('67-64-1');
  await expect(components).not.toContainText('Propanone');
});
