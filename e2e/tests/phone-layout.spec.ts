import type { Locator, Page } from '@playwright/test';
import { adminApi, createInventory, customerWithFacilities, invitedTechnician } from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * Issue 22 point 9 and the search boxes: a phone (390×844) reaches an inventory's View without
 * sideways scrolling, page titles are whole, notices stay clear of the header; every list's search
 * placeholder is readable in full.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The page scrolls sideways: the document is wider than the window. */
function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the inventories list reaches View without sideways scrolling, and the title is whole', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const customer = await customerWithFacilities(api, 'Phone List Long Customer Name', [
      'Northern Riverbend Chemical Processing Plant',
    ]);
    const [facility] = customer.facilities;
    if (!facility) throw new Error('no facility');
    const inventoryId = await createInventory(api, customer.id, facility.id, 2026);

    await signIn(page, E2E.admin);
    await page.goto(`/inventories?search=${encodeURIComponent(customer.name)}`);
    const table = page.getByRole('table', { name: 'Inventories' });
    await expect(table.getByRole('row')).toHaveCount(2);

    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // Nor does the table scroll sideways inside its frame: View is on screen as it opens.
    const tableOverflow = await table.evaluate((element) => {
      const frame = element.parentElement;
      return frame ? frame.scrollWidth - frame.clientWidth : -1;
    });
    expect(tableOverflow).toBe(0);
    const view = table.getByRole('link', { name: `View products of 2026 of ${facility.name}` });
    const viewBox = await boxOf(view);
    expect(viewBox.x).toBeGreaterThanOrEqual(0);
    expect(viewBox.x + viewBox.width).toBeLessThanOrEqual(390);
    // The customer is still there to tell inventories apart, under the facility.
    await expect(table.getByRole('row').nth(1)).toContainText(customer.name);

    await view.tap();
    await expect(page).toHaveURL(new RegExp(`/inventories/${inventoryId}/products$`));
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // The title is whole, and the breadcrumb names the inventory in full, wrapped, not cut off.
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Inventory Products');
    const crumb = page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByText(`${customer.name} / ${facility.name} / 2026`);
    const crumbBox = await boxOf(crumb);
    expect(crumbBox.x + crumbBox.width).toBeLessThanOrEqual(390);
    const clipped = await title.evaluate(
      (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
    );
    expect(clipped).toBe(false);
    const titleBox = await boxOf(title);
    expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(390);
    // Nothing of the header's content spills out of it (a title in two lines makes it taller).
    const header = await boxOf(page.getByRole('banner'));
    expect(titleBox.y + titleBox.height).toBeLessThanOrEqual(header.y + header.height);
    expect(crumbBox.y + crumbBox.height).toBeLessThanOrEqual(header.y + header.height);
  });

  test('a notice opens below the header, not over it', async ({ page }) => {
    await signIn(page, E2E.admin);
    const notice = page.locator('li[data-variant]').filter({ hasText: 'Welcome back!' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    // Both read at once: the notice closes by itself after a few seconds.
    const { header, noticeBox } = await notice.evaluate((element) => {
      const plain = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
      const banner = document.querySelector('header');
      return {
        header: plain((banner ?? element).getBoundingClientRect()),
        noticeBox: plain(element.getBoundingClientRect()),
      };
    });
    expect(header.height).toBeGreaterThan(0);
    expect(overlaps(header, noticeBox), JSON.stringify({ header, noticeBox })).toBe(false);
    // The header's controls stay within reach while the notice shows.
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeVisible();
  });
});

// Issue 33 point 15: a technician's first sign-in on a phone greets them without hiding the
// first card of My Inventories: the page starts below the notice while it is open.
test.describe('on a phone, a first sign-in', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows its notice above the first card, not over it', async ({ page, request }) => {
    const api = await adminApi(request);
    const technician = await invitedTechnician(api, request, 'Firstvisit');
    await signIn(page, { email: technician.email, password: technician.password });
    const notice = page.locator('li[data-variant]').filter({ hasText: 'Welcome to ChemTrack!' });
    await expect(notice).toBeVisible();
    const firstCard = page.locator('#main-content > *').first();
    await expect(firstCard).toBeVisible();
    // Both read at once: the notice closes by itself after a few seconds.
    await expect
      .poll(async () => {
        const { card, noticeBox } = await notice.evaluate((element) => {
          const plain = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
          const first = document.querySelector('#main-content > *');
          return {
            card: plain((first ?? element).getBoundingClientRect()),
            noticeBox: plain(element.getBoundingClientRect()),
          };
        });
        return {
          overlapping: overlaps(card, noticeBox),
          cardBelow: card.y >= noticeBox.y + noticeBox.height,
        };
      })
      .toEqual({ overlapping: false, cardBelow: true });
  });
});

test('every list’s search box shows its whole placeholder', async ({ adminPage: page, request }) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Search Box', ['Search Box Plant']);
  const [facility] = customer.facilities;
  if (!facility) throw new Error('no facility');
  const inventoryId = await createInventory(api, customer.id, facility.id, 2026);
  const lists = [
    '/inventories',
    `/inventories/${inventoryId}/products`,
    '/products',
    '/containers',
    '/customers-facilities-mgmt',
    '/technicians-mgmt',
    '/hazard-class-mgmt',
    '/users',
  ];
  const cut: string[] = [];
  for (const path of lists) {
    await page.goto(path);
    const search = page.locator('input[type="search"]').first();
    await expect(search).toBeVisible();
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return { text: input.placeholder, text_width: -1, room: 0 };
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: input.placeholder, text_width: context.measureText(input.placeholder).width, room };
    });
    if (!(fits.text_width >= 0 && fits.text_width <= fits.room))
      cut.push(
        `${path}: "${fits.text}" needs ${Math.ceil(fits.text_width)} px, has ${Math.floor(fits.room)}`,
      );
  }
  expect(cut).toEqual([]);
});
