import {
  type ContactPhoneType,
  type ContactResource,
  formatTypedPhone,
  type SaveContact,
  SaveContactRequestSchema,
} from '@chemtrack/domain';
import { z } from 'zod';

/** One phone row of the form. */
export interface PhoneRow {
  phone_number: string;
  phone_type: ContactPhoneType | '';
}

/** The contact form's values: text as typed, the customer picked, types ticked, phones as rows. */
export interface ContactFormValues {
  customer_id: number | '';
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  mailing_street: string;
  mailing_city: string;
  mailing_state: string;
  mailing_zip: string;
  mailing_country: string;
  contact_types: string[];
  phones: PhoneRow[];
  /** Issue 33: the facilities that name the contact (staff link them here, not on the admin's facility form). */
  facility_ids: number[];
}

export const EMPTY_PHONE: PhoneRow = { phone_number: '', phone_type: '24-hour' };

export function emptyContactForm(customerId?: number): ContactFormValues {
  return {
    customer_id: customerId ?? '',
    first_name: '',
    last_name: '',
    title: '',
    email: '',
    mailing_street: '',
    mailing_city: '',
    mailing_state: '',
    mailing_zip: '',
    mailing_country: 'USA',
    contact_types: [],
    phones: [{ ...EMPTY_PHONE }],
    facility_ids: [],
  };
}

export function toContactForm(contact: ContactResource): ContactFormValues {
  return {
    customer_id: contact.customer_id,
    first_name: contact.first_name,
    last_name: contact.last_name,
    title: contact.title,
    email: contact.email,
    mailing_street: contact.mailing_street,
    mailing_city: contact.mailing_city,
    mailing_state: contact.mailing_state,
    mailing_zip: contact.mailing_zip,
    mailing_country: contact.mailing_country,
    contact_types: contact.contact_types,
    phones: contact.phones.map((phone) => ({
      phone_number: formatTypedPhone(phone.phone_number),
      phone_type: phone.phone_type as ContactPhoneType,
    })),
    facility_ids: contact.facilities.map((facility) => facility.id),
  };
}

/**
 * The domain's save rules over the form's values; a phone row left wholly empty is dropped
 * first, so an unused last row is not an error.
 */
export const ContactFormSchema = z.preprocess(
  (values: ContactFormValues) => ({
    ...values,
    phones: values.phones.filter((phone) => phone.phone_number.trim() !== ''),
  }),
  SaveContactRequestSchema,
);
export type ParsedContactForm = SaveContact;
