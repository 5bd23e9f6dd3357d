import type { AutocompleteItem } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { realApiServer } from '../test/api-server.ts';
import { PagedPicker } from './paged-picker.tsx';

const NAMES = Array.from({ length: 14 }, (_, i) => `Customer ${String(i + 1).padStart(2, '0')}`);
const AUTOCOMPLETE = '/api/admin/v1/customers/autocomplete-list';

const server = realApiServer();
beforeAll(async () => {
  for (const name of NAMES) {
    const created = await server.call('staff', 'POST', '/customers/create', {
      name,
      address: { address: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', phone: '' },
      is_same_billing_address: 1,
      is_active: 1,
      encode: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});

/** The autocomplete requests the server received, in order. */
async function pickerRequests(): Promise<URL[]> {
  return (await server.requests())
    .map((request) => new URL(request.url, server.url))
    .filter((url) => url.pathname === AUTOCOMPLETE);
}

const observers: { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined }[] =
  [];

beforeEach(() => {
  observers.length = 0;
  // jsdom has no layout, so nothing ever scrolls into view: the test plays the observer.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [value, setValue] = useState<AutocompleteItem | null>(null);
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <label htmlFor="customer">Customer</label>
      <PagedPicker id="customer" path="/customers/autocomplete-list" value={value} onChange={setValue} />
    </QueryClientProvider>
  );
}

describe('PagedPicker', () => {
  it('loads 10 by name, loads the next page when the end marker shows, and picks one', async () => {
    await server.hold('request');
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await server.release();
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(
      NAMES.slice(0, 10),
    );
    const [first, ...others] = await pickerRequests();
    expect(others).toEqual([]);
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      page: '1',
      ipp: '10',
      order_by: 'name',
      order_dir: 'asc',
    });

    const observer = observers.at(-1);
    expect(observer?.options).toMatchObject({ threshold: 0.1, rootMargin: '20px' });
    observer?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(14));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(NAMES);
    expect(Object.fromEntries((await pickerRequests())[1]?.searchParams ?? [])).toEqual({
      page: '2',
      ipp: '10',
      order_by: 'name',
      order_dir: 'asc',
    });

    await userEvent.click(screen.getByRole('option', { name: 'Customer 12' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Customer' }).textContent).toContain('Customer 12');
  });

  it('searches after the debounce, shows "Not found." when nothing matches, and picks with the keyboard', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    await screen.findAllByRole('option');
    const search = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.type(search, 'nothing like it');
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect((await pickerRequests()).at(-1)?.searchParams.get('search')).toBe('nothing like it');

    await userEvent.clear(search);
    await userEvent.type(search, 'Customer 0');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(9));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Customer' }).textContent).toContain('Customer 02');
  });
});
