/**
 * A fire-code class for a product with none ticked (issue 31 point 4), read only where the data
 * says it one to one; anything else is named as not derivable, never guessed. Every class found
 * here is an estimate: the report lists it under "Estimated inputs" and warns.
 *
 * One to one (the GHS category and the IFC class describe the same property):
 * - a liquid's flash point: its NFPA 30 class (`suggestLiquidClass`, rules §10);
 * - Tier II "Flammable (gases, aerosols, liquids, or solids)" + a gas state: Flammable gas (IFC: a
 *   gas that burns in air at 20 °C, 14.7 psia, the GHS flammable-gas test) — or LP-gas when the
 *   composition is LP-gas (below);
 * - the same category on a solid: Flammable solid (GHS flammable solid and the IFC's both rest on a
 *   burning-rate test of a readily combustible solid);
 * - "Oxidizer (liquid, solid or gas)" + a gas state: Oxidizing gas (the IFC's has no classes);
 * - "Pyrophoric Gas", "Pyrophoric (liquid or solid)": Pyrophoric (ignites spontaneously in air;
 *   every form any amount);
 * - "Explosive": Explosive (UN/DOT Class 1 in both).
 * Not one to one, so listed and left to the user:
 * - "Oxidizer" on a liquid or solid: IFC oxidizer Class 1-4 is by reaction intensity, not the GHS
 *   category 1-3;
 * - "Acute toxicity": IFC Highly toxic (oral LD50 ≤ 50 mg/kg …) or Toxic (50-500 mg/kg …) is by
 *   the LD50/LC50, and GHS category 4 reaches past the IFC's Toxic; the category does not say which;
 * - "Skin corrosion or irritation": one Tier II category for skin corrosion (IFC Corrosive) and skin
 *   irritation (no fire-code class); "Corrosive to metal" is no IFC Corrosive (living tissue only);
 * - "In contact with water emits flammable gas": Water-reactive Class 1-3 not given;
 * - "Organic peroxide": Class I-V not given; "Self-reactive": Unstable reactive Class 1-4 not given;
 * - "Flammable" on a liquid with no flash point: Class I, II or IIIA not given.
 * [U] The IFC definitions paraphrased here were not read in a source of the rules document.
 */
import type { PhysicalState } from '../shared/enums.ts';
import {
  FIRE_CODE_HAZARD_CLASS_LABELS,
  type FireCodeHazardClass,
  fireCodeFormOf,
  suggestLiquidClass,
} from './fire-code-classes.ts';
import type { Tier2HazardCategory } from './hazard-categories.ts';

/**
 * What the estimates read of a component: its CAS and percent by weight. Declared here, not taken
 * from the compliance engine's types, so products never imports compliance (no folder cycle).
 */
export interface ComponentShare {
  cas_number: string;
  percentage_weight: number | null;
  percentage_weight_low?: number | null;
  percentage_weight_high?: number | null;
}

/**
 * LP-gas (NFPA 58 definition, as local codes quote it: "any material composed predominantly of
 * propane, propylene, butane (normal butane or isobutane) and butylenes"), by CAS. Source: that
 * definition (rules §10 names IFC 105.6 "LP-gas" among the permits but gives no amount); CAS
 * numbers of the named hydrocarbons and of LPG itself (68476-85-7, petroleum gases, liquefied;
 * 68476-86-8, the same sweetened). Compiled 2026-11 [U].
 */
export const LP_GAS_CAS: Readonly<Record<string, string>> = {
  '74-98-6': 'propane',
  '115-07-1': 'propylene',
  '106-97-8': 'n-butane',
  '75-28-5': 'isobutane',
  '106-98-9': '1-butene',
  '107-01-7': '2-butene',
  '590-18-1': 'cis-2-butene',
  '624-64-6': 'trans-2-butene',
  '115-11-7': 'isobutylene',
  '68476-85-7': 'LPG',
  '68476-86-8': 'LPG (sweetened)',
};

/**
 * LP-gas is filled to 42% of the container's water capacity by weight (49 CFR 173.315(b), the
 * DOT filling density of LPG cylinders of specific gravity about 0.504-0.510) [U]: a "20-lb"
 * cylinder holds about 47.6 lb of water. Used to estimate the water capacity of a line weighed in pounds.
 */
export const LP_GAS_FILLING_DENSITY = 0.42;

/** "Predominantly": more than half by weight. */
export const LP_GAS_PREDOMINANT_PERCENT = 50;

/**
 * The share of a gas product that is LP-gas hydrocarbons, by weight (each component's single
 * figure, else the top of its range), when it is more than half; null otherwise.
 */
export function lpGasShare(components: readonly ComponentShare[]): { percent: number; text: string } | null {
  let percent = 0;
  const names: string[] = [];
  for (const component of components) {
    const name = LP_GAS_CAS[component.cas_number.trim()];
    if (name === undefined) continue;
    const value =
      component.percentage_weight ?? component.percentage_weight_high ?? component.percentage_weight_low;
    if (typeof value !== 'number') continue;
    percent += value;
    names.push(`${name} ${component.cas_number.trim()} ${value}%`);
  }
  if (percent <= LP_GAS_PREDOMINANT_PERCENT) return null;
  return { percent, text: names.join(' + ') };
}

