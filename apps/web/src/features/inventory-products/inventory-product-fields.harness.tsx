import type { InventoryProductResource, SaveInventoryProduct } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { InventoryProductFields } from './inventory-product-fields.tsx';
import {
  EMPTY_INVENTORY_PRODUCT_FORM,
  InventoryProductFormSchema,
  type InventoryProductFormValues,
  toInventoryProductForm,
} from './inventory-product-values.ts';

/*
 * What the tests of the line form's fields share: the form around the fields, a
 * picker's choice, and jsdom without layout. Not a test file: the tests import it.
 */

/**
 * Each test starts with jsdom's missing layout stubbed and ends with no notice open. jsdom does no
 * layout: Radix's checkbox measures itself through ResizeObserver, the picker's end marker shows
 * through IntersectionObserver (nothing here needs it to).
 */
export function withoutLayout() {
  beforeEach(() => {
    class NoLayoutObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', NoLayoutObserver);
    vi.stubGlobal('ResizeObserver', NoLayoutObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => dismissToast());
  });
}

/**
 * The line form's fields in a form named "Line", from `line` (empty
 * without one); with `onSubmit`, a Save that hands over the parsed request. `children` go beside
 * the form (a notice probe).
 */
export function FieldsHarness({
  line,
  onSubmit,
  children,
}: {
  line?: InventoryProductResource | undefined;
  onSubmit?: (parsed: SaveInventoryProduct) => Promise<void>;
  children?: ReactNode;
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const form = useForm<InventoryProductFormValues, unknown, SaveInventoryProduct>({
    resolver: zodResolver(InventoryProductFormSchema),
    mode: 'onTouched',
    defaultValues: line ? toInventoryProductForm(line) : EMPTY_INVENTORY_PRODUCT_FORM,
  });
  return (
    <QueryClientProvider client={client}>
      <form aria-label="Line" onSubmit={onSubmit && form.handleSubmit(onSubmit)}>
        <InventoryProductFields form={form} disabled={false} />
        {onSubmit ? <button type="submit">Save</button> : null}
      </form>
      {children}
    </QueryClientProvider>
  );
}

/**
 * Opens a picker, searches and picks the option, once the list shows only matching options (the
 * answer to the search, 500 ms after the typing). The machine is shared with other test runs: a
 * slow answer is given five seconds.
 */
export async function pick(label: string, search: string, option: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  // The picker keeps its last search: it is replaced.
  await userEvent.clear(screen.getByRole('textbox', { name: 'Search' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), search);
  await waitFor(
    () => {
      const names = within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((element) => element.textContent ?? '');
      expect(names.length > 0 && names.every((name) => option.test(name)), names.join(', ')).toBe(true);
    },
    { timeout: 5000 },
  );
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), { timeout: 5000 });
}
