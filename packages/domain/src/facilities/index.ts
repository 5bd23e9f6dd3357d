import { z } from 'zod';
import { AddressResourceSchema, AddressSchema } from '../addresses/index.ts';
import { CUSTOMER_MSG } from '../customers/index.ts';
import {
  ActiveFlagSchema,
  EncodeFlagSchema,
  optionalPhoneSchema,
  optionalTextSchema,
  recordIdSchema,
  requiredTextSchema,
} from '../shared/fields.ts';
import { AutocompleteQuerySchema, makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

export const FACILITY_MSG = {
  countyMax: 'County must be less than 100 characters',
  coordinatorNameMax: 'Emergency Coordinator Name must be less than 150 characters',
  coordinatorTitleMax: 'Emergency Coordinator Title must be less than 100 characters',
  coordinatorPhone: 'Emergency Coordinator 24-Hour Phone must be 10 digits',
  retailStation: 'Retail gas station must be true or false',
  ustCompliant: 'Underground tanks compliant must be true or false',
  spccCouldDischarge: 'Could discharge oil to navigable waters must be true or false',
} as const;

/** A facility flag as a form or an API client sends it; omitted keeps what is stored. */
const facilityFlag = (message: string) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], { error: message })
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
    .optional();

export const SaveFacilityRequestSchema = z.object({
  name: requiredTextSchema(150, CUSTOMER_MSG.facilityNameRequired, CUSTOMER_MSG.facilityNameMax),
  customer_id: recordIdSchema(CUSTOMER_MSG.customerRequired),
  address: AddressSchema,
  /** The report header's county (rules §0.6); omitted keeps what is stored. */
  county: optionalTextSchema(100, FACILITY_MSG.countyMax).optional(),
  /**
   * The facility emergency coordinator the 302 notification names (40 CFR 355.20(b)): name, title
   * and a 24-hour phone. Each omitted keeps what is stored.
   */
  emergency_coordinator_name: optionalTextSchema(150, FACILITY_MSG.coordinatorNameMax).optional(),
  emergency_coordinator_title: optionalTextSchema(100, FACILITY_MSG.coordinatorTitleMax).optional(),
  emergency_coordinator_phone: optionalPhoneSchema(FACILITY_MSG.coordinatorPhone).optional(),
  /**
   * 40 CFR 370.10(a)(2): a retail station selling gasoline or diesel mainly to the public, whose
   * fuel was all in underground tanks compliant with 40 CFR 280/281 the whole preceding year. With
   * both, Tier II tests gasoline against 75,000 gal and diesel against 100,000 gal.
   */
  is_retail_gas_station: facilityFlag(FACILITY_MSG.retailStation),
  is_ust_compliant: facilityFlag(FACILITY_MSG.ustCompliant),
  /** 40 CFR 112.1(b): could reasonably be expected to discharge oil to navigable waters or shorelines (SPCC). */
  spcc_could_discharge: facilityFlag(FACILITY_MSG.spccCouldDischarge),
  is_active: ActiveFlagSchema.optional(),
  ...READ_VERSION_FIELD,
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
  emergency_coordinator_name: z.string(),
  emergency_coordinator_title: z.string(),
  emergency_coordinator_phone: z.string(),
  is_retail_gas_station: z.boolean(),
  is_ust_compliant: z.boolean(),
  spcc_could_discharge: z.boolean(),
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

/** A facility's fields under the labels its form shows (the audit log names them so, issue 22). */
export const FACILITY_FIELD_LABELS = {
  name: 'Facility Name',
  customer_id: 'Customer',
  customer: 'Customer',
  customers: 'Customers',
  address: 'Address',
  full_address: 'Address',
  county: 'County',
  emergency_coordinator_name: 'Emergency Coordinator Name',
  emergency_coordinator_title: 'Emergency Coordinator Title',
  emergency_coordinator_phone: 'Emergency Coordinator 24-Hour Phone',
  is_retail_gas_station: 'Retail station selling gasoline or diesel mainly to the public',
  is_ust_compliant: 'Underground tanks compliant all of the preceding year',
  is_active: 'Active',
} as const;
