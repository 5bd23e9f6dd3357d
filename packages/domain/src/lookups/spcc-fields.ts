/**
 * What the SPCC plan (40 CFR 112, rules §7) needs of a container and that the inventory's
 * container figures cannot give: its shell capacity (not the amount on hand), whether it is
 * aboveground or completely buried, and whether it is excluded from the rule. A container type
 * carries the usual values; a line's own value, when given, overrides its type's.
 */
import { z } from 'zod';
import { decimalSchema } from '../shared/fields.ts';

/** rules §7: aboveground counts bunkered, partially buried and vault tanks too; buried is completely buried. */
export const CONTAINER_PLACEMENTS = ['aboveground', 'buried'] as const;
export type ContainerPlacement = (typeof CONTAINER_PLACEMENTS)[number];
export const CONTAINER_PLACEMENT_LABELS: Record<ContainerPlacement, string> = {
  aboveground: 'Aboveground (also bunkered, partially buried or in a vault)',
  buried: 'Completely buried',
};

/** 40 CFR 112.1(d) exclusions (rules §7; the list is marked [U] there), one choice per line. */
export const SPCC_EXCLUSIONS = [
  'motive_power',
  'permanently_closed',
  'ust_regulated',
  'hot_mix_asphalt',
  'residential_heating_oil',
  'pesticide_application',
  'gathering_lines',
  'wastewater_treatment',
] as const;
export type SpccExclusion = (typeof SPCC_EXCLUSIONS)[number];
export const SPCC_EXCLUSION_LABELS: Record<SpccExclusion, string> = {
  motive_power: 'Motive power container (vehicle or equipment fuel tank)',
  permanently_closed: 'Permanently closed container',
  ust_regulated: 'Completely buried tank subject to all of 40 CFR 280/281',
  hot_mix_asphalt: 'Hot-mix asphalt or its container',
  residential_heating_oil: 'Heating oil container at a single-family residence',
  pesticide_application: 'Pesticide application equipment',
  gathering_lines: 'Intra-facility gathering line',
  wastewater_treatment: 'Wastewater treatment facility',
};

export const SPCC_LABELS = {
  shell_capacity_gal: 'Shell Capacity per Container (gal)',
  placement: 'Aboveground or Buried (SPCC)',
  spcc_exclusion: 'Excluded from SPCC',
  spcc_could_discharge:
    'Could reasonably be expected to discharge oil to navigable waters or shorelines (SPCC)',
} as const;

export const SPCC_MSG = {
  placement: 'Aboveground or Buried must be aboveground or buried.',
  exclusion: 'Excluded from SPCC must be one of the 40 CFR 112.1(d) reasons.',
} as const;

/** The largest capacity: numeric(14, 4), ten whole digits. */
export const MAX_SHELL_CAPACITY_GAL = 9_999_999_999;

/** Gallons of one container's shell; '' or null clears, omitted keeps what is stored. */
export const ShellCapacitySchema = decimalSchema('Shell Capacity', 4, MAX_SHELL_CAPACITY_GAL).optional();

/** A choice of `values`, or '' / null for none; omitted keeps what is stored. */
function optionalChoice<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z
    .union([z.enum(values), z.literal('')], { error: message })
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .optional();
}

export const ContainerPlacementSchema = optionalChoice(CONTAINER_PLACEMENTS, SPCC_MSG.placement);
export const SpccExclusionSchema = optionalChoice(SPCC_EXCLUSIONS, SPCC_MSG.exclusion);

/** A stored placement key as the API and the engine read it: anything else is no value. */
export function parseContainerPlacement(value: string | null | undefined): ContainerPlacement | null {
  return CONTAINER_PLACEMENTS.find((key) => key === value) ?? null;
}

/** A stored exclusion key as the API and the engine read it: anything else is no exclusion. */
export function parseSpccExclusion(value: string | null | undefined): SpccExclusion | null {
  return SPCC_EXCLUSIONS.find((key) => key === value) ?? null;
}
