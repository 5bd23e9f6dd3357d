import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** A modal form reached from its list: where the list is, how it opens, one field to type in. */
interface ModalCase {
  name: string;
  listPath: string;
  openLink: string;
  title: string;
  field: string;
}

const CUSTOMER: ModalCase = {
  name: 'customer',
  listPath: '/customers-facilities-mgmt',
  openLink: '+ Add New Customer',
  title: 'Create New Customer',
  field: 'Customer Name',
};

const MODALS: ModalCase[] = [
  CUSTOMER,
  {
    name: 'hazard class',
    listPath: '/hazard-class-mgmt',
    openLink: '+ Add New',
    title: 'Create New Hazard Class',
    field: 'Hazard Class',
  },
  {
    name: 'technician',
    listPath: '/technicians-mgmt',
    openLink: '+ Add New',
    title: 'Create New Technician',
    field: 'First Name',
  },
];

async function openModal(page: Page, modal: ModalCase): Promise<Locator> {
  await page.goto(modal.listPath);
  await page.getByRole('link', { name: modal.openLink, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: modal.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

for (const modal of MODALS) {
  test(`browser Back on the ${modal.name} modal with edits asks first (spec 02 §2)`, async ({
    adminPage: page,
  }) => {
    const dialog = await openModal(page, modal);
    const modalPath = pathOf(page);
    expect(modalPath).not.toBe(modal.listPath);
    await dialog.getByLabel(modal.field).fill('Typed before Back');

    await page.goBack();
    const question = page.getByRole('alertdialog');
    await expect(question.getByRole('heading', { name: 'Unsaved Changes!' })).toBeVisible();
    await expect(question).toContainText('You will lose unsaved data.');
    // Staying keeps the address, the modal and what was typed.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === modalPath);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(modal.field)).toHaveValue('Typed before Back');
    // And the focus is back in the field, not on the page body.
    await expect(dialog.getByLabel(modal.field)).toBeFocused();

    // Leaving goes back to the list and closes the modal, and the page takes clicks again.
    await page.goBack();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === modal.listPath);
    await page.getByRole('link', { name: modal.openLink, exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(modal.field)).toHaveValue('');
  });
}

test('browser Back on a modal without edits closes it without asking', async ({ adminPage: page }) => {
  const modal = CUSTOMER;
  const dialog = await openModal(page, modal);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === modal.listPath);
  // Nothing of the closed modal is left blocking the page.
  await page.getByRole('link', { name: modal.openLink, exact: true }).click();
  await expect(dialog).toBeVisible();
});

test('Escape returns focus to the control that opened the modal', async ({ adminPage: page }) => {
  await page.goto('/technicians-mgmt');
  const add = page.getByRole('link', { name: '+ Add New', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create New Technician' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // A row's edit link, opened with a click, gets the focus back too.
  await page.goto('/hazard-class-mgmt');
  const edit = page.getByRole('table').getByRole('link').first();
  await edit.click();
  const details = page.getByRole('dialog', { name: 'Hazard Class Details' });
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(edit).toBeFocused();
});

test('the list under a modal with edits applies its search without asking to leave the modal', async ({
  adminPage: page,
}) => {
  await page.goto('/hazard-class-mgmt');
  const table = page.getByRole('table');
  await table.getByRole('link').first().click();
  const details = page.getByRole('dialog', { name: 'Hazard Class Details' });
  await expect(details).toBeVisible();
  const modalPath = pathOf(page);
  await details.getByLabel('Hazard Class').fill('Typed while the search applies');

  // A search typed in the list just before the row was opened lands 500 ms later, under the open
  // modal. The list's box sits behind the modal's overlay, so the keystroke is replayed as the
  // input event React hears; the list then updates the address on its own (debounced) schedule.
  await page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('main input[type="search"]');
    if (!box) throw new Error('no search box on the list');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, 'a');
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });

  // The search reaches the address on the modal's own path; the modal and what was typed stay.
  await expect(page).toHaveURL((url) => url.pathname === modalPath && url.searchParams.get('search') === 'a');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(details.getByLabel('Hazard Class')).toHaveValue('Typed while the search applies');
});

test('the first Tab on a signed-in page reaches "Skip to content", which moves to the main region', async ({
  adminPage: page,
}) => {
  await page.goto('/technicians-mgmt');
  await expect(page.getByRole('heading', { name: 'Technicians Management', level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // Hidden until focused: it takes no room on screen.
  expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/technicians-mgmt');
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a notice shown while a modal is open covers none of its buttons', async ({ adminPage: page }) => {
  // A short window: the centred modal's footer sits low, where a bottom notice would be.
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto('/hazard-class-mgmt');
  await page.getByLabel('Search Hazard Classes').fill('Flammable');
  await page.getByRole('link', { name: 'Edit Flammable', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hazard Class Details' });
  await expect(dialog.getByLabel('Hazard Class')).toHaveValue('Flammable');
  // Demo products use Flammable: the server refuses the delete and the notice shows over the modal.
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  // The open modal hides the rest of the page from the accessibility tree, so not by role.
  const notice = page.locator('li[data-variant="destructive"]');
  await expect(notice).toContainText('cannot be deleted');
  // The server's message is title and text at once; it is said once.
  expect((await notice.textContent())?.match(/cannot be deleted/g)).toHaveLength(1);
  await expect(dialog).toBeVisible();
  const noticeBox = await notice.boundingBox();
  if (!noticeBox) throw new Error('no notice box');
  const buttons = await dialog.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(2);
  for (const button of buttons) {
    const box = await button.boundingBox();
    if (!box) throw new Error('no button box');
    expect(overlaps(noticeBox, box), `notice covers ${await button.textContent()}`).toBe(false);
  }
});
