import {
  compliance,
  FIRE_CODE_HAZARD_CLASSES,
  type ProductDataResource,
  productMeasures,
  type SaveProduct,
} from '@chemtrack/domain';
import type { products } from '../../db/schema/index.ts';
import type { ProductDataKey } from '../../db/schema/product-data.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';

/**
 * A product's data between its columns (`productDataColumns`, which `products` and the
 * `inventory_products` snapshot both hold) and the API's wire names (the domain's
 * `PRODUCT_DATA_REQUEST_FIELDS` and `PRODUCT_DATA_RESOURCE_FIELDS`): one mapping each way, for a
 * product, a line's copy of it and the reports.
 */

/** The product data columns of a row: a catalog product's, or a line's copy of them. */
export type ProductDataRow = Pick<typeof products.$inferSelect, ProductDataKey>;

/** The product data of a body; the inventory-product save uses it for a new product too. */
export type ProductDataBody = Omit<SaveProduct, 'sds' | 'sds_status' | 'hazard_ids' | 'is_active' | 'encode'>;

/** A body's product data as columns (bar the SDS status, which the SDS file decides). */
export function toProductColumns(body: ProductDataBody) {
  const measures = productMeasures(body);
  return {
    name: body.name,
    mfgName: body.mfg_name,
    mfgProductNumber: body.mfg_product_number ?? '',
    mfgPhone: body.mfg_phone,
    mfgEmergencyPhone: body.mfg_emergency_phone,
    sdsDate: body.sds_date ?? null,
    physicalState: body.physical_state ?? null,
    specificGravity: toNumeric(measures.specific_gravity),
    density: toNumeric(measures.density),
    poundsPerGallon: toNumeric(measures.pounds_per_gallon),
    conversionFactor: toNumeric(measures.conversion_factor),
    flashPoints: body.flash_points,
    nfpa: body.nfpa ?? '',
    isSpcc: body.is_spcc,
    isSaraF: body.is_sara_f,
    isSaraP: body.is_sara_p,
    isSaraR: body.is_sara_r,
    isSaraA: body.is_sara_a,
    isSaraC: body.is_sara_c,
    // Undefined (omitted) leaves the column as it is on update and to its default on insert.
    tier2HazardCategories: body.tier2_hazard_categories,
    fireCodeHazardClasses: body.fire_code_hazard_classes,
    tier2Exclusion: body.tier2_exclusion,
    solidForm: body.solid_form,
    powderFractionPct:
      body.powder_fraction_pct === undefined ? undefined : toNumeric(body.powder_fraction_pct),
    isUsedAsFuel: body.is_used_as_fuel,
    isPartialPressureExempt: body.is_partial_pressure_exempt,
    partialPressureNote: body.partial_pressure_note,
  };
}

/**
 * The 370.13 exclusion, the 302 solid form and the RMP/PSM fuel and partial-pressure inputs of a
 * product or a line, as the API shows them; the reports' line snapshot reads them so too.
 */
export function productReportInputs(row: {
  fireCodeHazardClasses: string[];
  tier2Exclusion: string | null;
  solidForm: string | null;
  powderFractionPct: string | null;
  isUsedAsFuel: boolean;
  isPartialPressureExempt: boolean;
  partialPressureNote: string;
}) {
  return {
    fire_code_hazard_classes: FIRE_CODE_HAZARD_CLASSES.filter((item) =>
      row.fireCodeHazardClasses.includes(item),
    ),
    tier2_exclusion: compliance.TIER2_EXCLUSIONS.find((value) => value === row.tier2Exclusion) ?? null,
    solid_form: compliance.SOLID_FORMS.find((value) => value === row.solidForm) ?? null,
    powder_fraction_pct: fromNumeric(row.powderFractionPct),
    is_used_as_fuel: row.isUsedAsFuel,
    is_partial_pressure_exempt: row.isPartialPressureExempt,
    partial_pressure_note: row.partialPressureNote,
  };
}

/** A product's or a line's product data as the API shows it, with the hazard classes read beside it. */
export function toProductDataResource(
  row: ProductDataRow,
  hazards: ProductDataResource['hazards'],
): ProductDataResource {
  return {
    name: row.name,
    mfg_name: row.mfgName,
    mfg_product_number: row.mfgProductNumber,
    mfg_phone: row.mfgPhone,
    mfg_emergency_phone: row.mfgEmergencyPhone,
    sds_date: row.sdsDate,
    sds_status: row.sdsStatus,
    physical_state: row.physicalState,
    specific_gravity: fromNumeric(row.specificGravity),
    density: fromNumeric(row.density),
    pounds_per_gallon: fromNumeric(row.poundsPerGallon),
    conversion_factor: fromNumeric(row.conversionFactor),
    flash_points: row.flashPoints,
    nfpa: row.nfpa,
    is_spcc: row.isSpcc,
    is_sara_f: row.isSaraF,
    is_sara_p: row.isSaraP,
    is_sara_r: row.isSaraR,
    is_sara_a: row.isSaraA,
    is_sara_c: row.isSaraC,
    tier2_hazard_categories: compliance.TIER2_HAZARD_CATEGORIES.filter((category) =>
      row.tier2HazardCategories.includes(category),
    ),
    ...productReportInputs(row),
    hazards,
  };
}
