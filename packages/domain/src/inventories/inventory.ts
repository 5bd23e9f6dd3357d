import { z } from 'zod';
import {
  ActiveFlagSchema,
  EncodeFlagSchema,
  optionalIsoDateSchema,
  optionalTextSchema,
  recordIdSchema,
} from '../shared/fields.ts';
import { AutocompleteQuerySchema, CURSOR_QUERY_FIELD, makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

/** The first year an inventory may be recorded for (spec 02 §9: year choices 2015 to the current year). */
export const FIRST_INVENTORY_YEAR = 2015;

/** The years an inventory may be for, newest first, as the form offers them. */
export function inventoryYears(now: Date = new Date()): number[] {
  const last = now.getFullYear();
  return Array.from({ length: last - FIRST_INVENTORY_YEAR + 1 }, (_, i) => last - i);
}

/** The certifier's name and title each fit a `varchar(100)`, as the facility's emergency coordinator's title. */
export const CERTIFIER_TEXT_MAX = 100;

export const INVENTORY_MSG = {
  yearRequired: 'Year is required.',
  yearRange: (last: number) => `Year must be between ${FIRST_INVENTORY_YEAR} and ${last}.`,
  customerRequired: 'Customer is required.',
  facilityRequired: 'Facility is required.',
  facilityNotOfCustomer: 'The facility does not belong to the customer.',
  technicianInvalid: 'Each technician must be an existing technician.',
  duplicateInvalid: 'Each inventory to copy must be an earlier inventory of the same facility.',
  duplicatesFixed: 'The inventories copied from cannot be changed once the inventory is created.',
  completedLocked: 'A completed inventory can be changed by an admin only.',
  completeAdminOnly: 'Only an admin can mark an inventory completed or not completed.',
  exists: (year: number, facility: string) => `An inventory of ${facility} for ${year} already exists.`,
  copyIntoEmptyOnly: 'This inventory already has products: products are copied only into an empty inventory.',
  copySourceRequired: 'Choose the inventory to copy products from.',
  certifierNameTooLong: `Certifier name may not be greater than ${CERTIFIER_TEXT_MAX} characters.`,
  certifierTitleTooLong: `Certifier title may not be greater than ${CERTIFIER_TEXT_MAX} characters.`,
  certifierNameRequired: 'Certifier name is required with a title or a date signed.',
  dateSignedInvalid: 'Date signed must be a valid date.',
  dateSignedFuture: 'Date signed cannot be in the future.',
  ehsFirstPresentInvalid: 'EHS first present on must be a valid date.',
  ehsFirstPresentFuture: 'EHS first present on cannot be in the future.',
  ehsFirstPresentAfterYear: (year: number) =>
    `EHS first present on cannot be after the inventory year ${year}.`,
} as const;

/**
 * What a facility-year records for its filings (issue 36, decision 036): the Tier II certifier
 * (40 CFR 370.42; Tier2 Submit's `nameAndTitleOfCertifier` and `dateSigned`) and the day an EHS
 * first reached its TPQ at the facility, from which the EPCRA 302 notification runs 60 days.
 * Dates are yyyy-MM-dd; '' and null are "not recorded".
 */
export interface InventoryYearFacts {
  certifier_name: string;
  certifier_title: string;
  date_signed: string | null;
  ehs_first_present_on: string | null;
}

/** Today as yyyy-MM-dd (UTC), the day the "not in the future" rules compare with. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The rules of the facts that depend on one another or on the day, each as its field and message.
 * A field left out of `facts` is not checked (an update that leaves it out keeps what is stored;
 * the server checks the stored value with the new ones): a title or a date signed needs a name,
 * since a certification names the person who signs; a date signed cannot be in the future; the
 * EHS day cannot be in the future nor after the inventory year (the year's inventory says what
 * was on site in that year).
 */
export function inventoryYearFactIssues(
  facts: Partial<InventoryYearFacts>,
  year: number,
  today: string = todayIsoDate(),
): { field: keyof InventoryYearFacts; message: string }[] {
  const issues: { field: keyof InventoryYearFacts; message: string }[] = [];
  const hasTitleOrDate = (facts.certifier_title ?? '') !== '' || (facts.date_signed ?? null) !== null;
  if (facts.certifier_name !== undefined && facts.certifier_name === '' && hasTitleOrDate) {
    issues.push({ field: 'certifier_name', message: INVENTORY_MSG.certifierNameRequired });
  }
  if (facts.date_signed && facts.date_signed > today) {
    issues.push({ field: 'date_signed', message: INVENTORY_MSG.dateSignedFuture });
  }
  if (facts.ehs_first_present_on && facts.ehs_first_present_on > today) {
    issues.push({ field: 'ehs_first_present_on', message: INVENTORY_MSG.ehsFirstPresentFuture });
  } else if (facts.ehs_first_present_on && facts.ehs_first_present_on > `${year}-12-31`) {
    issues.push({ field: 'ehs_first_present_on', message: INVENTORY_MSG.ehsFirstPresentAfterYear(year) });
  }
  return issues;
}

/**
 * The facts as the inventory body carries them: each optional, so an update that leaves one out
 * keeps what is stored (scripts and older clients); null or '' clears it.
 */
const INVENTORY_YEAR_FACT_FIELDS = {
  certifier_name: optionalTextSchema(CERTIFIER_TEXT_MAX, INVENTORY_MSG.certifierNameTooLong).optional(),
  certifier_title: optionalTextSchema(CERTIFIER_TEXT_MAX, INVENTORY_MSG.certifierTitleTooLong).optional(),
  date_signed: optionalIsoDateSchema(INVENTORY_MSG.dateSignedInvalid).optional(),
  ehs_first_present_on: optionalIsoDateSchema(INVENTORY_MSG.ehsFirstPresentInvalid).optional(),
};

/** The empty inventory's offer (issue 33 point 10): the create form's copy, made later. */
export const copyProductsLabel = (year: number) => `Copy products from ${year}`;

const idList = (message: string) =>
  z
    .array(recordIdSchema(message), { error: message })
    .max(100, message)
    .transform((ids) => [...new Set(ids)]);

/**
 * `POST /inventories/{id}/copy-products`: the earlier inventories of the facility whose lines an
 * inventory with none yet starts from, as the create form's "copy from" would have (issue 33).
 */
export const CopyInventoryProductsRequestSchema = z.object({
  inventory_ids: idList(INVENTORY_MSG.duplicateInvalid).refine((ids) => ids.length > 0, {
    message: INVENTORY_MSG.copySourceRequired,
  }),
});
export type CopyInventoryProducts = z.output<typeof CopyInventoryProductsRequestSchema>;

/**
 * The inventory form's body (spec 02 §3 and §5). `is_completed` is read on update only, and only
 * an admin may change it; `is_active` is read on create only (archiving is the activate call).
 * `inventory_ids` are the earlier inventories of the facility whose lines the new one starts from;
 * absent on update, the ones recorded stay.
 */
export const SaveInventoryRequestSchema = z
  .object({
    year: z
      .union([z.number(), z.string()], { error: INVENTORY_MSG.yearRequired })
      .nullish()
      .transform((value, ctx) => {
        const text = String(value ?? '').trim();
        if (!/^\d{1,6}$/.test(text)) {
          ctx.addIssue({ code: 'custom', message: INVENTORY_MSG.yearRequired });
          return z.NEVER;
        }
        const year = Number(text);
        const last = new Date().getFullYear();
        if (year < FIRST_INVENTORY_YEAR || year > last) {
          ctx.addIssue({ code: 'custom', message: INVENTORY_MSG.yearRange(last) });
          return z.NEVER;
        }
        return year;
      }),
    customer_id: recordIdSchema(INVENTORY_MSG.customerRequired),
    facility_id: recordIdSchema(INVENTORY_MSG.facilityRequired),
    technician_ids: idList(INVENTORY_MSG.technicianInvalid).default([]),
    inventory_ids: idList(INVENTORY_MSG.duplicateInvalid).optional(),
    is_active: ActiveFlagSchema.optional(),
    is_completed: ActiveFlagSchema.optional(),
    ...INVENTORY_YEAR_FACT_FIELDS,
    ...READ_VERSION_FIELD,
    encode: EncodeFlagSchema,
  })
  .superRefine((body, ctx) => {
    for (const issue of inventoryYearFactIssues(body, body.year)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
export type SaveInventoryRequest = z.input<typeof SaveInventoryRequestSchema>;

const RefSchema = z.object({ id: z.number(), name: z.string() });

export const InventoryTechnicianSchema = z.object({
  id: z.number(),
  profile: z.object({ first_name: z.string(), last_name: z.string(), full_name: z.string() }),
});

/** An inventory this one was copied from. */
export const InventoryDuplicateSchema = z.object({
  id: z.number(),
  year: z.number(),
  customer: RefSchema,
  facility: RefSchema,
});

export const InventoryResourceSchema = z.object({
  id: z.number(),
  year: z.number(),
  customer_id: z.number(),
  facility_id: z.number(),
  customer: RefSchema,
  facility: RefSchema,
  technicians: z.array(InventoryTechnicianSchema),
  duplicates: z.array(InventoryDuplicateSchema),
  is_completed: z.boolean(),
  is_active: z.boolean(),
  certifier_name: z.string(),
  certifier_title: z.string(),
  /** yyyy-MM-dd or null. */
  date_signed: z.string().nullable(),
  /** yyyy-MM-dd or null: the day an EHS first reached its TPQ (the 302 notification is due 60 days on). */
  ehs_first_present_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InventoryResource = z.infer<typeof InventoryResourceSchema>;

/** A list row: the spec's flat `customer__name`, `facility__name` and `technician__names`. */
export const InventoryListRowSchema = z.object({
  id: z.number(),
  year: z.number(),
  customer: RefSchema,
  facility: RefSchema,
  customer__name: z.string(),
  facility__name: z.string(),
  /** The technicians' full names, by name, joined with ", ". */
  technician__names: z.string(),
  is_completed: z.boolean(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type InventoryListRow = z.infer<typeof InventoryListRowSchema>;

/**
 * The list's status filter (spec 02 §4): active = not archived and not completed, completed =
 * not archived and completed, inactive = archived (completed or not); 'all', '' or absent = all.
 */
export const INVENTORY_STATUSES = ['active', 'completed', 'inactive'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

export const INVENTORY_ORDER_KEYS = [
  'year',
  'customer_name',
  'facility_name',
  'technician_names',
  'updated_at',
  'created_at',
] as const;
export const InventoryListQuerySchema = makeListQuerySchema(INVENTORY_ORDER_KEYS).extend({
  ...CURSOR_QUERY_FIELD,
  status: z
    .union([z.enum(INVENTORY_STATUSES), z.literal('all'), z.literal('')], {
      error: `The status must be one of: all, ${INVENTORY_STATUSES.join(', ')}`,
    })
    .optional(),
});
export type InventoryListQuery = z.infer<typeof InventoryListQuerySchema>;

/** The picker of inventories (the ones to copy from): active ones, newest year first, of a facility. */
export const InventoryAutocompleteQuerySchema = AutocompleteQuerySchema.extend({
  customer_id: recordIdSchema('The customer id must be a record id').optional(),
  facility_id: recordIdSchema('The facility id must be a record id').optional(),
});
export type InventoryAutocompleteQuery = z.infer<typeof InventoryAutocompleteQuerySchema>;

export const InventoryAutocompleteItemSchema = z.object({
  id: z.number(),
  /** "2025 - Customer - Facility". */
  name: z.string(),
  year: z.number(),
  customer: RefSchema,
  facility: RefSchema,
});
export type InventoryAutocompleteItem = z.infer<typeof InventoryAutocompleteItemSchema>;

export const InventoryYearsParamsSchema = z.object({
  customerId: recordIdSchema(
    'The customer id must be a number',
    'The customer id must be a positive number no greater than 2147483647',
  ),
  facilityId: recordIdSchema(
    'The facility id must be a number',
    'The facility id must be a positive number no greater than 2147483647',
  ),
});

/** The customer alone: the years of all its facilities (the Reports screen's all facilities). */
export const InventoryCustomerYearsParamsSchema = InventoryYearsParamsSchema.pick({ customerId: true });

/** Spec 02 §3 "Year item: id, year": one per active inventory of the customer's facility. */
export const InventoryYearItemSchema = z.object({ id: z.number(), year: z.number() });
export type InventoryYearItem = z.infer<typeof InventoryYearItemSchema>;

/** The inventory a create names in its 409: one inventory per customer, facility and year. */
export const InventoryConflictSchema = z.object({
  id: z.number(),
  year: z.number(),
  customer: z.object({ id: z.number(), name: z.string() }),
  facility: z.object({ id: z.number(), name: z.string() }),
  is_active: z.boolean(),
});
export type InventoryConflict = z.infer<typeof InventoryConflictSchema>;

/** An inventory's fields under the labels its form shows (the audit log names them so, issue 22). */
export const INVENTORY_FIELD_LABELS = {
  year: 'Year',
  customer_id: 'Customer',
  customer: 'Customer',
  facility_id: 'Facility',
  facility: 'Facility',
  technicians: 'Technicians',
  technician_ids: 'Technicians',
  duplicates: 'Copied From',
  is_completed: 'Completed',
  is_active: 'Active',
  certifier_name: 'Certifier Name',
  certifier_title: 'Certifier Title',
  date_signed: 'Date Signed',
  ehs_first_present_on: 'EHS First at or Above TPQ On',
} as const;
