import type { AutocompleteItem } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PagedPicker } from './paged-picker.tsx';

const NAMES = Array.from({ length: 14 }, (_, i) => `Customer ${String(i + 1).padStart(2, '0')}`);

/** A fake autocomplete endpoint: 10 a page, filtered by `search`. */
function answer(url: URL) {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const page = Number(url.searchParams.get('page'));
  const ipp = Number(url.searchParams.get('ipp'));
  const all = NAMES.filter((name) => name.toLowerCase().includes(search));
  const items = all
    .slice((page - 1) * ipp, page * ipp)
    .map((name) => ({ id: NAMES.indexOf(name) + 1, name }));
  const meta = {
    current_page: page,
    last_page: Math.max(1, Math.ceil(all.length / ipp)),
    per_page: ipp,
    total: all.length,
  };
  return new Response(JSON.stringify({ resource: { items, meta } }), {
    headers: { 'content-type': 'application/json' },
  });
}

const observers: { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined }[] =
  [];
const requests: URL[] = [];
/** While set, answers wait for it: the test sees the loading state. */
let gate: Promise<void> | undefined;

beforeEach(() => {
  observers.length = 0;
  requests.length = 0;
  gate = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      await gate;
      return answer(url);
    }),
  );
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
    let release = () => {};
    gate = new Promise((resolve) => {
      release = resolve;
    });
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    expect(await screen.findByText('Loading...')).toBeTruthy();
    release();
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    const first = requests[0];
    expect(first?.pathname).toBe('/api/admin/v1/customers/autocomplete-list');
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
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2');

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
    expect(requests.at(-1)?.searchParams.get('search')).toBe('nothing like it');

    await userEvent.clear(search);
    await userEvent.type(search, 'Customer 0');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(9));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Customer' }).textContent).toContain('Customer 02');
  });
});
