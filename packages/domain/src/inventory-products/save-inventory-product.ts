import { z } from 'zod';
import {
  ContainerPlacementSchema,
  ShellCapacitySchema,
  SpccExclusionSchema,
} from '../lookups/spcc-fields.ts';
import { DEFAULT_FIRE_CODE_USE_MODE, FIRE_CODE_USE_MODES } from '../products/fire-code-classes.ts';
import { PRODUCT_DATA_REQUEST_FIELDS, PRODUCT_MSG } from '../products/index.ts';
import {
  TIER2_STORAGE_PRESSURES,
  TIER2_STORAGE_TEMPERATURES,
  TIER2_STORAGE_TYPES,
} from '../products/storage-conditions.ts';
import {
  ActiveFlagSchema,
  decimalSchema,
  EncodeFlagSchema,
  optionalTextSchema,
  recordIdSchema,
} from '../shared/fields.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';
import { INVENTORY_PRODUCT_MSG, INVENTORY_PRODUCT_REPORT_LABELS } from './inventory-product-labels.ts';

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

/**
 * A line's product data request fields: the product's, but for the SDS status, which a new
 * product takes from its SDS file, and the density, which a line's body gives with the other
 * figures the server computes (`Computed`, the same rule).
 */
const {
  sds_status: _sdsStatus,
  density: _density,
  ...LINE_PRODUCT_DATA_FIELDS
} = PRODUCT_DATA_REQUEST_FIELDS;

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
    /**
     * The product data (the product's own declaration): used for a new product only. With a new
     * name, `sds` is the new product's SDS (issue 22), e.g. a label photo from
     * `POST /file/upload?kind=sds-photo`, which the new product takes as its file.
     */
    ...LINE_PRODUCT_DATA_FIELDS,
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
