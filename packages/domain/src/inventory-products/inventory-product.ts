import { z } from 'zod';
import { ComponentLinkParamSchema } from '../chemical-components/index.ts';
import { generatedFileName } from '../files/index.ts';
import {
  CONTAINER_PLACEMENTS,
  ContainerPlacementSchema,
  ShellCapacitySchema,
  SPCC_EXCLUSIONS,
  SpccExclusionSchema,
} from '../lookups/spcc-fields.ts';
import {
  DEFAULT_FIRE_CODE_USE_MODE,
  FIRE_CODE_HAZARD_CLASSES,
  FIRE_CODE_USE_MODES,
} from '../products/fire-code-classes.ts';
import { TIER2_HAZARD_CATEGORIES } from '../products/hazard-categories.ts';
import {
  CONVERSION_FACTOR_DESCRIPTION,
  PRODUCT_FIELD_LABELS,
  PRODUCT_MSG,
  SaveProductRequestSchema,
} from '../products/index.ts';
import { SOLID_FORMS, TIER2_EXCLUSIONS } from '../products/report-inputs.ts';
import {
  TIER2_STORAGE_PRESSURES,
  TIER2_STORAGE_TEMPERATURES,
  TIER2_STORAGE_TYPES,
} from '../products/storage-conditions.ts';
import { PHYSICAL_STATES, SDS_STATUSES, UNIT_TYPES } from '../shared/enums.ts';
import {
  ActiveFlagSchema,
  decimalSchema,
  EncodeFlagSchema,
  optionalTextSchema,
  recordIdSchema,
} from '../shared/fields.ts';
import { ListMetaSchema, makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

/** The specification's inventory-product messages (spec 02 §5, §6) and ours where it is silent. */
export const INVENTORY_PRODUCT_MSG = {
  nameRequired: 'Product name is required.',
  productUnknown: 'The product was not found or is archived.',
  idempotencyKeyInvalid: 'Idempotency-Key must be a UUID.',
  idempotencyKeyElsewhere: 'This Idempotency-Key was used to add a line to another inventory.',
  /** A catalogue product keeps its own SDS: a line attaches one only to the new product it names. */
  sdsOnlyNewProduct: 'An SDS file can be attached here only to a new product.',
  productExists: (name: string, mfg: string) =>
    `${name} by ${mfg} is already in the product catalogue: choose it from the list.`,
  containerUnknown: 'The container was not found or is archived.',
  unitUnknown: 'The container unit was not found or is archived.',
  locationMax: 'Location must be less than 200 characters.',
  containerInfoMax: 'Container Info must be less than 500 characters.',
  sdsNoMax: 'SDS No must be less than 100 characters.',
  notesMax: 'Notes must be less than 500 characters.',
  notesResolved: 'The question is resolved: its notes can no longer be changed.',
  noOpenQuestion: 'This product has no open question to resolve.',
  closedInventory: 'This inventory is completed or archived: only an admin can add or change its products.',
  /** 409 of a save that would leave two lines of the same combination (spec 02 §4 aggregation). */
  needsAggregation: (name: string) =>
    `${name} is already recorded in this container, unit and size. Proceed to add the quantities together.`,
  poundsNegative: (label: string) => `${label} must be 0 or more.`,
  daysOnSite: 'Days on Site must be a whole number from 1 to 366.',
  /** Checked by the server against the maximum it computes from the containers. */
  averageAboveMax: (maxPounds: string) =>
    `Average Amount must not be more than the maximum on hand (${maxPounds} lbs).`,
  storageType: 'Storage Type must be one of the Tier II storage types.',
  storagePressure: 'Storage Pressure must be one of the Tier II storage pressures.',
  storageTemperature: 'Storage Temperature must be one of the Tier II storage temperatures.',
  fireCodeUseMode: `Fire Code Use must be one of: ${FIRE_CODE_USE_MODES.join(', ')}.`,
  /** The line's copy of its catalog product no longer matches the catalogue (issue 22 point 4). */
  catalogDiffers: "This line's product data differs from the catalogue",
  refreshFromCatalog: 'Refresh from Catalogue',
  unlinkTitle: 'Delete Product from Inventory',
  unlinkConfirm: (name: string) =>
    `Are you sure you want to delete this product ${name} from this inventory? This action cannot be undone.`,
} as const;

/** The labels of the fields the reports need (issue 11), shared by the form and the messages. */
export const INVENTORY_PRODUCT_REPORT_LABELS = {
  annual_pounds_manufactured: 'Annual Pounds Manufactured',
  annual_pounds_processed: 'Annual Pounds Processed',
  annual_pounds_otherwise_used: 'Annual Pounds Otherwise Used',
  average_pounds: 'Average Amount (lbs)',
  days_on_site: 'Days on Site',
  storage_type: 'Storage Type',
  storage_pressure: 'Storage Pressure',
  storage_temperature: 'Storage Temperature',
  meets_313_qualifier: "Meets the 313 listing's qualifier",
  is_fuel_use_only: 'Fuel use only (PSM 1910.119(a)(1)(ii)(A))',
  is_atmospheric_storage: 'Atmospheric storage, not chilled (PSM 1910.119(a)(1)(ii)(B))',
  fire_code_use_mode: 'Fire Code Use (HMIS)',
  is_outdoor: 'Stored outside a building (fire code)',
} as const;

/** A line's fields under the labels its form shows (the audit log names them so, issue 22). */
export const INVENTORY_PRODUCT_FIELD_LABELS = {
  ...PRODUCT_FIELD_LABELS,
  product_id: 'Product',
  sds_no: 'SDS No',
  has_sds_file: 'SDS File',
  notes: 'Notes',
  container: 'Container',
  container_unit: 'Unit',
  container_size: 'Size',
  container_quantity: 'Quantity',
  container_info: 'Container Info',
  is_processed: 'Processed',
  is_manufactured: 'Manufactured',
  is_otherwise_used: 'Otherwise Used',
  location_stored: 'Location',
  max_pounds: 'Max Pounds',
  max_gallons: 'Max Gallons',
  is_resolve_question: 'Question Resolved',
  is_unchecked_carry_over: 'Carried Over, Not Yet Checked',
  checked_at: 'Checked At',
  ...INVENTORY_PRODUCT_REPORT_LABELS,
} as const;

/**
 * What a line copies from its catalog product, by wire name, as the line's notice names it when
 * its copy differs from the catalogue (`catalog_differences`): the product form's labels.
 */
export const LINE_CATALOG_FIELD_LABELS: Record<string, string> = {
  ...PRODUCT_FIELD_LABELS,
  chemical_components: 'Chemical Components',
};

/** numeric(18, 4): 14 whole digits. */
const MAX_POUNDS = 99_999_999_999_999;
/**
 * The largest container size or quantity: the columns are numeric(14, 4), ten whole digits. The
 * limit was 99,999,999,999 (eleven), which passed validation and then failed in the database (500).
 */
export const MAX_CONTAINER_FIGURE = 9_999_999_999;

/**
 * Pounds, 0 or more, with this field's own message for a minus (the decimal field would also
 * refuse it). Omitted keeps what is stored (a client that predates the field never clears it);
 * null or '' clears.
 */
function optionalPounds(label: string) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .superRefine((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
      if (text.startsWith('-') && /\d/.test(text)) {
        ctx.addIssue({ code: 'custom', message: INVENTORY_PRODUCT_MSG.poundsNegative(label), abort: true });
      }
    })
    .pipe(decimalSchema(label, 4, MAX_POUNDS))
    .optional();
}

