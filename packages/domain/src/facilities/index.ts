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
import { AutocompleteQuerySchema, CURSOR_QUERY_FIELD, makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

/** The largest head count the form takes (the column is an integer; no site holds more). */
export const MAX_OCCUPANTS = 1_000_000;
/** At most this many contacts a facility names. */
export const MAX_FACILITY_CONTACTS = 50;

export const FACILITY_MSG = {
  countyMax: 'County must be less than 100 characters',
  coordinatorNameMax: 'Emergency Coordinator Name must be less than 150 characters',
  coordinatorTitleMax: 'Emergency Coordinator Title must be less than 100 characters',
  coordinatorPhone: 'Emergency Coordinator 24-Hour Phone must be 10 digits',
  retailStation: 'Retail gas station must be true or false',
  ustCompliant: 'Underground tanks compliant must be true or false',
  retailFacility: 'Retail facility must be true or false',
  spccCouldDischarge: 'Could discharge oil to navigable waters must be true or false',
  naicsCode: 'NAICS Code must be 6 digits',
  dunsNumber: 'D-U-N-S Number must be 9 digits',
  rmpFacilityId: 'RMP Facility ID must be 12 digits',
  triFacilityId: 'TRI Facility ID must be 15 characters: a 5-digit ZIP code, then 10 letters or digits',
  latitude: 'Latitude must be a number from -90 to 90 with at most 6 decimals',
  longitude: 'Longitude must be a number from -180 to 180 with at most 6 decimals',
  fireDistrictMax: 'Fire District must be less than 100 characters',
  manned: 'Manned must be true, false or empty',
  maxOccupants: `Maximum Occupants must be a whole number from 0 to ${MAX_OCCUPANTS}`,
  contactIds: 'Contacts must be a list of contact ids',
  contactTwice: 'A contact is listed twice',
  contactsMax: `A facility names at most ${MAX_FACILITY_CONTACTS} contacts`,
  contactsOfCustomer: "Contacts must belong to the facility's customer",
} as const;

/** An optional identifier of a fixed shape: '' (or null) clears it; anything else must match, never trimmed into shape. */
function identifierSchema(pattern: RegExp, message: string) {
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => (value ?? '').toUpperCase())
    .refine((value) => value === '' || pattern.test(value), message)
    .optional();
}

/**
 * A latitude or longitude as typed or sent: an optional minus and a plain decimal with at most 6
 * decimals, within ±`limit`; empty is null. Exponents, commas and units are refused, not bent.
 * Answered as the decimal's text ("29.760427"), which the numeric column stores as is.
 */
function coordinateSchema(limit: number, message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
      if (text === '') return null;
      const match = /^(-?)(\d{1,3})(?:\.(\d{1,6}))?$/.exec(text.replace(/^−/, '-'));
      if (!match || Math.abs(Number(text.replace(/^−/, '-'))) > limit) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return `${match[1]}${Number(match[2])}${match[3] ? `.${match[3]}` : ''}`;
    })
    .optional();
}

/** A facility flag that may be unknown: true, false, or empty (null). */
const optionalFlag = (message: string) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', '']), z.null()], {
      error: message,
    })
    .transform((value) =>
      value === null || value === ''
        ? null
        : value === true || value === 1 || value === '1' || value === 'true',
    )
    .optional();

/** A head count: a whole number 0 or more as typed or sent ("12.5" and "-1" are refused); empty is null. */
const occupantsSchema = z
  .union([z.string(), z.number()], { error: FACILITY_MSG.maxOccupants })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return null;
    if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_OCCUPANTS) {
      ctx.addIssue({ code: 'custom', message: FACILITY_MSG.maxOccupants });
      return z.NEVER;
    }
    return Number(text);
  })
  .optional();

/**
 * The facility's Tier II identification (National Tier II Data Standard, issue 25). Each omitted
 * field keeps what is stored; '' or null clears it.
 */
