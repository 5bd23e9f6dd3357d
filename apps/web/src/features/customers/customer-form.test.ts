import { CUSTOMER_MSG, type CustomerResource } from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import { CustomerFormSchema, EMPTY_CUSTOMER_FORM, toCustomerBody, toCustomerForm } from './customer-form.ts';

const address = { address: '77 Industrial Pkwy', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
const base = { ...EMPTY_CUSTOMER_FORM, name: 'Pioneer Coatings', address };

function savedCustomer(prepared_at: string | null): CustomerResource {
  return {
    id: 1,
    name: 'Pioneer Coatings',
    phone: '',
    prepared_at,
    address,
    billing_address: address,
    billingAddress: address,
    is_same_billing_address: false,
    is_active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

describe('the customer form', () => {
  it('sends the prepared date typed as MM/DD/YYYY as yyyy-MM-dd, and the billing flag as 1 or 0', () => {
    const parsed = CustomerFormSchema.parse({
      ...base,
      prepared_at: '03/07/2026',
      is_same_billing_address: true,
    });
    expect(toCustomerBody(parsed)).toMatchObject({ prepared_at: '2026-03-07', is_same_billing_address: 1 });
    expect(toCustomerBody(CustomerFormSchema.parse(base))).toMatchObject({
      prepared_at: null,
      is_same_billing_address: 0,
    });
  });

  it('reports a prepared date that is not a real day', () => {
    const result = CustomerFormSchema.safeParse({ ...base, prepared_at: '02/30/2026' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['prepared_at', CUSTOMER_MSG.preparedAt],
    ]);
  });

  it('shows a saved prepared date as MM/DD/YYYY', () => {
    expect(toCustomerForm(savedCustomer('2026-03-07')).prepared_at).toBe('03/07/2026');
    expect(toCustomerForm(savedCustomer(null)).prepared_at).toBe('');
  });
});
