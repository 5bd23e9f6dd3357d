import {
  type CustomerResource,
  isoToUsDate,
  SaveCustomerRequestSchema,
  usDateToIso,
} from '@chemtrack/domain';
import { z } from 'zod';
import type { AddressValues } from './address-fields.tsx';
import type { CustomerBody } from './api.ts';

/** What the customer form holds: text as typed, the prepared date as MM/DD/YYYY. */
export interface CustomerFormValues {
  name: string;
  prepared_at: string;
  address: AddressValues;
  billing_address: AddressValues;
  is_same_billing_address: boolean;
}

export type ParsedCustomerForm = z.output<typeof SaveCustomerRequestSchema>;

export const EMPTY_ADDRESS: AddressValues = { address: '', city: '', state: '', zip: '', phone: '' };

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  name: '',
  prepared_at: '',
  address: EMPTY_ADDRESS,
  billing_address: EMPTY_ADDRESS,
  is_same_billing_address: false,
};

export function toCustomerForm(customer: CustomerResource): CustomerFormValues {
  return {
    name: customer.name,
    prepared_at: isoToUsDate(customer.prepared_at),
    address: customer.address,
    billing_address: { ...customer.billingAddress, phone: '' },
    is_same_billing_address: customer.is_same_billing_address,
  };
}

/**
 * The form's resolver: the domain's save rules, with the date typed as MM/DD/YYYY turned into
 * the yyyy-MM-dd the request carries (spec 02 §9), as the product form does for its SDS Date.
 */
export const CustomerFormSchema = z.preprocess(
  (values: CustomerFormValues) => ({ ...values, prepared_at: usDateToIso(values.prepared_at) }),
  SaveCustomerRequestSchema,
);

/** The body to send: the same-billing flag goes as 1 or 0 (spec 02 §3). */
export function toCustomerBody(parsed: ParsedCustomerForm): CustomerBody {
  const { encode: _encode, ...body } = parsed;
  return { ...body, is_same_billing_address: parsed.is_same_billing_address ? 1 : 0 };
}
