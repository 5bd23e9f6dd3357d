/**
 * What Tier II tests against (40 CFR 370.10): the EHS cap, the threshold of every other hazardous
 * chemical, a retail station's fuels in gallons, and the days on site assumed when none are recorded.
 */

import { normalizeCas } from './reference.ts';
import type { SnapshotLine } from './types.ts';

/** 40 CFR 370.10(a): EHS at 500 lb or the TPQ, whichever is lower; others at 10,000 lb. */
export const TIER2_EHS_CAP_LB = 500;
export const TIER2_OTHER_THRESHOLD_LB = 10_000;
/**
 * 40 CFR 370.10(a)(2): at a retail gas station whose fuel was in compliant underground tanks all of
 * the preceding year, gasoline (all grades together) is tested against 75,000 gal and diesel against
 * 100,000 gal. The engine recognises the fuels by the CAS of a product's component (never by name):
 * gasoline 86290-81-5 and natural gasoline 8006-61-9; diesel fuel 68334-30-5 and diesel No. 2 68476-34-6.
 */
export const RETAIL_FUELS = [
  {
    key: 'gasoline',
    name: 'Gasoline (all grades)',
    threshold_gal: 75_000,
    cas_numbers: ['86290-81-5', '8006-61-9'],
  },
  {
    key: 'diesel',
    name: 'Diesel (all grades)',
    threshold_gal: 100_000,
    cas_numbers: ['68334-30-5', '68476-34-6'],
  },
] as const;
export type RetailFuel = (typeof RETAIL_FUELS)[number];

/** The retail fuel a line is, by its components' CAS; gasoline first (a blend naming both is gasoline). */
export function retailFuelOf(line: SnapshotLine): RetailFuel | null {
  const cas = new Set(line.components.map((component) => normalizeCas(component.cas_number)));
  return RETAIL_FUELS.find((fuel) => fuel.cas_numbers.some((number) => cas.has(number))) ?? null;
}

/** Days on site assumed while the inventory does not record them, and the most a row shows (rules §3). */
export const TIER2_DEFAULT_DAYS_ON_SITE = 365;
