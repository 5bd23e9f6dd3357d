import {
  type AutocompleteItem,
  type compliance,
  type FireCodeHazardClass,
  hasLiquidDensity,
  isGas,
  isoToUsDate,
  type PhysicalState,
  type ProductResource,
  productMeasures,
  type SaveProduct,
  type SaveProductRequest,
  SaveProductRequestSchema,
  type SdsStatus,
  type StoredFile,
  usDateToIso,
} from '@chemtrack/domain';
import { z } from 'zod';
import { numberText } from '../../lib/form-text.ts';
import type { ProductBody } from './api.ts';

/** What the product form holds: text as typed, the date as MM/DD/YYYY, hazards with their names. */
export interface ProductFormValues {
  name: string;
  mfg_name: string;
  mfg_product_number: string;
  mfg_phone: string;
  mfg_emergency_phone: string;
  sds_date: string;
  sds_status: SdsStatus | '';
  physical_state: PhysicalState | '';
  specific_gravity: string;
  pounds_per_gallon: string;
  conversion_factor: string;
  flash_points: string;
  nfpa: string;
  is_spcc: boolean;
  is_sara_f: boolean;
  is_sara_p: boolean;
  is_sara_r: boolean;
  is_sara_a: boolean;
  is_sara_c: boolean;
  /** The Tier II GHS categories (rules §0.5); the SARA flags stay for years before 2017. */
  tier2_hazard_categories: compliance.Tier2HazardCategory[];
  /** Fire-code hazard classes (rules §10), several allowed. */
  fire_code_hazard_classes: FireCodeHazardClass[];
  /** 40 CFR 370.13: why the product is no hazardous chemical for Tier II; '' for none. */
  tier2_exclusion: compliance.Tier2Exclusion | '';
  /** 40 CFR 355.15/355.16: a solid's form ('' not recorded) and, for a powder, its share under 100 µm. */
  solid_form: compliance.SolidForm | '';
  powder_fraction_pct: string;
  /** RMP/PSM (issue 23): used or sold as fuel (68.126); the partial-pressure override and its note. */
  is_used_as_fuel: boolean;
  is_partial_pressure_exempt: boolean;
  partial_pressure_note: string;
  hazards: AutocompleteItem[];
  /** The attached SDS: the saved one, a fresh upload, or none. */
  sds: StoredFile | null;
}

export const SARA_FLAGS = [
  { name: 'is_sara_f', label: 'F', title: 'Fire hazard' },
  { name: 'is_sara_p', label: 'P', title: 'Sudden release of pressure' },
  { name: 'is_sara_r', label: 'R', title: 'Reactive' },
  { name: 'is_sara_a', label: 'A', title: 'Acute health hazard' },
  { name: 'is_sara_c', label: 'C', title: 'Chronic health hazard' },
] as const;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  mfg_name: '',
  mfg_product_number: '',
  mfg_phone: '',
  mfg_emergency_phone: '',
  sds_date: '',
  sds_status: '',
  physical_state: '',
  specific_gravity: '',
  pounds_per_gallon: '',
  conversion_factor: '',
  flash_points: '',
  nfpa: '',
  is_spcc: false,
  is_sara_f: false,
  is_sara_p: false,
  is_sara_r: false,
  is_sara_a: false,
  is_sara_c: false,
  tier2_hazard_categories: [],
  fire_code_hazard_classes: [],
  tier2_exclusion: '',
  solid_form: '',
  powder_fraction_pct: '',
  is_used_as_fuel: false,
  is_partial_pressure_exempt: false,
  partial_pressure_note: '',
  hazards: [],
  sds: null,
};

/** The fields a product and a line's copy of it share (spec 02 §3): its "product data". */
export type ProductDataValues = Pick<
  ProductFormValues,
  | 'mfg_name'
  | 'mfg_product_number'
  | 'mfg_phone'
  | 'mfg_emergency_phone'
  | 'physical_state'
  | 'specific_gravity'
  | 'pounds_per_gallon'
  | 'conversion_factor'
  | 'flash_points'
  | 'nfpa'
  | 'is_spcc'
  | (typeof SARA_FLAGS)[number]['name']
  | 'tier2_hazard_categories'
  | 'fire_code_hazard_classes'
  | 'tier2_exclusion'
  | 'solid_form'
  | 'powder_fraction_pct'
  | 'is_used_as_fuel'
  | 'is_partial_pressure_exempt'
  | 'partial_pressure_note'
  | 'hazards'
>;

/** A record that carries product data: a product, or a line (which copies it). */
export type ProductDataSource = Pick<ProductResource, keyof ProductDataValues>;

/** The report inputs of a product's data as the request takes them: '' is "none", a powder share only for a powder. */
function reportInputsRequest(
  values: Pick<
    ProductDataValues,
    | 'fire_code_hazard_classes'
    | 'tier2_exclusion'
    | 'solid_form'
    | 'powder_fraction_pct'
    | 'is_used_as_fuel'
    | 'is_partial_pressure_exempt'
    | 'partial_pressure_note'
  >,
) {
  return {
    fire_code_hazard_classes: values.fire_code_hazard_classes,
    tier2_exclusion: values.tier2_exclusion,
    solid_form: values.solid_form,
    powder_fraction_pct: values.solid_form === 'powder' ? values.powder_fraction_pct : '',
    is_used_as_fuel: values.is_used_as_fuel,
    is_partial_pressure_exempt: values.is_partial_pressure_exempt,
    partial_pressure_note: values.partial_pressure_note,
  };
}

