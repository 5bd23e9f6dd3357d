import { INVENTORY_MSG, type InventoryResource } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { InventoryFilingFields } from './inventory-filing-fields.tsx';
import {
  EMPTY_INVENTORY_FORM,
  FILING_FIELD_LABELS,
  filingFactsBody,
  InventoryFormSchema,
  type InventoryFormValues,
  type ParsedInventoryForm,
  toInventoryForm,
} from './inventory-form.ts';

/** A 2020 inventory of customer 1's facility 2, as the inventory form holds it. */
const BASE: InventoryFormValues = { ...EMPTY_INVENTORY_FORM, year: 2020, customer_id: 1, facility_id: 2 };

/** The rows inside a form checked by the inventory's own rules, as Inventory Details does. */
function Harness({ initial, onSave }: { initial: InventoryFormValues; onSave: (values: unknown) => void }) {
  const form = useForm<InventoryFormValues, unknown, ParsedInventoryForm>({
    resolver: zodResolver(InventoryFormSchema),
    defaultValues: initial,
  });
  return (
    <form onSubmit={form.handleSubmit((parsed) => onSave(filingFactsBody(parsed)))}>
      <InventoryFilingFields control={form.control} register={form.register} errors={form.formState.errors} />
      <button type="submit">Save</button>
    </form>
  );
}

const field = (name: keyof typeof FILING_FIELD_LABELS) => screen.getByLabelText(FILING_FIELD_LABELS[name]);

describe('Inventory Details: the Tier II certifier and the EHS day (issue 36)', () => {
  it('shows the rows under their headings, and the domain’s messages under the fields', async () => {
    const onSave = vi.fn();
    render(<Harness initial={BASE} onSave={onSave} />);
    expect(screen.getByRole('group', { name: 'Tier II certification' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'EPCRA 302' })).toBeTruthy();
    // A title with no name, a day signed in the future, an EHS day after the inventory year.
    await userEvent.type(field('certifier_title'), 'Plant Manager');
    await userEvent.type(field('date_signed'), '01012999');
    await userEvent.type(field('ehs_first_present_on'), '01052021');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('Certifier name is required with a title or a date signed.')).toBeTruthy(),
    );
    expect(screen.getByText(INVENTORY_MSG.dateSignedFuture)).toBeTruthy();
    expect(screen.getByText('EHS first present on cannot be after the inventory year 2020.')).toBeTruthy();
    expect(field('certifier_name').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);

  it('sends what was typed as the request reads it: the days as yyyy-MM-dd', async () => {
    const onSave = vi.fn();
    render(<Harness initial={BASE} onSave={onSave} />);
    await userEvent.type(field('certifier_name'), ' Dana Reyes ');
    await userEvent.type(field('certifier_title'), 'Plant Manager');
    await userEvent.type(field('date_signed'), '02202021');
    await userEvent.type(field('ehs_first_present_on'), '03102020');
    expect(field('date_signed')).toHaveProperty('value', '02/20/2021');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      certifier_name: 'Dana Reyes',
      certifier_title: 'Plant Manager',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
    });
  }, 30_000);

  it('starts from the saved inventory, and sends emptied days as none', async () => {
    const onSave = vi.fn();
    const saved = {
      id: 9,
      year: 2020,
      customer_id: 1,
      facility_id: 2,
      customer: { id: 1, name: 'Gulf' },
      facility: { id: 2, name: 'Plant' },
      technicians: [],
      duplicates: [],
      is_completed: false,
      is_active: true,
      certifier_name: 'Dana Reyes',
      certifier_title: '',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
      created_at: '2021-01-01T00:00:00.000Z',
      updated_at: '2021-01-01T00:00:00.000Z',
    } satisfies InventoryResource;
    render(<Harness initial={toInventoryForm(saved)} onSave={onSave} />);
    expect(field('certifier_name')).toHaveProperty('value', 'Dana Reyes');
    expect(field('date_signed')).toHaveProperty('value', '02/20/2021');
    expect(field('ehs_first_present_on')).toHaveProperty('value', '03/10/2020');
    await userEvent.clear(field('ehs_first_present_on'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      certifier_name: 'Dana Reyes',
      certifier_title: '',
      date_signed: '2021-02-20',
      ehs_first_present_on: null,
    });
  }, 30_000);
});
