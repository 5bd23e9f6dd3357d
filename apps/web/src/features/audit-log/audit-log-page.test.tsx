import type { UserResource } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HistoryLink } from '../../components/history-link.tsx';
import { useSession } from '../../lib/session.ts';
import { realApiServer } from '../../test/api-server.ts';
import { AuditLogSearchSchema } from './api.ts';
import { AuditLogPage } from './audit-log-page.tsx';

const server = realApiServer();
const address = { address: '1 Audit Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
let customerId = 0;

beforeAll(async () => {
  const created = await server.call<{ resource: { id: number } }>('admin', 'POST', '/customers/create', {
    name: 'Audit Before Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  expect(created.status).toBe(201);
  customerId = created.body.resource.id;
  const updated = await server.call('admin', 'PATCH', `/customers/${customerId}/update`, {
    name: 'Audit After Co.',
    address,
    is_same_billing_address: 1,
  });
  expect(updated.status).toBe(200);
});

afterEach(() => {
  useSession.setState({ user: null });
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute();
  const auditLog = createRoute({
    getParentRoute: () => root,
    path: '/audit-log',
    validateSearch: AuditLogSearchSchema,
    component: function AuditLogRoute() {
      return <AuditLogPage search={auditLog.useSearch()} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([auditLog]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getAllByRole('row')
    .slice(1);

describe('AuditLogPage', { timeout: 30_000 }, () => {
  it("shows a record's history newest first: time in UTC, actor, address, entity, id, action and the change", async () => {
    renderAt(`/audit-log?entity=customer&entity_id=${customerId}`);
    // The record's name shows in its rows and in its change, so wait for the summary instead.
    await screen.findByText(/Times are in UTC\. 2 records\./);
    expect(screen.getByRole('columnheader', { name: /Time \(UTC\)/ })).toBeTruthy();
    expect(screen.getByText(`History of Customer #${customerId}.`, { exact: false })).toBeTruthy();
    const [update, create] = bodyRows();
    const cells = within(update!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells.slice(1, 6)).toEqual([
      'Ada Testeradmin@test.local',
      '127.0.0.1',
      'Customer Audit After Co.',
      String(customerId),
      'update',
    ]);
    const changes = within(update!).getByRole('list', { name: 'Changed fields' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Customer Name: Audit Before Co. → Audit After Co.']);
    expect(within(create!).getByText('create')).toBeTruthy();
    const requests = await server.requests();
    expect(requests.filter((request) => request.url.includes('/audit-log/list')).at(-1)?.url).toContain(
      `entity=customer&entity_id=${customerId}&page=1`,
    );
  });

  it('filters by action on the server and keeps the filter in the URL', async () => {
    const router = renderAt(`/audit-log?entity=customer&entity_id=${customerId}`);
    await screen.findByText(/2 records\./);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'create');
    await screen.findByText(/1 record\./);
    expect(bodyRows()).toHaveLength(1);
    expect(router.state.location.search).toMatchObject({ action: 'create', entity: 'customer' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('sends a typed day as yyyy-MM-dd, read in UTC by the server, and ignores a bad URL value', async () => {
    const router = renderAt('/audit-log?entity=nothing&from=yesterday');
    await screen.findByText(/records?\./);
    expect(router.state.location.search).toEqual({});
    await userEvent.type(screen.getByLabelText('To (UTC)'), '01012001');
    await waitFor(() => expect(router.state.location.search).toEqual({ to: '2001-01-01' }));
    await screen.findByText(/0 records\./);
  });
});

describe('HistoryLink', () => {
  function renderLink() {
    const root = createRootRoute({ component: () => <HistoryLink entity="customer" id={42} /> });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(<RouterProvider router={router} />);
  }

  it("links an admin to the record's history", async () => {
    useSession.setState({ user: { role: 'admin' } as UserResource });
    renderLink();
    const link = await screen.findByRole('link', { name: 'History' });
    expect(link.getAttribute('href')).toBe('/audit-log?entity=customer&entity_id=42');
  });

  it('shows nothing to staff', async () => {
    useSession.setState({ user: { role: 'staff' } as UserResource });
    renderLink();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
  });
});
