import { z } from 'zod';
import { PHYSICAL_STATES, SDS_STATUSES } from '../shared/enums.ts';
import {
  ActiveFlagSchema,
  decimalSchema,
  optionalIsoDateSchema,
  optionalPhoneSchema,
  optionalTextSchema,
  positiveDecimalSchema,
  recordIdSchema,
} from '../shared/fields.ts';
import { parseSignedInteger } from '../shared/numbers.ts';
import {
  FIRE_CODE_HAZARD_CLASSES,
  type FireCodeHazardClass,
  isFireCodeHazardClass,
} from './fire-code-classes.ts';
import {
  isTier2HazardCategory,
  TIER2_HAZARD_CATEGORIES,
  type Tier2HazardCategory,
} from './hazard-categories.ts';
import {
  PARTIAL_PRESSURE_NOTE_MAX,
  SOLID_FORMS,
  type SolidForm,
  TIER2_EXCLUSIONS,
  type Tier2Exclusion,
} from './report-inputs.ts';

/*
 * A product's data: what the catalogue product holds and what a line of an inventory copies from
 * it (the line's snapshot, which the technician may correct). Its fields are declared here once,
 * for the request and for the resource; the product's contract and the line's both spread them,
 * so a new product field is one line in each list below (see decision 006, "Adding a product
 * data field").
 */

/** The specification's product messages (spec 02 §5), and ours where it is silent. */
export const PRODUCT_MSG = {
  nameRequired: 'Product Name is required.',
  nameMax: 'Product Name must be less than 200 characters.',
  mfgNameRequired: 'Manufacturer Name is required.',
  mfgNameMax: 'Manufacturer Name must be less than 200 characters.',
  mfgProductNumberMax: 'Manufacturer Product Number must be less than 100 characters.',
  mfgPhone: 'Manufacturer Phone must be 10 digits.',
  mfgEmergencyPhone: 'Manufacturer Emergency Phone must be 10 digits.',
  sdsDate: 'SDS Date must be a valid date (MM/DD/YYYY).',
  physicalState: `Physical State must be one of: ${PHYSICAL_STATES.join(', ')}.`,
  sdsStatus: `SDS Status must be one of: ${SDS_STATUSES.join(', ')}.`,
  sdsStatusNeedsFile: 'Upload an SDS file before setting the status to SDS.',
  flashPoint: 'Flash Point must be between -459 and 1000 °F.',
  flashPointNotNumber: 'Flash Point must be a whole number of °F.',
  nfpaMax: 'NFPA must be less than 50 characters.',
  hazardIds: 'Hazard classes must be a list of hazard class ids.',
  hazardUnknown: 'One or more hazard classes do not exist or are archived.',
  sdsFileUnknown: 'The SDS file was not found. Upload it again.',
  tier2Exclusion: `Tier II Exclusion must be one of: ${TIER2_EXCLUSIONS.join(', ')}.`,
  solidForm: `Solid Form must be one of: ${SOLID_FORMS.join(', ')}.`,
  tier2HazardCategories:
    'Tier II Hazard Categories must be chosen from the 23 categories of the Tier II data standard.',
  partialPressureNoteMax: 'Partial Pressure Note must be less than 500 characters.',
  /** RMP 68.115(b)(1): the override is not open to oleum and the toluene diisocyanates. */
  partialPressureExcepted: (components: string) =>
    `The partial-pressure override cannot be set: 40 CFR 68.115(b)(1) excepts ${components} (a component of this product) from the below-10-mmHg exemption.`,
  fireCodeHazardClasses: 'Fire Code Hazard Classes must be chosen from the fire-code hazard classes.',
  /** A save onto the name and manufacturer of another product, until the user confirms it. */
  duplicate: (name: string, mfgName: string) => `A product named ${name} by ${mfgName} already exists.`,
} as const;

export const FLASH_POINT_MIN = -459;
export const FLASH_POINT_MAX = 1000;

/** Flash point in °F: digits with a leading minus, -459 to 1000. Empty → null. */
export const FlashPointSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    const parsed = parseSignedInteger(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.flashPointNotNumber });
      return z.NEVER;
    }
    if (parsed.value === null) return null;
    if (parsed.value < FLASH_POINT_MIN || parsed.value > FLASH_POINT_MAX) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.flashPoint });
      return z.NEVER;
    }
    return parsed.value;
  });

const FlagSchema = ActiveFlagSchema.optional().transform((value) => value ?? false);

/**
 * The Tier II GHS hazard categories (rules §0.5), by the data standard's exact labels; stored in
 * the standard's order without repeats, so two saves of one choice store one value. Omitted keeps
 * what is stored (a client that predates the field never clears it); [] clears.
 */