export const FACILITY_TIER2_FIELDS = {
  naics_code: identifierSchema(/^\d{6}$/, FACILITY_MSG.naicsCode),
  duns_number: identifierSchema(/^\d{9}$/, FACILITY_MSG.dunsNumber),
  rmp_facility_id: identifierSchema(/^\d{12}$/, FACILITY_MSG.rmpFacilityId),
  tri_facility_id: identifierSchema(/^\d{5}[A-Z0-9]{10}$/, FACILITY_MSG.triFacilityId),
  latitude: coordinateSchema(90, FACILITY_MSG.latitude),
  longitude: coordinateSchema(180, FACILITY_MSG.longitude),
  fire_district: optionalTextSchema(100, FACILITY_MSG.fireDistrictMax).optional(),
  is_manned: optionalFlag(FACILITY_MSG.manned),
  max_occupants: occupantsSchema,
};

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
  /**
   * A retail facility: more than half of its income from direct sales to end users. OSHA PSM does
   * not apply (29 CFR 1910.119(a)(2)(i)); RMP leaves out flammables held for sale as fuel (68.126).
   */
  is_retail_facility: facilityFlag(FACILITY_MSG.retailFacility),
  /** 40 CFR 112.1(b): could reasonably be expected to discharge oil to navigable waters or shorelines (SPCC). */
  spcc_could_discharge: facilityFlag(FACILITY_MSG.spccCouldDischarge),
  ...FACILITY_TIER2_FIELDS,
  /**
   * The contacts the facility names, in order: ids of its customer's contacts (decision 018).
   * Omitted keeps the stored list; [] names none.
   */
  contact_ids: z
    .array(recordIdSchema(FACILITY_MSG.contactIds), { error: FACILITY_MSG.contactIds })
    .max(MAX_FACILITY_CONTACTS, FACILITY_MSG.contactsMax)
    .refine((ids) => new Set(ids).size === ids.length, FACILITY_MSG.contactTwice)
    .optional(),
  is_active: ActiveFlagSchema.optional(),
  ...READ_VERSION_FIELD,
  encode: EncodeFlagSchema,
});
export type SaveFacilityRequest = z.input<typeof SaveFacilityRequestSchema>;

/** A contact as a facility names it. */
export const FacilityContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  contact_types: z.array(z.string()),
  /** The contact's first 24-hour phone, '' when none. */
  phone_24_hour: z.string(),
});
export type FacilityContact = z.infer<typeof FacilityContactSchema>;

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
  is_retail_facility: z.boolean(),
  spcc_could_discharge: z.boolean(),
  naics_code: z.string(),
  duns_number: z.string(),
  rmp_facility_id: z.string(),
  tri_facility_id: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  fire_district: z.string(),
  is_manned: z.boolean().nullable(),
  max_occupants: z.number().nullable(),
  /** The state fields a Tier II file carried for the facility, kept as they came (read-only). */
  tier2_state_fields: z.array(
    z.object({
      label: z.string(),
      t2s_fieldname: z.string(),
      data: z.string(),
      required: z.boolean().nullable(),
    }),
  ),
  /** The contacts it names, in order (the detail call; the list leaves them out). */
  contacts: z.array(FacilityContactSchema),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FacilityResource = z.infer<typeof FacilityResourceSchema>;

/** Facilities a customer owns or shares: the filter of the facilities list and picker. */
const CustomerFilter = { customer_id: recordIdSchema('The customer id must be a record id').optional() };

export const FACILITY_ORDER_KEYS = ['name', 'customer_name', 'updated_at', 'created_at'] as const;
export const FacilityListQuerySchema = makeListQuerySchema(FACILITY_ORDER_KEYS)
  .extend(CustomerFilter)
  .extend(CURSOR_QUERY_FIELD);
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
  is_retail_facility: 'Retail facility (more than half of income from direct sales to end users)',
  naics_code: 'NAICS Code',
  duns_number: 'D-U-N-S Number',
  rmp_facility_id: 'RMP Facility ID',
  tri_facility_id: 'TRI Facility ID',
  latitude: 'Latitude',
  longitude: 'Longitude',
  fire_district: 'Fire District',
  is_manned: 'Manned',
  max_occupants: 'Maximum Occupants',
  tier2_state_fields: 'Tier II State Fields',
  contacts: 'Contacts',
  contact_ids: 'Contacts',
  is_active: 'Active',
} as const;