/** Days on site, 1 to 366 (a leap year): a line on site at all was there at least one day. */
const DaysOnSiteSchema = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((value, ctx) => {
    const text = value === null ? '' : String(value).trim();
    if (text === '') return null;
    const days = Number(text);
    if (!/^\d+$/.test(text) || days < 1 || days > 366) {
      ctx.addIssue({ code: 'custom', message: INVENTORY_PRODUCT_MSG.daysOnSite });
      return z.NEVER;
    }
    return days;
  })
  .optional();

/** One of the standard's labels, or '' for none; omitted keeps what is stored. */
function optionalLabel<T extends string>(labels: readonly [T, ...T[]], message: string) {
  return z
    .preprocess(
      (value) => (value === null ? '' : value),
      z.union([z.enum(labels), z.literal('')], { error: message }),
    )
    .optional();
}

const Flag = ActiveFlagSchema.optional().transform((value) => value ?? false);
const optionalId = (message: string) =>
  z.preprocess((value) => (value === '' || value === 0 ? null : value), recordIdSchema(message).nullish());

/** Figures the server computes: accepted in the body as the spec's form sends them, never stored. */
const Computed = z.union([z.string(), z.number()]).nullish();

const product = SaveProductRequestSchema.shape;

/**
 * One line of an inventory (spec 02 §3 and §7). With `product_id` the line is of a catalog
 * product, whose manufacturer, SARA, SPCC, hazard and product data the server copies (the form
 * locks those fields); with a `name` instead the server adds that product to the catalog in
 * the same transaction. `max_gallons`, `max_pounds` and `density` are recomputed on every save.
 * `aggregate` is the form's Proceed: the line's quantity joins the line of the same product,
 * container, unit and size.
 */