export const Tier2HazardCategoriesSchema = z
  .array(z.string({ error: PRODUCT_MSG.tier2HazardCategories }), { error: PRODUCT_MSG.tier2HazardCategories })
  .max(TIER2_HAZARD_CATEGORIES.length * 2, PRODUCT_MSG.tier2HazardCategories)
  // On the field itself, not on the element's index, so the form shows it under the checkboxes.
  .refine((list) => list.every(isTier2HazardCategory), PRODUCT_MSG.tier2HazardCategories)
  .optional()
  .transform((list): Tier2HazardCategory[] | undefined =>
    list === undefined ? undefined : TIER2_HAZARD_CATEGORIES.filter((category) => list.includes(category)),
  );

/**
 * The fire-code hazard classes (rules §10), several allowed; stored in the list's order without
 * repeats. Omitted keeps what is stored; [] clears.
 */
export const FireCodeHazardClassesSchema = z
  .array(z.string({ error: PRODUCT_MSG.fireCodeHazardClasses }), { error: PRODUCT_MSG.fireCodeHazardClasses })
  .max(FIRE_CODE_HAZARD_CLASSES.length * 2, PRODUCT_MSG.fireCodeHazardClasses)
  .refine((list) => list.every(isFireCodeHazardClass), PRODUCT_MSG.fireCodeHazardClasses)
  .optional()
  .transform((list): FireCodeHazardClass[] | undefined =>
    list === undefined ? undefined : FIRE_CODE_HAZARD_CLASSES.filter((item) => list.includes(item)),
  );

/**
 * A choice among `values`, '' or null for none; omitted keeps what is stored (a client that
 * predates the field never clears it).
 */
function optionalChoice<T extends string>(values: readonly T[], message: string) {
  return z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .refine(
      (value) => value === undefined || value === null || value === '' || values.includes(value as T),
      message,
    )
    .transform((value): T | null | undefined =>
      value === undefined ? undefined : value === null || value === '' ? null : (value as T),
    );
}

/** 40 CFR 370.13: the exclusion that leaves the product out of Tier II (rules §3). */
export const Tier2ExclusionSchema = optionalChoice<Tier2Exclusion>(
  TIER2_EXCLUSIONS,
  PRODUCT_MSG.tier2Exclusion,
);
/** 40 CFR 355.15/355.16: the form of a solid, which picks its TPQ and reduces its 302 quantity. */
export const SolidFormSchema = optionalChoice<SolidForm>(SOLID_FORMS, PRODUCT_MSG.solidForm);
/** 355.16(a): the percent by weight of a powder's particles under 100 µm; omitted keeps what is stored. */
export const PowderFractionSchema = decimalSchema('Share under 100 µm', 4, 100).optional();

/** The uploaded file a save points at: what `POST /file/upload` answered. */
export const FileRefSchema = z.object({
  filepath: z.string().trim().min(1, PRODUCT_MSG.sdsFileUnknown).max(200, PRODUCT_MSG.sdsFileUnknown),
  original_name: z.string().trim().max(255).optional(),
});
export type FileRef = z.infer<typeof FileRefSchema>;

/**
 * The conversion factor is cubic feet per pound (spec 02 §9: pounds = cubic feet ÷ factor), the
 * inverse of a density in lb per cu ft (rules §0.1). Said in the API docs and beside the field.
 */
export const CONVERSION_FACTOR_UNIT = 'cu ft/lb';
export const CONVERSION_FACTOR_DESCRIPTION =
  'Cubic feet per pound (cu ft/lb) of a compressed or liquified gas at NTP: pounds = cubic feet ÷ conversion factor. ' +
  'The inverse of a density in lb per cu ft; a gas takes more than 1 cu ft per lb (chlorine about 5.4).';

/**
 * A gas takes more than 1 cu ft per lb at NTP (the heaviest common ones, SF6 and WF6, about 2.5
 * and 1.3; chlorine 5.4): a factor below 1 is almost certainly a density in lb per cu ft typed
 * the wrong way round (issue 21 point 8). The reports warn; the form hints.
 */
export const MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR = 1;

export function isImplausibleConversionFactor(value: number | null | undefined): boolean {
  return typeof value === 'number' && value > 0 && value < MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR;
}

/**
 * A product's fields under the labels its form shows (spec 02 "Product"), for every screen that
 * names a field outside its form: the audit log (issue 22). The line's form shows the same
 * product data under the same labels.
 */
export const PRODUCT_FIELD_LABELS = {
  name: 'Product Name',
  mfg_name: 'Manufacturer Name',
  mfg_product_number: 'Manufacturer Product Number',
  mfg_phone: 'Manufacturer Phone',
  mfg_emergency_phone: 'Manufacturer Emergency Phone',
  sds_date: 'SDS Date',
  sds_file: 'SDS File',
  sds_status: 'SDS Status',
  physical_state: 'Physical State',
  specific_gravity: 'Specific Gravity',
  density: 'Density (lb/gal)',
  pounds_per_gallon: 'Pounds per Gallon',
  conversion_factor: 'Conversion Factor',
  flash_points: 'Flash Point (°F)',
  nfpa: 'NFPA',
  is_spcc: 'SPCC',
  is_sara_f: 'SARA F',
  is_sara_p: 'SARA P',
  is_sara_r: 'SARA R',
  is_sara_a: 'SARA A',
  is_sara_c: 'SARA C',
  tier2_hazard_categories: 'Tier II Hazard Categories',
  fire_code_hazard_classes: 'Fire Code Hazard Classes',
  tier2_exclusion: 'Tier II Exclusion (40 CFR 370.13)',
  solid_form: 'Solid Form (EPCRA 302)',
  powder_fraction_pct: 'Share under 100 µm (%)',
  is_active: 'Active',
  hazards: 'Hazard Classes',
  hazard_ids: 'Hazard Classes',
} as const;

