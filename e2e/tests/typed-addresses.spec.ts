import type { APIRequestContext, Page } from '@playwright/test';
import { E2E, expect, signIn, storedSession, test } from './fixtures.ts';

/** Calls the API as the user signed in on `page`. */
async function apiAs(page: Page, request: APIRequestContext) {
  const stored = await storedSession(page);
  const token = JSON.parse(stored.session ?? stored.local ?? '{}').state.token as string;
  const headers = { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const response = await request.get(`/api/admin/v1${path}`, { headers });
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T;
    },
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const response = await request.post(`/api/admin/v1${path}`, { headers, data });
      expect(response.status(), path).toBe(201);
      return (await response.json()) as T;
    },
    delete: async (path: string) => {
      const response = await request.delete(`/api/admin/v1${path}`, { headers });
      expect(response.ok(), path).toBe(true);
    },
  };
}

interface ListAnswer {
  resource: { items: { id: number; name?: string }[]; meta: { last_page: number; total: number } };
}

test('staff opening a reference list go to the inventories', async ({ page }) => {
  await signIn(page, E2E.staff);
  await page.goto('/database/313');
  await expect(page).toHaveURL(/\/inventories$/);
  await expect(page.getByRole('main').getByText('Not Found', { exact: true })).toHaveCount(0);
});

test('an admin opening a reference list stays on it', async ({ adminPage: page }) => {
  await page.goto('/database/313');
  await expect(page).toHaveURL(/\/database\/313$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Database');
  await expect(breadcrumb).toContainText('313');
  await expect(page.getByRole('table', { name: '313 list' })).toBeVisible();
});

/** A detail address whose id is not a number, out of the id range, or names no record. */
async function expectBackToList(page: Page, path: string, list: RegExp, message: string) {
  await page.goto(path);
  await expect(page, path).toHaveURL(list);
  await expect(page.getByRole('status').filter({ hasText: message }), path).toBeVisible();
  await expect(page.getByRole('status'), path).not.toContainText('2147483647');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }), path).not.toContainText('Loading...');
  await expect(page.getByRole('dialog'), path).toHaveCount(0);
}

/** One test per area: five addresses each, so a slow machine does not run one test past its time. */
const AREAS = [
  { base: '/users', list: /\/users$/, message: 'User not found.' },
  { base: '/technicians-mgmt', list: /\/technicians-mgmt$/, message: 'Technician not found.' },
  { base: '/products', list: /\/products$/, message: 'Product not found.' },
  {
    base: '/customers-facilities-mgmt/customers',
    list: /\/customers-facilities-mgmt$/,
    message: 'Customer not found.',
  },
  {
    base: '/customers-facilities-mgmt/facilities',
    list: /\/customers-facilities-mgmt$/,
    message: 'Facility not found.',
  },
  { base: '/hazard-class-mgmt', list: /\/hazard-class-mgmt$/, message: 'Hazard class not found.' },
  { base: '/containers', list: /\/containers$/, message: 'Container not found.' },
  { base: '/units', list: /\/units$/, message: 'Container unit not found.' },
  { base: '/inventories', list: /\/inventories$/, message: 'Inventory not found.' },
];
const BAD_IDS = ['abc', '99999999999', '2147483647', '0', '1.5'];

for (const area of AREAS) {
  test(`a bad or missing id in ${area.base}/… goes back to its list with "${area.message}"`, async ({
    page,
  }) => {
    await signIn(page, E2E.admin);
    for (const id of BAD_IDS) await expectBackToList(page, `${area.base}/${id}`, area.list, area.message);
  });
}

test("a bad id in a product's component address goes back to the product, a bad product to the list", async ({
  page,
  request,
}) => {
  await signIn(page, E2E.admin);
  const api = await apiAs(page, request);
  const product = (await api.get<ListAnswer>('/products/list?ipp=1')).resource.items[0];
  if (!product) throw new Error('the demo data has products');
  const base = `/products/${product.id}/chemical-components`;
  for (const id of BAD_IDS) {
    await expectBackToList(
      page,
      `${base}/${id}`,
      new RegExp(`/products/${product.id}$`),
      'Chemical component not found.',
    );
  }
  // The product's placeholder components page checks the product too.
  await expectBackToList(page, '/products/abc/chemical-components', /\/products$/, 'Product not found.');
  await expectBackToList(
    page,
    '/products/2147483647/chemical-components',
    /\/products$/,
    'Product not found.',
  );
});

test('a record deleted since its address was copied goes back to its list with "Hazard class not found."', async ({
  page,
  request,
}) => {
  await signIn(page, E2E.admin);
  const api = await apiAs(page, request);
  const hazard = await api.post<{ resource: { id: number } }>('/hazards/create', {
    name: `Gone ${Date.now() % 1_000_000}`,
    is_active: 1,
  });
  await api.delete(`/hazards/${hazard.resource.id}/delete`);
  await expectBackToList(
    page,
    `/hazard-class-mgmt/${hazard.resource.id}`,
    /\/hazard-class-mgmt$/,
    'Hazard class not found.',
  );
});

test('a page number past the end shows the last page and puts it in the address', async ({
  page,
  request,
}) => {
  await signIn(page, E2E.admin);
  const api = await apiAs(page, request);
  // The page lists active products unless Show Archived is on; earlier tests archive some.
  const first = await api.get<ListAnswer>('/products/list?ipp=10&page=1&status=active');
  const lastPage = first.resource.meta.last_page;
  const last = await api.get<ListAnswer>(`/products/list?ipp=10&page=${lastPage}&status=active`);
  const lastRow = last.resource.items[0]?.name;
  if (!lastRow) throw new Error('the demo data has products');

  await page.goto('/products?page=999');
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}(&|$)`));
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table).toContainText(lastRow);
  await expect(table).not.toContainText('No results.');
  await expect(page.getByRole('button', { name: `Page ${lastPage}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
