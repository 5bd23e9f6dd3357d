import { CONTACT_MSG, type ContactResource } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import {
  ContactFormSchema,
  type ContactFormValues,
  emptyContactForm,
  type ParsedContactForm,
  toContactForm,
} from './contact-form.ts';
import { PhoneRows } from './contacts-form.tsx';

const filled: ContactFormValues = {
  ...emptyContactForm(7),
  first_name: 'Dana',
  last_name: 'Reyes',
  contact_types: ['Emergency Contact'],
  phones: [{ phone_number: '(713) 555-0100', phone_type: '24-hour' }],
};

describe('the contact form’s rules', () => {
  it('drops an empty phone row and sends the rest', () => {
    const parsed = ContactFormSchema.parse({
      ...filled,
      phones: [...filled.phones, { phone_number: '  ', phone_type: 'Work' }],
    });
    expect(parsed.phones).toEqual([{ phone_number: '(713) 555-0100', phone_type: '24-hour' }]);
    expect(parsed.customer_id).toBe(7);
  });

  it('an emergency contact without a 24-hour phone is refused with the server’s message', () => {
    const result = ContactFormSchema.safeParse({
      ...filled,
      phones: [{ phone_number: '713-555-0100', phone_type: 'Work' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phones', CONTACT_MSG.emergencyNeeds24Hour],
    ]);
  });

  it('starts from a saved contact', () => {
    const contact: ContactResource = {
      id: 3,
      customer_id: 7,
      customer: { id: 7, name: 'Acme' },
      name: 'Dana Reyes',
      first_name: 'Dana',
      last_name: 'Reyes',
      title: 'EHS',
      email: 'dana@example.com',
      mailing_street: '1 Main',
      mailing_city: 'Houston',
      mailing_state: 'TX',
      mailing_zip: '77002',
      mailing_country: 'USA',
      contact_types: ['Owner / Operator'],
      phones: [{ phone_number: '713-555-0100', phone_type: 'Work' }],
      phone_24_hour: '',
      facilities: [{ id: 3, name: 'Plant 1' }],
      is_active: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(toContactForm(contact)).toEqual({
      customer_id: 7,
      first_name: 'Dana',
      last_name: 'Reyes',
      title: 'EHS',
      email: 'dana@example.com',
      mailing_street: '1 Main',
      mailing_city: 'Houston',
      mailing_state: 'TX',
      mailing_zip: '77002',
      mailing_country: 'USA',
      contact_types: ['Owner / Operator'],
      // Shown as every other phone (issue 33 point 15).
      phones: [{ phone_number: '(713) 555-0100', phone_type: 'Work' }],
      // Issue 33: the facilities naming the contact, which staff change on this form.
      facility_ids: [3],
    });
  });
});

function PhonesHarness({ onSave }: { onSave: (values: ParsedContactForm) => void }) {
  const form = useForm<ContactFormValues, unknown, ParsedContactForm>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: filled,
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <PhoneRows form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the contact form’s phone rows', () => {
  it('adds and removes rows, and shows the 24-hour rule when the 24-hour phone goes', async () => {
    const onSave = vi.fn();
    render(<PhonesHarness onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: '+ Add Phone' }));
    await userEvent.type(screen.getByLabelText('Phone 2'), '713-555-0101');
    expect(screen.getByLabelText('Phone 2 Type')).toHaveProperty('value', 'Work');
    await userEvent.click(screen.getByRole('button', { name: 'Remove phone 1' }));
    expect(screen.queryByLabelText('Phone 2')).toBeNull();
    // Formatted as every other phone once the field is left (issue 33 point 15).
    expect(screen.getByLabelText('Phone 1')).toHaveProperty('value', '(713) 555-0101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(CONTACT_MSG.emergencyNeeds24Hour)).toBeTruthy());
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Phone 1 Type'), '24-hour');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].phones).toEqual([
      { phone_number: '(713) 555-0101', phone_type: '24-hour' },
    ]);
    // Typing a dozen keys and two saves: more than the default 5 s on a loaded machine.
  }, 30_000);
});
