import type { SaveProduct } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_PRODUCT_FORM, ProductFormSchema, type ProductFormValues } from './product-form.ts';
import { ProductMeasureFields } from './product-measure-fields.tsx';
import { useSpecificGravityCheck } from './specific-gravity-check.tsx';

/** The measures with a Save wired as the product form wires it. */
function Harness({
  onSave,
  values,
}: {
  onSave: (parsed: SaveProduct) => void;
  values?: Partial<ProductFormValues>;
}) {
  const form = useForm<ProductFormValues, unknown, SaveProduct>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: { ...EMPTY_PRODUCT_FORM, name: 'Mercury', mfg_name: 'Acme', ...values },
  });
  const gravityCheck = useSpecificGravityCheck();
  const onSubmit = form.handleSubmit((parsed) =>
    gravityCheck.confirmThen(parsed.specific_gravity, form.getFieldState('specific_gravity').isDirty, () =>
      onSave(parsed),
    ),
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <ProductMeasureFields />
        <button type="submit">Save</button>
      </form>
      {gravityCheck.dialog}
    </FormProvider>
  );
}

// Issue 33 point 3: a specific gravity over 5 asks to confirm before the save goes.
describe('the specific gravity check on save', () => {
  it('asks before saving a specific gravity above 5 and saves only on confirm', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '17.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check Specific Gravity' });
    expect(dialog.textContent).toContain(
      'Specific Gravity 17.5 is above 5: heavier than almost any liquid (mercury is 13.5). Save it anyway?',
    );
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Anyway' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ specific_gravity: 17.5, pounds_per_gallon: 145.95 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saves a specific gravity of 5 or less, and an unchanged saved one, without asking', async () => {
    const onSave = vi.fn();
    const { unmount } = render(<Harness onSave={onSave} />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    unmount();
    render(<Harness onSave={onSave} values={{ physical_state: 'liquid', specific_gravity: '13.5' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
