import { z } from 'zod';
import { isValidCasNumber, normalizeCasNumber } from '../shared/cas.ts';
import {
  ActiveFlagSchema,
  decimalSchema,
  EncodeFlagSchema,
  optionalTextSchema,
  recordIdSchema,
  requiredTextSchema,
} from '../shared/fields.ts';
import { makeListQuerySchema } from '../shared/list.ts';
import { formatPercentRange } from '../shared/numbers.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

/** Chemical component messages: the spec's (spec 02 §5) and ours where it is silent. */
export const COMPONENT_MSG = {
  nameRequired: 'Name is required',
  nameMax: 'Name must be less than 255 characters',
  casRequired: 'CAS # is required',
  casInvalid: 'Invalid CAS number',
  percentageRange: (label: string) => `${label} must be between 0 and 100`,
  percentageRangeText: (label: string) => `${label} must be one number between 0 and 100, not a range`,
  regulationsMax: 'Regulations must be less than 500 characters',
  restrictionsMax: 'Restrictions must be less than 500 characters',
  reportingRequirementsMax: 'Reporting Requirements must be less than 500 characters',
  alreadyOnProduct: 'This chemical component is already listed on this product',
  casTaken: (number: string, name: string) => `CAS ${number} is already in the catalogue as ${name}.`,
  componentUnknown: 'The chemical component was not found',
  carcinogen: 'Carcinogen must be true or false',
  percentageRangeOrder: 'Percentage by weight: the low bound must not be above the high bound',
  percentageText: 'Percentage by weight must be a number or a range such as 30-60%, <5% or >90%',
} as const;

/** A percent by weight as an SDS gives it: low and high, null where the SDS gives no bound (rules §0.1). */
export interface PercentRange {
  low: number | null;
  high: number | null;
}

const PERCENT_NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const RANGE_PATTERN = new RegExp(
  String.raw`^${PERCENT_NUMBER}\s*%?\s*(?:-|–|—|to)\s*${PERCENT_NUMBER}\s*%?$`,
  'i',
);
const BOUND_PATTERN = new RegExp(String.raw`^(<=?|≤|>=?|≥)\s*${PERCENT_NUMBER}\s*%?$`);
const SINGLE_PATTERN = new RegExp(String.raw`^${PERCENT_NUMBER}\s*%?$`);

/** Why a typed percent by weight is not one: outside 0-100, a reversed range, or not a figure at all. */
type PercentProblem = 'range' | 'order' | 'text';

/** The typed percent by weight read (see parsePercentRange), or why it cannot be. */
function readPercentText(text: string): PercentRange | PercentProblem {
  const value = text.trim().replace(/,/g, '.');
  if (value === '') return { low: null, high: null };
  const inRange = (n: number) => Number.isFinite(n) && n >= 0 && n <= 100;
  const range = RANGE_PATTERN.exec(value);
  if (range) {
    const low = Number(range[1]);
    const high = Number(range[2]);
    if (!inRange(low) || !inRange(high)) return 'range';
    return low <= high ? { low, high } : 'order';
  }
  const bound = BOUND_PATTERN.exec(value);
  if (bound) {
    const figure = Number(bound[2]);
    if (!inRange(figure)) return 'range';
    const sign = bound[1] ?? '';
    return sign.startsWith('<') || sign === '≤' ? { low: null, high: figure } : { low: figure, high: null };
  }
  const single = SINGLE_PATTERN.exec(value);
  if (single) {
    const figure = Number(single[1]);
    return inRange(figure) ? { low: figure, high: figure } : 'range';
  }
  // A negative figure ("-5") is a number below 0, as the volume field says of it.
  if (/^-\s*[\d.]/.test(value) && SINGLE_PATTERN.test(value.replace(/^-\s*/, ''))) return 'range';
  return 'text';
}

/**
 * The percent by weight typed on the component form: "45", "45%", "30-60%", "30–60%", "<5%",
 * ">90%" (also ≤, ≥). An empty text is no figure ({ null, null }); anything else, or a figure
 * above 100, is null (not a percent).
 */
export function parsePercentRange(text: string): PercentRange | null {
  const read = readPercentText(text);
  return typeof read === 'string' ? null : read;
}

/**
 * Why the typed percent by weight is refused, as the form says it under the field, or null when
 * parsePercentRange reads it: a figure outside 0-100 (150, -5, 30-160%) gets the range message the
 * volume field gives, a reversed range the order message, anything else the format message.
 */
export function percentTextMessage(text: string): string | null {
  const read = readPercentText(text);
  if (typeof read !== 'string') return null;
  if (read === 'range') return COMPONENT_MSG.percentageRange('Percentage by weight');
  return read === 'order' ? COMPONENT_MSG.percentageRangeOrder : COMPONENT_MSG.percentageText;
}

export const TEXTAREA_MAX = 500;

const textArea = (message: string) => optionalTextSchema(TEXTAREA_MAX, message);

/**
 * 0 to 100. A minus sign is judged first, with this field's own messages: "-5" is out of range
 * and an SDS range "1-5" needs its own figure (the decimal field would only say "not a number").
 */
function percentage(label: string) {
  const range = COMPONENT_MSG.percentageRange(label);
  return z
    .union([z.string(), z.number()])
    .nullish()
    .superRefine((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
      if (/^-\s*[\d.]/.test(text)) ctx.addIssue({ code: 'custom', message: range, abort: true });
      else if (text.includes('-'))
        ctx.addIssue({ code: 'custom', message: COMPONENT_MSG.percentageRangeText(label), abort: true });
    })
    .pipe(decimalSchema(label, 4, Number.POSITIVE_INFINITY))
    .refine((value) => value === null || value <= 100, range);
}