export const SaveInventoryProductRequestSchema = z
  .object({
    product_id: optionalId(INVENTORY_PRODUCT_MSG.productUnknown),
    name: optionalTextSchema(200, PRODUCT_MSG.nameMax)
      .optional()
      .transform((value) => value ?? ''),
    mfg_name: optionalTextSchema(200, PRODUCT_MSG.mfgNameMax)
      .optional()
      .transform((value) => value ?? ''),
    mfg_product_number: product.mfg_product_number,
    mfg_phone: product.mfg_phone,
    mfg_emergency_phone: product.mfg_emergency_phone,
    sds_date: product.sds_date,
    physical_state: product.physical_state,
    specific_gravity: product.specific_gravity,
    pounds_per_gallon: product.pounds_per_gallon,
    conversion_factor: product.conversion_factor,
    flash_points: product.flash_points,
    nfpa: product.nfpa,
    is_spcc: product.is_spcc,
    is_sara_f: product.is_sara_f,
    is_sara_p: product.is_sara_p,
    is_sara_r: product.is_sara_r,
    is_sara_a: product.is_sara_a,
    is_sara_c: product.is_sara_c,
    tier2_hazard_categories: product.tier2_hazard_categories,
    fire_code_hazard_classes: product.fire_code_hazard_classes,
    tier2_exclusion: product.tier2_exclusion,
    solid_form: product.solid_form,
    powder_fraction_pct: product.powder_fraction_pct,
    is_used_as_fuel: product.is_used_as_fuel,
    is_partial_pressure_exempt: product.is_partial_pressure_exempt,
    partial_pressure_note: product.partial_pressure_note,
    hazard_ids: product.hazard_ids,
    /**
     * The new product's SDS (issue 22): an upload (`POST /file/upload?kind=sds-photo`, or `sds`)
     * the new product takes as its file, as a product save does. Only with a new name.
     */
    sds: product.sds,
    sds_no: optionalTextSchema(100, INVENTORY_PRODUCT_MSG.sdsNoMax).optional(),
    container_id: optionalId(INVENTORY_PRODUCT_MSG.containerUnknown),
    container_unit_id: optionalId(INVENTORY_PRODUCT_MSG.unitUnknown),
    container_size: decimalSchema('Container Size', 4, MAX_CONTAINER_FIGURE),
    container_quantity: decimalSchema('Container Quantity', 4, MAX_CONTAINER_FIGURE),
    container_info: optionalTextSchema(500, INVENTORY_PRODUCT_MSG.containerInfoMax).optional(),
    /** SPCC (rules §7): the line's own shell capacity and placement over its container type's; omitted keeps what is stored. */
    shell_capacity_gal: ShellCapacitySchema,
    placement: ContainerPlacementSchema,
    spcc_exclusion: SpccExclusionSchema,
    location_stored: optionalTextSchema(200, INVENTORY_PRODUCT_MSG.locationMax)
      .optional()
      .transform((value) => (value ?? '').toUpperCase()),
    is_processed: Flag,
    is_manufactured: Flag,
    is_otherwise_used: Flag,
    annual_pounds_manufactured: optionalPounds(INVENTORY_PRODUCT_REPORT_LABELS.annual_pounds_manufactured),
    annual_pounds_processed: optionalPounds(INVENTORY_PRODUCT_REPORT_LABELS.annual_pounds_processed),
    annual_pounds_otherwise_used: optionalPounds(
      INVENTORY_PRODUCT_REPORT_LABELS.annual_pounds_otherwise_used,
    ),
    average_pounds: optionalPounds('Average Amount'),
    days_on_site: DaysOnSiteSchema,
    storage_type: optionalLabel(TIER2_STORAGE_TYPES, INVENTORY_PRODUCT_MSG.storageType),
    storage_pressure: optionalLabel(TIER2_STORAGE_PRESSURES, INVENTORY_PRODUCT_MSG.storagePressure),
    storage_temperature: optionalLabel(TIER2_STORAGE_TEMPERATURES, INVENTORY_PRODUCT_MSG.storageTemperature),
    /** 313 qualified listings (372.65): the chemical is handled in the listed form; omitted keeps what is stored. */
    meets_313_qualifier: ActiveFlagSchema.optional(),
    /** PSM 1910.119(a)(1)(ii)(A) and (B) on this line (issue 23); omitted keeps what is stored. */
    is_fuel_use_only: ActiveFlagSchema.optional(),
    is_atmospheric_storage: ActiveFlagSchema.optional(),
    /** Fire code (rules §10, §11; issue 23): storage or use, closed or open; inside or outside a building. Omitted keeps what is stored. */
    fire_code_use_mode: z
      .preprocess(
        (value) => (value === null || value === '' ? DEFAULT_FIRE_CODE_USE_MODE : value),
        z.enum(FIRE_CODE_USE_MODES, { error: INVENTORY_PRODUCT_MSG.fireCodeUseMode }),
      )
      .optional(),
    is_outdoor: ActiveFlagSchema.optional(),
    notes: optionalTextSchema(500, INVENTORY_PRODUCT_MSG.notesMax).optional(),
    max_pounds: Computed,
    max_gallons: Computed,
    density: Computed,
    aggregate: ActiveFlagSchema.optional().transform((value) => value ?? false),
    ...READ_VERSION_FIELD,
    encode: EncodeFlagSchema,
  })
  .superRefine((body, ctx) => {
    if (body.product_id) {
      if (body.sds)
        ctx.addIssue({ code: 'custom', path: ['sds'], message: INVENTORY_PRODUCT_MSG.sdsOnlyNewProduct });
      return;
    }
    if (body.name === '') {
      ctx.addIssue({ code: 'custom', path: ['name'], message: INVENTORY_PRODUCT_MSG.nameRequired });
    }
    if (body.mfg_name === '') {
      ctx.addIssue({ code: 'custom', path: ['mfg_name'], message: PRODUCT_MSG.mfgNameRequired });
    }
  });
