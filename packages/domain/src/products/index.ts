import { z } from 'zod';
import { StoredFileSchema } from '../files/index.ts';
import { type PhysicalState, SDS_STATUSES, type SdsStatus } from '../shared/enums.ts';
import { ActiveFlagSchema, EncodeFlagSchema, requiredTextSchema } from '../shared/fields.ts';
import { CURSOR_QUERY_FIELD, makeListQuerySchema } from '../shared/list.ts';
import { densityFromSpecificGravity } from '../shared/numbers.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';
import { CONFIRM_DUPLICATE_FIELD, sameNameConflictSchema } from '../shared/same-name.ts';
import { PRODUCT_DATA_REQUEST_FIELDS, PRODUCT_DATA_RESOURCE_FIELDS, PRODUCT_MSG } from './product-data.ts';

export * from './fire-code-classes.ts';
export * from './product-data.ts';

/** Spec 02 §2: SDS status as the list shows it, and the list's filter choices. */
export const SDS_STATUS_LABELS: Record<SdsStatus, string> = {
  sds: 'SDS',
  pending: 'Pending SDS',
  update: 'SDS UPDATE REQUIRED',
};
export const SDS_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'sds', label: 'SDS' },
  { value: 'pending', label: 'Pending' },
  { value: 'update', label: 'Update' },
] as const;

export const PHYSICAL_STATE_LABELS: Record<PhysicalState, string> = {
  solid: 'Solid',
  liquid: 'Liquid',
  'compressed gas': 'Compressed Gas',
  'liquified gas': 'Liquified Gas',
};

/** Which measures a physical state carries (spec 02 §9): liquids weigh by volume, gases convert. */
export function isLiquid(state: PhysicalState | null | undefined): boolean {
  return state === 'liquid';
}
export function isGas(state: PhysicalState | null | undefined): boolean {
  return state === 'compressed gas' || state === 'liquified gas';
}
/**
 * States whose gallons weigh by a liquid density (specific gravity or pounds per gallon): a liquid,
 * and a liquified gas, which its tank holds as a liquid (issue 31 point 2; 40 CFR 370.43 note: "to
 * convert gas or liquid volume to weight in pounds, multiply by an appropriate density factor").
 * A 30,000-gal propane tank at SG 0.51 is 30,000 × 0.51 × 8.34 = 127,602 lb. A compressed gas keeps
 * the spec's liquid-only measures (02 §9): its gallons are no liquid, so no density weighs them.
 */
export const LIQUID_DENSITY_STATES = ['liquid', 'liquified gas'] as const satisfies readonly PhysicalState[];
export function hasLiquidDensity(state: PhysicalState | null | undefined): boolean {
  return LIQUID_DENSITY_STATES.some((item) => item === state);
}

export const SaveProductRequestSchema = z.object({
  name: requiredTextSchema(200, PRODUCT_MSG.nameRequired, PRODUCT_MSG.nameMax),
  mfg_name: requiredTextSchema(200, PRODUCT_MSG.mfgNameRequired, PRODUCT_MSG.mfgNameMax),
  ...PRODUCT_DATA_REQUEST_FIELDS,
  is_active: ActiveFlagSchema.optional(),
  /**
   * A second product of one name and manufacturer (case and spacing aside) is usually a mistake
   * (the line's picker would list both): it is a 409 naming the one there, unless this confirms it.
   */
  ...CONFIRM_DUPLICATE_FIELD,
  ...READ_VERSION_FIELD,
  encode: EncodeFlagSchema,
});
export type SaveProductRequest = z.input<typeof SaveProductRequestSchema>;
export type SaveProduct = z.output<typeof SaveProductRequestSchema>;

/** The product a new or renamed one shares its name and manufacturer with: enough to recognise it. */
export const SameNameProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  mfg_name: z.string(),
  is_active: z.boolean(),
});
export type SameNameProduct = z.infer<typeof SameNameProductSchema>;

/** The 409 of a save whose name and manufacturer another product has, until `confirm_duplicate` says so. */
export const ProductDuplicateSchema = sameNameConflictSchema(SameNameProductSchema);

/**
 * The measures a product keeps for its physical state: liquids and liquified gases keep specific
 * gravity, density (derived, never typed) and pounds per gallon (`hasLiquidDensity`); gases keep
 * the conversion factor; the others are dropped so a report never reads a stale value from an
 * earlier state.
 */
export function productMeasures(
  body: Pick<SaveProduct, 'physical_state' | 'specific_gravity' | 'pounds_per_gallon' | 'conversion_factor'>,
) {
  const liquid = hasLiquidDensity(body.physical_state);
  return {
    specific_gravity: liquid ? body.specific_gravity : null,
    density: liquid ? (densityFromSpecificGravity(body.specific_gravity) ?? null) : null,
    pounds_per_gallon: liquid ? body.pounds_per_gallon : null,
    conversion_factor: isGas(body.physical_state) ? body.conversion_factor : null,
  };
}

/** `order_by` keys of the products list; `sds_status` sorts in the enum's order (sds, pending, update). */
export const PRODUCT_ORDER_KEYS = ['name', 'mfg_name', 'sds_status', 'updated_at', 'created_at'] as const;
export const ProductListQuerySchema = makeListQuerySchema(PRODUCT_ORDER_KEYS).extend({
  ...CURSOR_QUERY_FIELD,
  sds_status: z
    .union([z.enum(SDS_STATUSES), z.literal('all'), z.literal('')], {
      error: `The SDS status must be one of: all, ${SDS_STATUSES.join(', ')}`,
    })
    .optional(),
  /** Issue 33 point 9: `1` lists only the products a technician added that staff have not saved yet. */
  needs_review: z.enum(['1', '0', ''], { error: 'The needs review filter must be 1 or 0' }).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductResourceSchema = z.object({
  id: z.number(),
  ...PRODUCT_DATA_RESOURCE_FIELDS,
  sds_file: StoredFileSchema.nullable(),
  /** The SDS file is a photo of the label (issue 33 point 9): kept, but not an SDS. */
  sds_is_label_photo: z.boolean(),
  /** Added by a technician on site and not yet saved by staff (issue 33 point 9). */
  needs_review: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductResource = z.infer<typeof ProductResourceSchema>;

export const ProductListRowSchema = ProductResourceSchema.pick({
  id: true,
  name: true,
  mfg_name: true,
  sds_status: true,
  sds_date: true,
  physical_state: true,
  is_active: true,
  hazards: true,
  updated_at: true,
  needs_review: true,
}).extend({ has_sds_file: z.boolean() });
export type ProductListRow = z.infer<typeof ProductListRowSchema>;

/** "Flammable, Corrosive", or a dash when the product has none (spec 02 §2). */
export function formatHazardNames(hazards: { name: string }[]): string {
  return hazards.length === 0 ? '-' : hazards.map((hazard) => hazard.name).join(', ');
}
