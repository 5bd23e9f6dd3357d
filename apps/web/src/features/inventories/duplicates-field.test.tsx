import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import { DuplicatesField } from './duplicates-field.tsx';

const server = realApiServer();
const THIS_YEAR = new Date().getFullYear();
const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
const place = { customerId: 0, facilityId: 0, archivedId: 0, ids: new Map<number, number>() };

beforeAll(async () => {
  place.customerId = await server.create('/customers/create', {
    name: 'Copy Test Customer',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  place.facilityId = await server.create('/facilities/create', {
    name: 'Copy Test Plant',
    customer_id: place.customerId,
    address,
    is_active: 1,
  });
  for (const year of [THIS_YEAR - 3, THIS_YEAR - 2, THIS_YEAR - 1]) {
    place.ids.set(
      year,
      await server.create('/inventories/create', {
        year,
        customer_id: place.customerId,
        facility_id: place.facilityId,
        is_active: 1,
      }),
    );
  }
  // An archived year is not offered (the years list holds active inventories only).
  place.archivedId = place.ids.get(THIS_YEAR - 3) ?? 0;
  const archived = await server.call('admin', 'PATCH', `/inventories/${place.archivedId}/activate`, {});
  expect(archived.status).toBe(200);
});

function Harness({ year, facility = true }: { year: number | undefined; facility?: boolean }) {
  const [value, setValue] = useState<number[]>([]);
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <DuplicatesField
        customerId={place.customerId}
        facilityId={facility ? place.facilityId : undefined}
        year={year}
        value={value}
        error={undefined}
        onChange={setValue}
      />
      <output aria-label="Chosen">{value.join(',')}</output>
    </QueryClientProvider>
  );
}

describe('DuplicatesField', () => {
  it('offers the facility’s active inventories of earlier years and sends the chosen ids', async () => {
    render(<Harness year={THIS_YEAR} />);
    const group = screen.getByRole('group', { name: 'Copy Products From' });
    expect(group.textContent).toContain('Loading...');
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      String(THIS_YEAR - 1),
      String(THIS_YEAR - 2),
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: String(THIS_YEAR - 1) }));
    await userEvent.click(screen.getByRole('checkbox', { name: String(THIS_YEAR - 2) }));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(
      `${place.ids.get(THIS_YEAR - 1)},${place.ids.get(THIS_YEAR - 2)}`,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: String(THIS_YEAR - 1) }));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(
      `${place.ids.get(THIS_YEAR - 2)}`,
    );
  });

  it('offers only the years before the chosen one, and says when there are none', async () => {
    const { unmount } = render(<Harness year={THIS_YEAR - 1} />);
    expect((await screen.findAllByRole('checkbox')).map((box) => box.closest('label')?.textContent)).toEqual([
      String(THIS_YEAR - 2),
    ]);
    unmount();
    render(<Harness year={THIS_YEAR - 2} />);
    expect(await screen.findByText('No earlier inventories of this facility.')).toBeTruthy();
  });

  it('waits for the year, customer and facility before asking the server', async () => {
    const before = (await server.requests()).length;
    const { unmount } = render(<Harness year={undefined} />);
    expect(screen.getByText('Choose the year, customer and facility first.')).toBeTruthy();
    unmount();
    render(<Harness year={THIS_YEAR} facility={false} />);
    expect(screen.getByText('Choose the year, customer and facility first.')).toBeTruthy();
    const years = (await server.requests())
      .slice(before)
      .filter((request) => request.url.includes('years-list'));
    expect(years).toEqual([]);
  });
});