/**
 * The product data part of a request, from the form's values: the measures the physical state
 * does not use left out, so a hidden field can never block the save. The product form and a
 * line naming a new product both send it.
 */
export function productDataRequest(values: ProductDataValues) {
  const state = values.physical_state || null;
  return {
    mfg_name: values.mfg_name,
    mfg_product_number: values.mfg_product_number,
    mfg_phone: values.mfg_phone,
    mfg_emergency_phone: values.mfg_emergency_phone,
    physical_state: state,
    specific_gravity: hasLiquidDensity(state) ? values.specific_gravity : '',
    pounds_per_gallon: hasLiquidDensity(state) ? values.pounds_per_gallon : '',
    conversion_factor: isGas(state) ? values.conversion_factor : '',
    flash_points: values.flash_points,
    nfpa: values.nfpa,
    is_spcc: values.is_spcc,
    is_sara_f: values.is_sara_f,
    is_sara_p: values.is_sara_p,
    is_sara_r: values.is_sara_r,
    is_sara_a: values.is_sara_a,
    is_sara_c: values.is_sara_c,
    tier2_hazard_categories: values.tier2_hazard_categories,
    ...reportInputsRequest(values),
    hazard_ids: values.hazards.map((hazard) => hazard.id),
  };
}

/**
 * The form's text of a record's product data. Also the line form's fill when an
 * existing product is chosen, so both forms show a product the same way.
 */
export function toProductDataForm(source: ProductDataSource): ProductDataValues {
  return {
    mfg_name: source.mfg_name,
    mfg_product_number: source.mfg_product_number,
    mfg_phone: source.mfg_phone,
    mfg_emergency_phone: source.mfg_emergency_phone,
    physical_state: source.physical_state ?? '',
    specific_gravity: numberText(source.specific_gravity),
    pounds_per_gallon: numberText(source.pounds_per_gallon),
    conversion_factor: numberText(source.conversion_factor),
    flash_points: numberText(source.flash_points),
    nfpa: source.nfpa,
    is_spcc: source.is_spcc,
    is_sara_f: source.is_sara_f,
    is_sara_p: source.is_sara_p,
    is_sara_r: source.is_sara_r,
    is_sara_a: source.is_sara_a,
    is_sara_c: source.is_sara_c,
    tier2_hazard_categories: [...source.tier2_hazard_categories],
    fire_code_hazard_classes: [...source.fire_code_hazard_classes],
    tier2_exclusion: source.tier2_exclusion ?? '',
    solid_form: source.solid_form ?? '',
    powder_fraction_pct: numberText(source.powder_fraction_pct),
    is_used_as_fuel: source.is_used_as_fuel,
    is_partial_pressure_exempt: source.is_partial_pressure_exempt,
    partial_pressure_note: source.partial_pressure_note,
    hazards: source.hazards,
  };
}

export function toProductForm(product: ProductResource): ProductFormValues {
  return {
    ...toProductDataForm(product),
    name: product.name,
    sds_date: isoToUsDate(product.sds_date),
    sds_status: product.sds_status,
    sds: product.sds_file,
  };
}

/**
 * The form's values in the request's shape, before the request's own rules run: the date as
 * yyyy-MM-dd, hazards as ids, empty choices as null, and the measures the physical state does
 * not use left out, so a hidden field can never block the save.
 */
function toRequestInput(values: ProductFormValues): SaveProductRequest {
  const { hazards: _hazards, sds_date, sds_status, ...rest } = values;
  return {
    ...rest,
    ...productDataRequest(values),
    sds_date: usDateToIso(sds_date),
    sds_status: sds_status || null,
  };
}

/** The form's resolver: the domain's save rules, read through the form's shape. */
export const ProductFormSchema = z.preprocess(
  (values: ProductFormValues) => toRequestInput(values),
  SaveProductRequestSchema,
);

/**
 * The body to send. Density is derived from the specific gravity (the server recomputes it).
 * `sds` goes only when the file changed: the new file, or null to detach the saved one.
 * `sds_status` goes only when the user chose it; otherwise the server derives it from the file
 * change (a new file makes it SDS, removing the file makes it Pending).
 */
export function toProductBody(
  parsed: SaveProduct,
  { savedFile, isStatusChosen }: { savedFile: StoredFile | null | undefined; isStatusChosen: boolean },
): ProductBody {
  const { sds, sds_status, is_active: _active, encode: _encode, ...rest } = parsed;
  const body: ProductBody = { ...rest, ...productMeasures(parsed) };
  if (isStatusChosen) body.sds_status = sds_status;
  const savedPath = savedFile?.filepath ?? null;
  if ((sds?.filepath ?? null) !== savedPath) body.sds = sds ?? null;
  return body;
}