export type SaveInventoryProductRequest = z.input<typeof SaveInventoryProductRequestSchema>;

/**
 * `Idempotency-Key` of a line create (issue 22): a UUID the client makes once per line it means
 * to add (a draft's), so a create sent again after its answer was lost gets the line the first
 * one made instead of a second line. Optional: without it every create adds.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const CreateInventoryProductHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.uuid(INVENTORY_PRODUCT_MSG.idempotencyKeyInvalid).optional(),
});
export type SaveInventoryProduct = z.output<typeof SaveInventoryProductRequestSchema>;

/** Spec 02 §7 check-existing: is there already a line of this combination (other than this one)? */
export const CheckExistingRequestSchema = z.object({
  product_id: optionalId(INVENTORY_PRODUCT_MSG.productUnknown),
  container_id: optionalId(INVENTORY_PRODUCT_MSG.containerUnknown),
  container_unit_id: optionalId(INVENTORY_PRODUCT_MSG.unitUnknown),
  container_size: decimalSchema('Container Size', 4, MAX_CONTAINER_FIGURE),
  inventory_product_id: optionalId('The inventory product id must be a record id'),
});
export type CheckExistingRequest = z.input<typeof CheckExistingRequestSchema>;

const RefSchema = z.object({ id: z.number(), name: z.string() });

/** The line a save would join: what the confirmation names. */
export const AggregationTargetSchema = z.object({
  id: z.number(),
  name: z.string(),
  container_quantity: z.number().nullable(),
  location_stored: z.string(),
});
export type AggregationTarget = z.infer<typeof AggregationTargetSchema>;

export const CheckExistingResponseSchema = z.object({
  resource: z.object({
    is_need_aggregation: z.boolean(),
    inventory_product: AggregationTargetSchema.nullable(),
  }),
});

