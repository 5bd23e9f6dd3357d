import { z } from 'zod';
import { AddressResourceSchema, AddressSchema } from '../addresses/index.ts';
import { CUSTOMER_MSG } from '../customers/index.ts';
import {
  ActiveFlagSchema,
  EncodeFlagSchema,
  optionalTextSchema,
  recordIdSchema,
  requiredTextSchema,
} from '../shared/fields.ts';
import { AutocompleteQuerySchema, makeListQuerySchema } from '../shared/list.ts';

export const FACILITY_MSG = {
  countyMax: 'County must be less than 100 characters',
} as const;

export const SaveFacilityRequestSchema = z.object({
  name: requiredTextSchema(150, CUSTOMER_MSG.facilityNameRequired, CUSTOMER_MSG.facilityNameMax),
  customer_id: recordIdSchema(CUSTOMER_MSG.customerRequired),
  address: AddressSchema,
  /** The report header's county (rules §0.6); omitted keeps what is stored. */
  county: optionalTextSchema(100, FACILITY_MSG.countyMax).optional(),
  is_active: ActiveFlagSchema.optional(),
  encode: EncodeFlagSchema,
});
export type SaveFacilityRequest = z.input<typeof SaveFacilityRequestSchema>;

export const FacilityResourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  customer_id: z.number(),
  customer: z.object({ id: z.number(), name: z.string() }),
  /** The owner first, then customers the facility is shared with. */
  customers: z.array(z.object({ id: z.number(), name: z.string() })),
  address: AddressResourceSchema,
  full_address: z.string(),
  county: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FacilityResource = z.infer<typeof FacilityResourceSchema>;

/** Facilities a customer owns or shares: the filter of the facilities list and picker. */
const CustomerFilter = { customer_id: recordIdSchema('The customer id must be a record id').optional() };

export const FACILITY_ORDER_KEYS = ['name', 'customer_name', 'updated_at', 'created_at'] as const;
export const FacilityListQuerySchema = makeListQuerySchema(FACILITY_ORDER_KEYS).extend(CustomerFilter);
export type FacilityListQuery = z.infer<typeof FacilityListQuerySchema>;

export const FacilityAutocompleteQuerySchema = AutocompleteQuerySchema.extend(CustomerFilter);
export type FacilityAutocompleteQuery = z.infer<typeof FacilityAutocompleteQuerySchema>;