/** A class found for a product with none ticked, and why (printed under "Estimated inputs"). */
export interface ClassEstimate {
  hazard_class: FireCodeHazardClass;
  reason: string;
}

export interface ClassEstimates {
  classes: ClassEstimate[];
  /** What the product's data names and no class can be read from: the report lists the line with it. */
  not_derived: string[];
}

export interface EstimateInput {
  physical_state: PhysicalState | null;
  flash_point_f?: number | null;
  hazard_categories?: readonly Tier2HazardCategory[] | null;
  components: readonly ComponentShare[];
}

const FLAMMABLE: Tier2HazardCategory = 'Flammable (gases, aerosols, liquids, or solids)';
const OXIDIZER: Tier2HazardCategory = 'Oxidizer (liquid, solid or gas)';

/** The categories no class can be read from, with what the user has to decide. */
const NOT_ONE_TO_ONE: Partial<Record<Tier2HazardCategory, string>> = {
  'Acute toxicity (any route of exposure)':
    'Toxic or Highly toxic is decided by the LD50/LC50, which the category does not give; choose it on the product',
  'Skin corrosion or irritation':
    'the category joins skin corrosion (Corrosive) and skin irritation (not a fire-code class); choose Corrosive on the product if the SDS says skin corrosion',
  'Corrosive to metal':
    "the fire code's Corrosive is corrosion of living tissue, not of metal; choose Corrosive on the product if the SDS says skin corrosion",
  'In contact with water emits flammable gas':
    'its water-reactive class (1-3) is not given by the category; choose it on the product',
  'Organic peroxide':
    'its organic peroxide class (I-V) is not given by the category; choose it on the product',
  'Self-reactive': 'its unstable reactive class (1-4) is not given by the category; choose it on the product',
};

/** LP-gas or Flammable gas for a flammable gas, by its composition. */
function flammableGasClass(input: EstimateInput, state: string): ClassEstimate {
  const lp = lpGasShare(input.components);
  if (lp !== null) {
    return {
      hazard_class: 'lp_gas',
      reason: `Tier II category "${FLAMMABLE}", its gas state (${state}) and its composition (${lp.text}: LP-gas, predominantly propane, propylene, butanes or butylenes)`,
    };
  }
  return {
    hazard_class: 'flammable_gas',
    reason: `Tier II category "${FLAMMABLE}" and its gas state (${state})`,
  };
}

/** The classes the data gives one to one for a product with none ticked, and what it cannot say. */
export function estimateFireCodeClasses(input: EstimateInput): ClassEstimates {
  const classes: ClassEstimate[] = [];
  const notDerived: string[] = [];
  const add = (hazardClass: FireCodeHazardClass, reason: string) => {
    if (!classes.some((item) => item.hazard_class === hazardClass))
      classes.push({ hazard_class: hazardClass, reason });
  };
  const state = input.physical_state;
  const form = fireCodeFormOf(state);
  const flash = suggestLiquidClass(state, input.flash_point_f ?? null);
  if (flash !== null) add(flash.hazard_class, flash.reason);
  const categories = input.hazard_categories ?? [];
  for (const category of categories) {
    if (category === FLAMMABLE) {
      if (form === 'gas' && state !== null) {
        const found = flammableGasClass(input, state);
        add(found.hazard_class, found.reason);
      } else if (form === 'solid')
        add('flammable_solid', `Tier II category "${FLAMMABLE}" and its solid state`);
      else if (form === 'liquid' && flash === null)
        notDerived.push(
          `Tier II "${FLAMMABLE}" on a liquid with no flash point: Class I, II or IIIA is not given; record the flash point or choose the class`,
        );
      else if (form === null)
        notDerived.push(
          `Tier II "${FLAMMABLE}" with no physical state: gas, liquid or solid decides the class`,
        );
    } else if (category === OXIDIZER) {
      if (form === 'gas') add('oxidizing_gas', `Tier II category "${OXIDIZER}" and its gas state (${state})`);
      else
        notDerived.push(
          `Tier II "${OXIDIZER}" on a ${form ?? 'product with no physical state'}: its oxidizer class (1-4) is not given by the category; choose it on the product`,
        );
    } else if (category === 'Pyrophoric Gas' || category === 'Pyrophoric (liquid or solid)') {
      add('pyrophoric', `Tier II category "${category}"`);
    } else if (category === 'Explosive') {
      add('explosive', 'Tier II category "Explosive"');
    } else {
      const why = NOT_ONE_TO_ONE[category];
      if (why !== undefined) notDerived.push(`Tier II "${category}": ${why}`);
    }
  }
  return { classes, not_derived: notDerived };
}

/** "Flammable gas from its Tier II category …": how an estimate reads in the report. */
export function estimateText(estimate: ClassEstimate): string {
  return `${FIRE_CODE_HAZARD_CLASS_LABELS[estimate.hazard_class]} from its ${estimate.reason}`;
}
