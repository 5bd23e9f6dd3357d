import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { WorklistPage } from './worklist-page.tsx';

// Signed in as the technician, as on the phone.
const server = realApiServer({ role: 'technician' });
const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
let notAssigned = 0;

beforeAll(async () => {
  const customer = await server.create('/customers/create', {
    name: 'Worklist Test Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  const facility = await server.create('/facilities/create', {
    name: 'Worklist Plant',
    customer_id: customer,
    address,
    is_active: 1,
  });
  // No technician assigned: the technician may not open it.
  notAssigned = await server.create('/inventories/create', {
    year: new Date().getFullYear() - 1,
    customer_id: customer,
    facility_id: facility,
    is_active: 1,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

async function renderWorklist(inventoryId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute();
  const mine = createRoute({ getParentRoute: () => root, path: '/my-inventories', component: () => null });
  const worklist = createRoute({
    getParentRoute: () => root,
    path: '/my-inventories/$inventoryId',
    component: () => <WorklistPage inventoryId={inventoryId} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([mine, worklist]),
    history: createMemoryHistory({ initialEntries: [`/my-inventories/${inventoryId}`] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('WorklistPage', () => {
  it.each([
    { case: 'an inventory not assigned to the technician (403)', id: () => notAssigned },
    { case: 'an inventory that does not exist (404)', id: () => 999_999 },
  ])('on $case: the server message in place of the lines, a way back, no Add Line', async ({ id }) => {
    const answer = await server.call<{ message: string }>(
      'technician',
      'GET',
      `/inventories/${id()}/products?page=1&ipp=50`,
    );
    expect([403, 404]).toContain(answer.status);
    await renderWorklist(id());
    const page = await screen.findByRole('region', { name: 'Worklist of Inventory' });
    const alert = await within(page).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(answer.body.message);
    // No skeleton waits for lines that will not come.
    expect(page.querySelector('[aria-busy="true"]')).toBeNull();
    expect(within(page).getByRole('link', { name: 'My Inventories' }).getAttribute('href')).toBe(
      '/my-inventories',
    );
    expect(within(page).queryByRole('link', { name: 'Add Line' })).toBeNull();
    expect(within(page).getByRole('button', { name: 'Add Line' })).toHaveProperty('disabled', true);
  });

  it('offline: the connection message in place of the lines, Add Line disabled', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await renderWorklist(notAssigned);
    const page = await screen.findByRole('region', { name: 'Worklist of Inventory' });
    const alert = await within(page).findByRole('alert');
    expect(alert.textContent).toBe('No connection to the server.');
    expect(within(page).getByRole('button', { name: 'Add Line' })).toHaveProperty('disabled', true);
  });
});
