import { z } from 'zod';
import { AddressResourceSchema, AddressSchema, BillingAddressSchema } from '../addresses/index.ts';
import {
  ActiveFlagSchema,
  EncodeFlagSchema,
  optionalIsoDateSchema,
  requiredTextSchema,
} from '../shared/fields.ts';
import { CURSOR_QUERY_FIELD, makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';
import { CONFIRM_DUPLICATE_FIELD, sameNameConflictSchema } from '../shared/same-name.ts';

export const CUSTOMER_MSG = {
  nameRequired: 'Customer name is required',
  nameMax: 'Customer name must be less than 150 characters',
  preparedAt: 'Prepared date must be a valid date (MM/DD/YYYY).',
  facilityNameRequired: 'Facility name is required',
  facilityNameMax: 'Facility name must be less than 150 characters',
  customerRequired: 'Customer is required',
  duplicate: (name: string, city: string) =>
    city ? `A customer named ${name} already exists in ${city}.` : `A customer named ${name} already exists.`,
} as const;

export const SaveCustomerRequestSchema = z.object({
  name: requiredTextSchema(150, CUSTOMER_MSG.nameRequired, CUSTOMER_MSG.nameMax),
  prepared_at: optionalIsoDateSchema(CUSTOMER_MSG.preparedAt).optional(),
  address: AddressSchema,
  billing_address: BillingAddressSchema.optional(),
  is_same_billing_address: ActiveFlagSchema.optional(),
  is_active: ActiveFlagSchema.optional(),
  /**
   * Two companies may share a name, but usually a second one is a mistake: a name another customer
   * has (ignoring case and spacing) is a 409 naming it, unless this confirms the user meant it.
   */
  ...CONFIRM_DUPLICATE_FIELD,
  ...READ_VERSION_FIELD,
  encode: EncodeFlagSchema,
});
export type SaveCustomerRequest = z.input<typeof SaveCustomerRequestSchema>;

/** The customer a new or renamed one shares its name with: enough for the user to recognise it. */
export const SameNameCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  is_active: z.boolean(),
});
export type SameNameCustomer = z.infer<typeof SameNameCustomerSchema>;

/** The 409 of a save whose name another customer has, until `confirm_duplicate` says so. */
export const CustomerDuplicateSchema = sameNameConflictSchema(SameNameCustomerSchema);

/** Customer picker rows carry the company's city, so two customers of one name can be told apart. */
export const CustomerAutocompleteItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
});
export type CustomerAutocompleteItem = z.infer<typeof CustomerAutocompleteItemSchema>;

/** A facility as a customers list row shows it. */
const FacilityRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  full_address: z.string(),
  is_active: z.boolean(),
});

export const CustomerResourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  prepared_at: z.string().nullable(),
  address: AddressResourceSchema,
  billing_address: AddressResourceSchema.omit({ phone: true }),
  billingAddress: AddressResourceSchema.omit({ phone: true }),
  is_same_billing_address: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerResource = z.infer<typeof CustomerResourceSchema>;

/** One row per customer × facility; a customer without facilities has `facility: null`. */
export const CustomerListRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  is_active: z.boolean(),
  address: AddressResourceSchema,
  facility: FacilityRefSchema.nullable(),
});
export type CustomerListRow = z.infer<typeof CustomerListRowSchema>;

/** `order_by` keys of the customers list: `name` and `customer_name` both sort by the company. */
export const CUSTOMER_ORDER_KEYS = [
  'name',
  'customer_name',
  'facility_name',
  'updated_at',
  'created_at',
] as const;
export const CustomerListQuerySchema = makeListQuerySchema(CUSTOMER_ORDER_KEYS).extend(CURSOR_QUERY_FIELD);
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

/** A customer's fields under the labels its form shows (the audit log names them so, issue 22). */
export const CUSTOMER_FIELD_LABELS = {
  name: 'Customer Name',
  phone: 'Phone',
  prepared_at: 'Questionnaire Prepared',
  address: 'Address',
  billing_address: 'Billing Address',
  billingAddress: 'Billing Address',
  is_same_billing_address: 'Billing Address Same as Address',
  is_active: 'Active',
} as const;