/**
 * The product data a save takes, by wire name, in the order their messages come: a product save,
 * and a line save, which uses them only for a new product (a catalog product's data is copied by
 * the server) and takes neither `sds_status` nor a `density` of its own (see the line's contract).
 */
export const PRODUCT_DATA_REQUEST_FIELDS = {
  mfg_product_number: optionalTextSchema(100, PRODUCT_MSG.mfgProductNumberMax).optional(),
  mfg_phone: optionalPhoneSchema(PRODUCT_MSG.mfgPhone),
  mfg_emergency_phone: optionalPhoneSchema(PRODUCT_MSG.mfgEmergencyPhone),
  sds_date: optionalIsoDateSchema(PRODUCT_MSG.sdsDate).optional(),
  /** Optional: without it the server derives the status from the SDS file (see products repository). */
  sds_status: z.enum(SDS_STATUSES, { error: PRODUCT_MSG.sdsStatus }).nullish(),
  physical_state: z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(PHYSICAL_STATES, { error: PRODUCT_MSG.physicalState }).nullish(),
  ),
  specific_gravity: positiveDecimalSchema('Specific Gravity', 4, 999_999),
  /** Accepted for the spec's payload; the server recomputes it from the specific gravity. */
  density: z.union([z.string(), z.number()]).nullish(),
  pounds_per_gallon: decimalSchema('Pounds per Gallon', 2, 99_999_999),
  conversion_factor: decimalSchema('Conversion Factor', 4, 9_999_999_999).describe(
    CONVERSION_FACTOR_DESCRIPTION,
  ),
  flash_points: FlashPointSchema,
  nfpa: optionalTextSchema(50, PRODUCT_MSG.nfpaMax).optional(),
  is_spcc: FlagSchema,
  is_sara_f: FlagSchema,
  is_sara_p: FlagSchema,
  is_sara_r: FlagSchema,
  is_sara_a: FlagSchema,
  is_sara_c: FlagSchema,
  tier2_hazard_categories: Tier2HazardCategoriesSchema,
  /** Fire-code hazard classes (rules §10, issue 23); omitted keeps what is stored. */
  fire_code_hazard_classes: FireCodeHazardClassesSchema,
  tier2_exclusion: Tier2ExclusionSchema,
  solid_form: SolidFormSchema,
  powder_fraction_pct: PowderFractionSchema,
  /** RMP 68.126 (issue 23); omitted keeps what is stored. */
  is_used_as_fuel: ActiveFlagSchema.optional(),
  /** RMP 68.115(b)(1), PSM 2016 memorandum: the partial-pressure override and its note; omitted keeps what is stored. */
  is_partial_pressure_exempt: ActiveFlagSchema.optional(),
  partial_pressure_note: optionalTextSchema(
    PARTIAL_PRESSURE_NOTE_MAX,
    PRODUCT_MSG.partialPressureNoteMax,
  ).optional(),
  hazard_ids: z
    .array(recordIdSchema(PRODUCT_MSG.hazardIds), {
      error: PRODUCT_MSG.hazardIds,
    })
    .max(50, PRODUCT_MSG.hazardIds)
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
  /** Present only when the SDS field was touched: a file to attach, or null to detach. */
  sds: FileRefSchema.nullish(),
};

const HazardRefSchema = z.object({ id: z.number(), name: z.string() });

/**
 * The product data a product and a line answer with, by wire name (a line's is its copy). The
 * server fills them from either table's `productDataColumns` in one mapping
 * (`modules/products/product-data.ts`).
 */
export const PRODUCT_DATA_RESOURCE_FIELDS = {
  name: z.string(),
  mfg_name: z.string(),
  mfg_product_number: z.string(),
  mfg_phone: z.string(),
  mfg_emergency_phone: z.string(),
  sds_date: z.string().nullable(),
  sds_status: z.enum(SDS_STATUSES),
  physical_state: z.enum(PHYSICAL_STATES).nullable(),
  specific_gravity: z.number().nullable(),
  density: z.number().nullable(),
  pounds_per_gallon: z.number().nullable(),
  conversion_factor: z.number().nullable().describe(CONVERSION_FACTOR_DESCRIPTION),
  flash_points: z.number().nullable(),
  nfpa: z.string(),
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
  hazards: z.array(HazardRefSchema),
};
export const ProductDataResourceSchema = z.object(PRODUCT_DATA_RESOURCE_FIELDS);
export type ProductDataResource = z.infer<typeof ProductDataResourceSchema>;
