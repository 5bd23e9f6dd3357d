/**
 * What a product records for the reports beyond its SDS data (issue 21 points 10 and 12): the
 * 370.13 exclusion and the form of a solid. Kept with the product data, which stores them; the
 * engine reads them through the snapshot.
 */
/** The 302 solid forms that select the lower of two TPQs (40 CFR 355.15; rules §1). */
export const SOLID_FORMS = ['powder', 'solution', 'molten', 'other'] as const;
export type SolidForm = (typeof SOLID_FORMS)[number];
export const SOLID_FORM_LABELS: Record<SolidForm, string> = {
  powder: 'Powder, particles under 100 µm',
  solution: 'In solution',
  molten: 'Molten',
  other: 'Other solid form',
};

/** 40 CFR 370.13(b): what is not a hazardous chemical for Tier II (rules §3), one choice per product. */
export const TIER2_EXCLUSIONS = [
  'fda_regulated',
  'article',
  'consumer_product',
  'laboratory',
  'agricultural',
  'retail_sale',
] as const;
export type Tier2Exclusion = (typeof TIER2_EXCLUSIONS)[number];
export const TIER2_EXCLUSION_LABELS: Record<Tier2Exclusion, string> = {
  fda_regulated: 'FDA-regulated (food, food or colour additive, drug, cosmetic)',
  article: 'Article',
  consumer_product: 'Consumer product as packaged, used as a consumer would',
  laboratory: 'Laboratory under a technically qualified person',
  agricultural: 'Routine agricultural use',
  retail_sale: 'Retail sale to the public',
};

/**
 * The RMP and PSM inputs a product records (issue 23): whether it is used or sold as fuel (40 CFR
 * 68.126) and the partial-pressure override with its documentation (68.115(b)(1), OSHA 2016
 * memorandum). Labels shared by the product form, the line form and the API docs.
 */
export const PROCESS_SAFETY_PRODUCT_LABELS = {
  is_used_as_fuel: 'Used or sold as fuel (RMP 40 CFR 68.126)',
  is_partial_pressure_exempt: 'Partial pressure below 10 mmHg (RMP/PSM override)',
  partial_pressure_note: 'Partial pressure note (source of the figure)',
} as const;
export const PARTIAL_PRESSURE_NOTE_MAX = 500;
