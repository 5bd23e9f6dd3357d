import {
  type AutocompleteItem,
  type ContainerPlacement,
  DEFAULT_FIRE_CODE_USE_MODE,
  type FireCodeUseMode,
  type InventoryProductResource,
  productMeasures,
  type SaveInventoryProduct,
  type SaveInventoryProductRequest,
  SaveInventoryProductRequestSchema,
  type SpccExclusion,
  type StoredFile,
  unitTypeFromName,
} from '@chemtrack/domain';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { numberText } from '../../lib/form-text.ts';
import {
  EMPTY_PRODUCT_FORM,
  type ProductDataValues,
  productDataRequest,
  toProductDataForm,
} from '../products/product-form.ts';
import type { InventoryProductBody } from './api.ts';

/** A container unit as the form holds it: the unit type rides in its name ("Drum (gal)"). */
export type UnitChoice = AutocompleteItem;

/**
 * What the line form holds (spec 02 §3 "Inventory product"): the product (a catalog id, or a
 * new name), its product data as text, the container figures as typed, and the line's own notes.
 */
export interface InventoryProductFormValues extends ProductDataValues {
  /**
   * The line's `updated_at` as the form read it: a save sends it, so one over a newer version is
   * refused (409). Part of the values, so a draft kept on the device keeps the version it was
   * typed over and a resend after reconnecting cannot overwrite a newer line (issue 22).
   */
  updated_at: string | null;
  /** A new line's `Idempotency-Key`, made when its draft starts: a resend finds the line made. */
  idempotency_key: string;
  /** The catalog product; null while the line names a new product. */
  product_id: number | null;
  name: string;
  /**
   * The new product's SDS or label photo, uploaded (issue 22); sent only with a new name. A
   * catalogue product keeps its own SDS, so a loaded line starts with none.
   */
  sds: StoredFile | null;
  sds_no: string;
  container: AutocompleteItem | null;
  container_unit: UnitChoice | null;
  container_size: string;
  container_quantity: string;
  container_info: string;
  location_stored: string;
  is_processed: boolean;
  is_manufactured: boolean;
  is_otherwise_used: boolean;
  /** The line's report figures (issue 11) as typed; empty is "not recorded". */
  annual_pounds_manufactured: string;
  annual_pounds_processed: string;
  annual_pounds_otherwise_used: string;
  average_pounds: string;
  days_on_site: string;
  storage_type: string;
  storage_pressure: string;
  storage_temperature: string;
  meets_313_qualifier: boolean;
  /** SPCC (rules §7): '' takes the container type's capacity and placement; '' exclusion counts the line. */
  shell_capacity_gal: string;
  placement: ContainerPlacement | '';
  spcc_exclusion: SpccExclusion | '';
  /** PSM flammable screen exemptions of this line (issue 23). */
  is_fuel_use_only: boolean;
  is_atmospheric_storage: boolean;
  /** Fire code (rules §10, §11): the HMIS column of the line and inside or outside a building. */
  fire_code_use_mode: FireCodeUseMode;
  is_outdoor: boolean;
  notes: string;
}

/** The line form's methods: its values as typed, the request as parsed. */
export type InventoryProductFormMethods = UseFormReturn<
  InventoryProductFormValues,
  unknown,
  SaveInventoryProduct
>;

const {
  name: _name,
  sds_date: _date,
  sds_status: _status,
  sds: _sds,
  ...EMPTY_PRODUCT_DATA
} = EMPTY_PRODUCT_FORM;

export const EMPTY_INVENTORY_PRODUCT_FORM: InventoryProductFormValues = {
  ...EMPTY_PRODUCT_DATA,
  updated_at: null,
  idempotency_key: '',
  product_id: null,
  name: '',
  sds: null,
  sds_no: '',
  container: null,
  container_unit: null,
  container_size: '',
  container_quantity: '',
  container_info: '',
  location_stored: '',
  is_processed: false,
  is_manufactured: false,
  is_otherwise_used: false,
  annual_pounds_manufactured: '',
  annual_pounds_processed: '',
  annual_pounds_otherwise_used: '',
  average_pounds: '',
  days_on_site: '',
  storage_type: '',
  storage_pressure: '',
  storage_temperature: '',
  meets_313_qualifier: false,
  shell_capacity_gal: '',
  placement: '',
  spcc_exclusion: '',
  is_fuel_use_only: false,
  is_atmospheric_storage: false,
  fire_code_use_mode: DEFAULT_FIRE_CODE_USE_MODE,
  is_outdoor: false,
  notes: '',
};

/** The product data an empty new product starts from (a new name unlocks these, emptied). */
export const EMPTY_PRODUCT_DATA_FORM: ProductDataValues = EMPTY_PRODUCT_DATA;

