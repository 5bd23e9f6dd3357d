import { z } from 'zod';
import { ComponentLinkParamSchema } from '../chemical-components/index.ts';
import { CONTAINER_PLACEMENTS, SPCC_EXCLUSIONS } from '../lookups/spcc-fields.ts';
import { FIRE_CODE_USE_MODES } from '../products/fire-code-classes.ts';
import { PRODUCT_DATA_RESOURCE_FIELDS } from '../products/index.ts';
import { UNIT_TYPES } from '../shared/enums.ts';
import { recordIdSchema } from '../shared/fields.ts';
import { CURSOR_QUERY_FIELD, ListMetaSchema, makeListQuerySchema } from '../shared/list.ts';

const RefSchema = z.object({ id: z.number(), name: z.string() });

export const InventoryProductUnitSchema = RefSchema.extend({ type: z.enum(UNIT_TYPES).nullable() });

/**
 * A line: its product data (the product's own declaration, the line's copy of it) and what the
 * line records itself.
 */
export const InventoryProductResourceSchema = z.object({
  id: z.number(),
  inventory_product_id: z.number(),
  inventory_id: z.number(),
  product_id: z.number(),
  ...PRODUCT_DATA_RESOURCE_FIELDS,
  sds_no: z.string(),
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
  is_processed: z.boolean(),
  is_manufactured: z.boolean(),
  is_otherwise_used: z.boolean(),
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
    ...CURSOR_QUERY_FIELD,
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