export const CasNumberSchema = z
  .string({ error: COMPONENT_MSG.casRequired })
  .trim()
  .min(1, COMPONENT_MSG.casRequired)
  .transform(normalizeCasNumber)
  .refine(isValidCasNumber, COMPONENT_MSG.casInvalid);

/** One component on a product (or, later, on an inventory product): what the SDS section 3 lists. */
export const SaveComponentRequestSchema = z
  .object({
    /** A catalog component to link; without it the CAS # finds or creates one. */
    chemical_component_id: recordIdSchema('The chemical component id must be a record id').nullish(),
    ...READ_VERSION_FIELD,
    name: requiredTextSchema(255, COMPONENT_MSG.nameRequired, COMPONENT_MSG.nameMax),
    number: CasNumberSchema,
    /** One figure: low = high. A client that predates ranges sends only this. */
    percentage_weight: percentage('Percentage by weight'),
    /**
     * An SDS range (rules §0.1): either bound may be missing ("<5%": high only, ">90%": low only).
     * When either is sent, the two are the range and `percentage_weight` is not read.
     */
    percentage_weight_low: percentage('Percentage by weight (low)').optional(),
    percentage_weight_high: percentage('Percentage by weight (high)').optional(),
    percentage_volume: percentage('Percentage by volume'),
    regulations: textArea(COMPONENT_MSG.regulationsMax).optional(),
    restrictions: textArea(COMPONENT_MSG.restrictionsMax).optional(),
    reporting_requirements: textArea(COMPONENT_MSG.reportingRequirementsMax).optional(),
    /**
     * OSHA/IARC/NTP carcinogen as the SDS says (the 0.1% de minimis of 311/312 and 313, rules §0.3).
     * Omitted keeps what is stored, so a client that predates the field never clears it.
     */
    is_carcinogen: z
      .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], {
        error: COMPONENT_MSG.carcinogen,
      })
      .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
      .optional(),
    /**
     * The catalog keeps one name per CAS #: a different name for a known CAS # is refused (409)
     * unless this says to link the catalog's entry under its own name.
     */
    use_catalog_name: ActiveFlagSchema.optional(),
    encode: EncodeFlagSchema,
  })
  .superRefine((body, ctx) => {
    const low = body.percentage_weight_low ?? null;
    const high = body.percentage_weight_high ?? null;
    if (low !== null && high !== null && low > high) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentage_weight_low'],
        message: COMPONENT_MSG.percentageRangeOrder,
      });
    }
  });

/** The range a save stores: its low and high when it sends either, else its one figure as both. */
export function savedPercentRange(
  body: Pick<SaveComponent, 'percentage_weight' | 'percentage_weight_low' | 'percentage_weight_high'>,
): PercentRange {
  if (body.percentage_weight_low !== undefined || body.percentage_weight_high !== undefined) {
    return { low: body.percentage_weight_low ?? null, high: body.percentage_weight_high ?? null };
  }
  return { low: body.percentage_weight, high: body.percentage_weight };
}
export type SaveComponentRequest = z.input<typeof SaveComponentRequestSchema>;
export type SaveComponent = z.output<typeof SaveComponentRequestSchema>;

export const ComponentResourceSchema = z.object({
  id: z.number(),
  product_chemical_component_id: z.number(),
  chemical_component_id: z.number(),
  name: z.string(),
  number: z.string(),
  /** The high bound (one figure when low = high): what clients before ranges read. */
  percentage_weight: z.number().nullable(),
  percentage_weight_low: z.number().nullable(),
  percentage_weight_high: z.number().nullable(),
  percentage_volume: z.number().nullable(),
  regulations: z.string(),
  restrictions: z.string(),
  reporting_requirements: z.string(),
  is_carcinogen: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ComponentResource = z.infer<typeof ComponentResourceSchema>;

/** A component's percent by weight in a list: "45%", "30–60%", "<5%", ">90%", or '-' when the SDS gives none. */
export function formatWeightPercent(
  c: Pick<ComponentResource, 'percentage_weight_low' | 'percentage_weight_high'>,
): string {
  return formatPercentRange(c.percentage_weight_low, c.percentage_weight_high) || '-';
}

export const COMPONENT_ORDER_KEYS = [
  'name',
  'number',
  'percentage_weight',
  'percentage_volume',
  'updated_at',
] as const;
export const ComponentListQuerySchema = makeListQuerySchema(COMPONENT_ORDER_KEYS);
export type ComponentListQuery = z.infer<typeof ComponentListQuerySchema>;

/** The link's id in a component route (`:componentId`), under a product or an inventory line. */
export const ComponentLinkParamSchema = z.object({
  componentId: recordIdSchema(
    'The component id must be a number',
    'The component id must be a positive number no greater than 2147483647',
  ),
});

/** Picker rows of the component catalog: the name and its CAS #. */
export const ChemicalComponentItemSchema = z.object({ id: z.number(), name: z.string(), number: z.string() });
export type ChemicalComponentItem = z.infer<typeof ChemicalComponentItemSchema>;

/** The 409 of a save naming a known CAS # differently: the message on `name` and the catalog's entry. */
export const ComponentNameConflictSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  existing: ChemicalComponentItemSchema,
});
export type ComponentNameConflict = z.infer<typeof ComponentNameConflictSchema>;
