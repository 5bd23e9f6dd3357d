import { compliance, type SaveProduct } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tier2HazardCategoriesField } from './product-data-fields.tsx';
import {
  EMPTY_PRODUCT_FORM,
  ProductFormSchema,
  type ProductFormValues,
  toProductBody,
} from './product-form.ts';

beforeEach(() => {
  // Radix's checkbox measures itself through ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function Harness({
  initial = [],
  disabled,
  onSave,
}: {
  initial?: compliance.Tier2HazardCategory[];
  disabled?: boolean;
  onSave: (body: ReturnType<typeof toProductBody>) => void;
}) {
  const form = useForm<ProductFormValues, unknown, SaveProduct>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: {
      ...EMPTY_PRODUCT_FORM,
      name: 'Oxidizer',
      mfg_name: 'Maker',
      tier2_hazard_categories: initial,
    },
  });
  return (
    <FormProvider {...form}>
      <form
        aria-label="Product"
        onSubmit={form.handleSubmit((parsed) =>
          onSave(toProductBody(parsed, { savedFile: null, isStatusChosen: false })),
        )}
      >
        <Tier2HazardCategoriesField disabled={disabled} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('Tier II hazard categories on the product form', () => {
  it('offers the 23 labels of the data standard in three groups and sends the ticked ones in its order', async () => {
    const onSave = vi.fn();
    render(<Harness initial={['Corrosive to metal']} onSave={onSave} />);
    for (const category of compliance.TIER2_HAZARD_CATEGORIES) {
      expect(screen.getByRole('checkbox', { name: category }), category).toBeTruthy();
    }
    expect(screen.getAllByRole('checkbox')).toHaveLength(23);
    expect(screen.getByRole('group', { name: 'Other' }).textContent).toContain(
      'Hazard Not Otherwise Classified',
    );
    expect(screen.getByRole('checkbox', { name: 'Corrosive to metal' }).getAttribute('data-state')).toBe(
      'checked',
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Simple Asphyxiant' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Explosive' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Corrosive to metal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0].tier2_hazard_categories).toEqual(['Explosive', 'Simple Asphyxiant']);
  });

  it('is blocked as a whole when disabled (a line of a catalog product)', () => {
    render(<Harness initial={['Explosive']} disabled onSave={vi.fn()} />);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Explosive' }).getAttribute('data-state')).toBe('checked');
  });
});