export function toInventoryProductForm(line: InventoryProductResource): InventoryProductFormValues {
  return {
    ...toProductDataForm(line),
    updated_at: line.updated_at,
    idempotency_key: '',
    product_id: line.product_id,
    name: line.name,
    sds: null,
    sds_no: line.sds_no,
    container: line.container,
    container_unit: line.container_unit
      ? { id: line.container_unit.id, name: line.container_unit.name }
      : null,
    container_size: numberText(line.container_size),
    container_quantity: numberText(line.container_quantity),
    container_info: line.container_info,
    location_stored: line.location_stored,
    is_processed: line.is_processed,
    is_manufactured: line.is_manufactured,
    is_otherwise_used: line.is_otherwise_used,
    annual_pounds_manufactured: numberText(line.annual_pounds_manufactured),
    annual_pounds_processed: numberText(line.annual_pounds_processed),
    annual_pounds_otherwise_used: numberText(line.annual_pounds_otherwise_used),
    average_pounds: numberText(line.average_pounds),
    days_on_site: numberText(line.days_on_site),
    storage_type: line.storage_type,
    storage_pressure: line.storage_pressure,
    storage_temperature: line.storage_temperature,
    meets_313_qualifier: line.meets_313_qualifier,
    shell_capacity_gal: numberText(line.shell_capacity_gal),
    placement: line.placement ?? '',
    spcc_exclusion: line.spcc_exclusion ?? '',
    is_fuel_use_only: line.is_fuel_use_only,
    is_atmospheric_storage: line.is_atmospheric_storage,
    fire_code_use_mode: line.fire_code_use_mode,
    is_outdoor: line.is_outdoor,
    notes: line.notes,
  };
}

/** The unit type of a picked unit, for the live calculation: its name carries it. */
export function unitTypeOf(unit: UnitChoice | null): string | null {
  if (!unit) return null;
  return unitTypeFromName(unit.name) ?? '';
}

/**
 * The form's values in the request's shape. A line of a catalog product sends the product id
 * and an empty name (spec 02 §7): the server copies the catalog's data, so the locked fields
 * are left out and can never block the save. The measures the physical state does not use are
 * left out too, as in the product form.
 */
function toRequestInput(values: InventoryProductFormValues): SaveInventoryProductRequest {
  const ownFields = {
    container_id: values.container?.id ?? null,
    container_unit_id: values.container_unit?.id ?? null,
    container_size: values.container_size,
    container_quantity: values.container_quantity,
    container_info: values.container_info,
    location_stored: values.location_stored,
    is_processed: values.is_processed,
    is_manufactured: values.is_manufactured,
    is_otherwise_used: values.is_otherwise_used,
    annual_pounds_manufactured: values.annual_pounds_manufactured,
    annual_pounds_processed: values.annual_pounds_processed,
    annual_pounds_otherwise_used: values.annual_pounds_otherwise_used,
    average_pounds: values.average_pounds,
    days_on_site: values.days_on_site,
    storage_type: values.storage_type,
    storage_pressure: values.storage_pressure,
    storage_temperature: values.storage_temperature,
    meets_313_qualifier: values.meets_313_qualifier,
    shell_capacity_gal: values.shell_capacity_gal,
    placement: values.placement,
    spcc_exclusion: values.spcc_exclusion,
    is_fuel_use_only: values.is_fuel_use_only,
    is_atmospheric_storage: values.is_atmospheric_storage,
    fire_code_use_mode: values.fire_code_use_mode,
    is_outdoor: values.is_outdoor,
    notes: values.notes,
    sds_no: values.sds_no,
  };
  if (values.product_id !== null) return { ...ownFields, product_id: values.product_id, name: '' };
  return {
    ...ownFields,
    product_id: null,
    name: values.name,
    // A draft kept by a build before the field has no `sds`.
    ...(values.sds
      ? { sds: { filepath: values.sds.filepath, original_name: values.sds.original_name } }
      : {}),
    ...productDataRequest(values),
  };
}

/** The form's resolver: the domain's save rules, read through the form's shape. */
export const InventoryProductFormSchema = z.preprocess(
  (values: InventoryProductFormValues) => toRequestInput(values),
  SaveInventoryProductRequestSchema,
);

/**
 * The body to send: the parsed values without the flags the client adds per call, density
 * derived for a new liquid (the server recomputes it, and max gallons and pounds, anyway).
 */
export function toInventoryProductBody(parsed: SaveInventoryProduct): InventoryProductBody {
  const { encode: _encode, aggregate: _aggregate, max_gallons: _g, max_pounds: _p, ...rest } = parsed;
  if (parsed.product_id) return rest;
  return { ...rest, ...productMeasures(parsed) };
}

/**
 * Whether Save is offered. An unchanged line is saved to confirm a carried-over line (issue 9
 * worklist) or to take its catalog product's data again: a save copies the catalogue (the
 * product part of the form is locked), so a line whose copy differs from it has something to
 * save even when nothing was typed. Before issue 22, such a line could only be saved after
 * picking its product again.
 */
export function canSaveLine(state: {
  line: Pick<InventoryProductResource, 'is_unchecked_carry_over' | 'catalog_differs'> | undefined;
  isBusy: boolean;
  isValid: boolean;
  isDirty: boolean;
}): boolean {
  const { line, isBusy, isValid, isDirty } = state;
  if (isBusy || !isValid) return false;
  return line === undefined || isDirty || line.is_unchecked_carry_over || line.catalog_differs;
}
