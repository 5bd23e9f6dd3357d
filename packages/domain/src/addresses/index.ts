import { z } from 'zod';
import { OptionalPhoneSchema } from '../shared/fields.ts';

export const ADDRESS_MSG = {
  addressMin: 'Address must contain at least 1 character',
  addressMax: 'Address must be less than 200 characters',
  stateRequired: 'State must be selected',
  cityMin: 'City must contain at least 1 character',
  cityMax: 'City must be less than 100 characters',
  zipDigits: 'ZIP code must contain only digits',
  zipMin: 'ZIP code must be at least 4 digits',
  zipMax: 'ZIP code must not exceed 5 digits',
  billingZip: 'ZIP code must be 4-5 digits',
  /** Ours (the spec is silent): a save without the address object, or with something else in its place. */
  required: 'The address is required',
} as const;

const text = (value: unknown) => (value === null || value === undefined ? '' : value);

/** The company or facility address; absent (or not an object) gives ADDRESS_MSG.required. */
export const AddressSchema = z.object(
  {
    address: z.preprocess(
      text,
      z.string().trim().min(1, ADDRESS_MSG.addressMin).max(200, ADDRESS_MSG.addressMax),
    ),
    city: z.preprocess(text, z.string().trim().min(1, ADDRESS_MSG.cityMin).max(100, ADDRESS_MSG.cityMax)),
    state: z.preprocess(
      text,
      z.string().trim().min(1, ADDRESS_MSG.stateRequired).max(2, ADDRESS_MSG.stateRequired),
    ),
    zip: z.preprocess(
      text,
      z
        .string()
        .trim()
        .regex(/^\d*$/, { error: ADDRESS_MSG.zipDigits, abort: true })
        .min(4, ADDRESS_MSG.zipMin)
        .max(5, ADDRESS_MSG.zipMax),
    ),
    phone: OptionalPhoneSchema,
  },
  { error: ADDRESS_MSG.required },
);
export type AddressInput = z.input<typeof AddressSchema>;
export type Address = z.output<typeof AddressSchema>;

/** Billing fields are all optional; a ZIP, when given, is 4 to 5 digits. */
export const BillingAddressSchema = z.object({
  address: z.preprocess(text, z.string().trim().max(200, ADDRESS_MSG.addressMax)),
  city: z.preprocess(text, z.string().trim().max(100, ADDRESS_MSG.cityMax)),
  state: z.preprocess(text, z.string().trim().max(2, ADDRESS_MSG.stateRequired)),
  zip: z.preprocess(
    text,
    z
      .string()
      .trim()
      .regex(/^(\d{4,5})?$/, ADDRESS_MSG.billingZip),
  ),
});
export type BillingAddress = z.output<typeof BillingAddressSchema>;

export const AddressResourceSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
});
export type AddressResource = z.infer<typeof AddressResourceSchema>;

/** "12 Main St, Austin, TX 78701" — empty parts left out. */
export function formatFullAddress(
  address: Pick<AddressResource, 'address' | 'city' | 'state' | 'zip'> | null | undefined,
) {
  if (!address) return '';
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ');
  return [address.address, address.city, stateZip].filter(Boolean).join(', ');
}

export const StateSchema = z.object({ code: z.string(), title: z.string() });
export type State = z.infer<typeof StateSchema>;

/** The address fields under the labels the forms show them with (audit log, issue 22). */
export const ADDRESS_FIELD_LABELS = {
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP Code',
  phone: 'Phone',
} as const;