export const InventoryProductUnitSchema = RefSchema.extend({ type: z.enum(UNIT_TYPES).nullable() });

export const InventoryProductResourceSchema = z.object({
  id: z.number(),
  inventory_product_id: z.number(),
  inventory_id: z.number(),
  product_id: z.number(),
  name: z.string(),
  mfg_name: z.string(),
  mfg_product_number: z.string(),
  mfg_phone: z.string(),
  mfg_emergency_phone: z.string(),
  nfpa: z.string(),
  sds_no: z.string(),
  sds_status: z.enum(SDS_STATUSES),
  sds_date: z.string().nullable(),
  /** Whether the catalog product has an SDS file (Print All SDS includes it). */
  has_sds_file: z.boolean(),
  notes: z.string(),
  container: RefSchema.nullable(),
  container_unit: InventoryProductUnitSchema.nullable(),
  container_size: z.number().nullable(),
  container_quantity: z.number().nullable(),
  container_info: z.string(),
  shell_capacity_gal: z.number().nullable(),
  placement: z.enum(CONTAINER_PLACEMENTS).nullable(),
  spcc_exclusion: z.enum(SPCC_EXCLUSIONS).nullable(),
  conversion_factor: z.number().nullable().describe(CONVERSION_FACTOR_DESCRIPTION),
  flash_points: z.number().nullable(),
  hazards: z.array(RefSchema),
  is_processed: z.boolean(),
  is_manufactured: z.boolean(),
  is_otherwise_used: z.boolean(),
  is_spcc: z.boolean(),
  is_sara_f: z.boolean(),
  is_sara_p: z.boolean(),
  is_sara_r: z.boolean(),
  is_sara_a: z.boolean(),
  is_sara_c: z.boolean(),
  tier2_hazard_categories: z.array(z.enum(TIER2_HAZARD_CATEGORIES)),
  fire_code_hazard_classes: z.array(z.enum(FIRE_CODE_HAZARD_CLASSES)),
  tier2_exclusion: z.enum(TIER2_EXCLUSIONS).nullable(),
  solid_form: z.enum(SOLID_FORMS).nullable(),
  powder_fraction_pct: z.number().nullable(),
  is_used_as_fuel: z.boolean(),
  is_partial_pressure_exempt: z.boolean(),
  partial_pressure_note: z.string(),
  annual_pounds_manufactured: z.number().nullable(),
  annual_pounds_processed: z.number().nullable(),
  annual_pounds_otherwise_used: z.number().nullable(),
  average_pounds: z.number().nullable(),
  days_on_site: z.number().nullable(),
  storage_type: z.string(),
  storage_pressure: z.string(),
  storage_temperature: z.string(),
  meets_313_qualifier: z.boolean(),
  is_fuel_use_only: z.boolean(),
  is_atmospheric_storage: z.boolean(),
  fire_code_use_mode: z.enum(FIRE_CODE_USE_MODES),
  is_outdoor: z.boolean(),
  location_stored: z.string(),
  max_pounds: z.number().nullable(),
  max_gallons: z.number().nullable(),
  physical_state: z.enum(PHYSICAL_STATES).nullable(),
  pounds_per_gallon: z.number().nullable(),
  specific_gravity: z.number().nullable(),
  density: z.number().nullable(),
  /** True while no question is open: a line's notes are a question until it is resolved. */
  is_resolve_question: z.boolean(),
  /** Copied from an earlier year's line and not yet saved by a person this year. */
  is_unchecked_carry_over: z.boolean(),
  /**
   * The copied product data (wire names; `hazards` and `chemical_components` for the lists) in
   * which this line differs from its catalog product today; empty when the copy matches.
   */
  catalog_differences: z.array(z.string()),
  catalog_differs: z.boolean(),
  source_line_id: z.number().nullable(),
  checked_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InventoryProductResource = z.infer<typeof InventoryProductResourceSchema>;

export const InventoryProductListRowSchema = InventoryProductResourceSchema.pick({
  id: true,
  inventory_product_id: true,
  product_id: true,
  name: true,
  mfg_name: true,
  sds_status: true,
  has_sds_file: true,
  container: true,
  container_unit: true,
  container_size: true,
  container_quantity: true,
  location_stored: true,
  max_gallons: true,
  max_pounds: true,
  physical_state: true,
  is_resolve_question: true,
  notes: true,
  is_unchecked_carry_over: true,
  updated_at: true,
});
export type InventoryProductListRow = z.infer<typeof InventoryProductListRowSchema>;

export const INVENTORY_PRODUCT_ORDER_KEYS = [
  'name',
  'mfg_name',
  'container',
  'container_size',
  'container_quantity',
  'location_stored',
  'max_gallons',
  'max_pounds',
  'sds_status',
  'updated_at',
  'created_at',
  /**
   * The technician's walk-through order (issue 22): lines carried over and not yet checked, then
   * lines with an open question, then the rest, each group by name.
   */
  'worklist',
] as const;

/**
 * `worklist`: `unchecked` = lines carried over from an earlier year and not yet saved this year
 * (the technician's walk-through list); `question` = lines with an open question.
 */
export const INVENTORY_PRODUCT_WORKLISTS = ['unchecked', 'question'] as const;
export type InventoryProductWorklist = (typeof INVENTORY_PRODUCT_WORKLISTS)[number];

export const InventoryProductListQuerySchema = makeListQuerySchema(INVENTORY_PRODUCT_ORDER_KEYS)
  .omit({ status: true })
  .extend({
    worklist: z
      .union([z.enum(INVENTORY_PRODUCT_WORKLISTS), z.literal('all'), z.literal('')], {
        error: `The worklist must be one of: all, ${INVENTORY_PRODUCT_WORKLISTS.join(', ')}`,
      })
      .optional(),
  });
export type InventoryProductListQuery = z.infer<typeof InventoryProductListQuerySchema>;

/**
 * Spec 02 §3: the product list carries the inventory's names and the statistics beside the page.
 * `products_inventoried` counts distinct catalog products with a line checked this year (a line
 * carried over and not yet checked does not count, issue 22 §5); `products_with_sds` the products
 * on the inventory, checked or not, whose catalog product has an SDS file (what Print All SDS will hold).
 */
export const InventoryProductListResponseSchema = z.object({
  resource: z.object({
    items: z.array(InventoryProductListRowSchema),
    meta: ListMetaSchema,
    customer_name: z.string(),
    facility_name: z.string(),
    year: z.number(),
    is_completed: z.boolean(),
    is_active: z.boolean(),
    products_inventoried: z.number(),
    products_with_sds: z.number(),
    /** Issue 33 point 9: those whose only file is a photo of the label, which is not an SDS. */
    products_with_label_photo: z.number(),
    lines: z.number(),
    unchecked_lines: z.number(),
    open_questions: z.number(),
  }),
});
export type InventoryProductListResponse = z.infer<typeof InventoryProductListResponseSchema>;

export const ResolveQuestionResponseSchema = z.object({
  message: z.string(),
  resource: z.object({ id: z.number(), is_resolve_question: z.boolean() }),
});

export const InventoryProductParamsSchema = z.object({
  id: recordIdSchema(
    'The inventory id must be a number',
    'The inventory id must be a positive number no greater than 2147483647',
  ),
  productId: recordIdSchema(
    'The inventory product id must be a number',
    'The inventory product id must be a positive number no greater than 2147483647',
  ),
});

export const InventoryProductComponentParamsSchema = InventoryProductParamsSchema.extend(
  ComponentLinkParamSchema.shape,
);

/**
 * Who may add or change lines (spec 02 §4, §6): an admin always, staff only while the inventory
 * is active and not completed. The form and the server ask the same question.
 */
export function canEditInventoryLines(
  inventory: { is_active: boolean; is_completed: boolean },
  mayEditClosed: boolean,
): boolean {
  return mayEditClosed || (inventory.is_active && !inventory.is_completed);
}

/**
 * Whether a line's notes can still be written: a line with notes and no open question has had
 * its question resolved, and those notes stay as the record (spec 02 §4 "Inventory product question").
 */
export function areNotesEditable(line: { notes: string; is_resolve_question: boolean }): boolean {
  return !(line.is_resolve_question && line.notes.trim() !== '');
}

/** Print All SDS's file: "SDS_Acme_Corp_Baytown_Plant_2025.pdf", named as the reports are. */
export function printAllSdsFileName(inventory: { customer: string; facility: string; year: number }): string {
  return generatedFileName(['SDS', inventory.customer, inventory.facility, inventory.year], 'pdf');
}
