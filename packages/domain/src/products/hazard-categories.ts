/**
 * Tier II hazard categories. Since reporting year 2017 Tier II uses the OSHA HCS/GHS classes
 * (81 FR 38104); the National Tier II Data Standard carries them as these 23 exact strings, in
 * this order, with "Hazard Not Otherwise Classified" once (rules §0.5). Older years keep the five
 * legacy SARA categories, which the data model holds as the F/P/R/A/C flags.
 */
export const TIER2_PHYSICAL_HAZARDS = [
  'Explosive',
  'Flammable (gases, aerosols, liquids, or solids)',
  'Oxidizer (liquid, solid or gas)',
  'Self-reactive',
  'Pyrophoric (liquid or solid)',
  'Pyrophoric Gas',
  'Self-heating',
  'Organic peroxide',
  'Corrosive to metal',
  'Gas under pressure (compressed gas)',
  'In contact with water emits flammable gas',
  'Combustible Dust',
] as const;

export const TIER2_HEALTH_HAZARDS = [
  'Acute toxicity (any route of exposure)',
  'Skin corrosion or irritation',
  'Serious eye damage or eye irritation',
  'Respiratory or skin sensitization',
  'Germ cell mutagenicity',
  'Carcinogenicity',
  'Reproductive toxicity',
  'Specific target organ toxicity(single or repeated exposure)',
  'Aspiration hazard',
  'Simple Asphyxiant',
] as const;

export const TIER2_HNOC = 'Hazard Not Otherwise Classified';

export const TIER2_HAZARD_CATEGORIES = [
  ...TIER2_PHYSICAL_HAZARDS,
  ...TIER2_HEALTH_HAZARDS,
  TIER2_HNOC,
] as const;
export type Tier2HazardCategory = (typeof TIER2_HAZARD_CATEGORIES)[number];

/** The first reporting year of the GHS categories. */
export const TIER2_GHS_FIRST_YEAR = 2017;

/** The legacy SARA 311/312 categories, by the flag that holds them. */
export const LEGACY_HAZARD_CATEGORIES = {
  is_sara_f: 'Fire',
  is_sara_p: 'Sudden release of pressure',
  is_sara_r: 'Reactive',
  is_sara_a: 'Immediate (acute) health',
  is_sara_c: 'Delayed (chronic) health',
} as const;
export type LegacyHazardFlag = keyof typeof LEGACY_HAZARD_CATEGORIES;
export const LEGACY_HAZARD_FLAGS = Object.keys(LEGACY_HAZARD_CATEGORIES) as LegacyHazardFlag[];

export function isTier2HazardCategory(value: string): value is Tier2HazardCategory {
  return (TIER2_HAZARD_CATEGORIES as readonly string[]).includes(value);
}
