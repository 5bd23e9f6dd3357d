/**
 * Fire-code hazard classes (regulatory rules §10, IFC chapter 50 / NFPA 30 wording): the classes
 * the permit amounts and the hazardous materials inventory statement are kept by. A product may
 * have several (a corrosive that is also toxic); it is listed under every class it has (rules §11).
 * Defined once here: the product schema, the permit-amount table, the engine and the forms read it.
 * LP-gas (issue 31) is a class of its own: rules §10's table gives "Flammable gas (not LPG)", and the
 * IFC has a permit of its own for it (105.6 "LP-gas"); in the inventory statement it is a gas.
 */
import type { PhysicalState } from '../shared/enums.ts';

export const FIRE_CODE_HAZARD_CLASSES = [
  'flammable_liquid_ia',
  'flammable_liquid_ib',
  'flammable_liquid_ic',
  'combustible_liquid_ii',
  'combustible_liquid_iiia',
  'combustible_liquid_iiib',
  'corrosive',
  'explosive',
  'highly_toxic',
  'pyrophoric',
  'flammable_gas',
  'lp_gas',
  'flammable_solid',
  'oxidizing_gas',
  'oxidizer_1',
  'oxidizer_2',
  'oxidizer_3',
  'oxidizer_4',
  'organic_peroxide_i',
  'organic_peroxide_ii',
  'organic_peroxide_iii',
  'organic_peroxide_iv',
  'organic_peroxide_v',
  'toxic',
  'unstable_reactive_1',
  'unstable_reactive_2',
  'unstable_reactive_3',
  'unstable_reactive_4',
  'water_reactive_1',
  'water_reactive_2',
  'water_reactive_3',
] as const;
export type FireCodeHazardClass = (typeof FIRE_CODE_HAZARD_CLASSES)[number];

export const FIRE_CODE_HAZARD_CLASS_LABELS: Record<FireCodeHazardClass, string> = {
  flammable_liquid_ia: 'Flammable liquid Class IA',
  flammable_liquid_ib: 'Flammable liquid Class IB',
  flammable_liquid_ic: 'Flammable liquid Class IC',
  combustible_liquid_ii: 'Combustible liquid Class II',
  combustible_liquid_iiia: 'Combustible liquid Class IIIA',
  combustible_liquid_iiib: 'Combustible liquid Class IIIB',
  corrosive: 'Corrosive',
  explosive: 'Explosive',
  highly_toxic: 'Highly toxic',
  pyrophoric: 'Pyrophoric',
  flammable_gas: 'Flammable gas',
  lp_gas: 'LP-gas',
  flammable_solid: 'Flammable solid',
  oxidizing_gas: 'Oxidizing gas',
  oxidizer_1: 'Oxidizer Class 1',
  oxidizer_2: 'Oxidizer Class 2',
  oxidizer_3: 'Oxidizer Class 3',
  oxidizer_4: 'Oxidizer Class 4',
  organic_peroxide_i: 'Organic peroxide Class I',
  organic_peroxide_ii: 'Organic peroxide Class II',
  organic_peroxide_iii: 'Organic peroxide Class III',
  organic_peroxide_iv: 'Organic peroxide Class IV',
  organic_peroxide_v: 'Organic peroxide Class V',
  toxic: 'Toxic',
  unstable_reactive_1: 'Unstable reactive Class 1',
  unstable_reactive_2: 'Unstable reactive Class 2',
  unstable_reactive_3: 'Unstable reactive Class 3',
  unstable_reactive_4: 'Unstable reactive Class 4',
  water_reactive_1: 'Water-reactive Class 1',
  water_reactive_2: 'Water-reactive Class 2',
  water_reactive_3: 'Water-reactive Class 3',
};

export function isFireCodeHazardClass(value: unknown): value is FireCodeHazardClass {
  return typeof value === 'string' && (FIRE_CODE_HAZARD_CLASSES as readonly string[]).includes(value);
}

/**
 * The three forms the fire code measures in (rules §10): liquids in gallons, solids in pounds,
 * gases in cubic feet at NTP (70 °F, 14.7 psia). Compressed and liquified gases are both gases.
 */
export const FIRE_CODE_FORMS = ['liquid', 'solid', 'gas'] as const;
export type FireCodeForm = (typeof FIRE_CODE_FORMS)[number];
export const FIRE_CODE_FORM_UNITS: Record<FireCodeForm, string> = {
  liquid: 'gal',
  solid: 'lb',
  gas: 'cu ft',
};
export const FIRE_CODE_FORM_LABELS: Record<FireCodeForm, string> = {
  liquid: 'Liquid',
  solid: 'Solid',
  gas: 'Gas',
};

export function fireCodeFormOf(state: PhysicalState | null | undefined): FireCodeForm | null {
  if (state === 'liquid') return 'liquid';
  if (state === 'solid') return 'solid';
  if (state === 'compressed gas' || state === 'liquified gas') return 'gas';
  return null;
}

/**
 * Inside a building or outside (IFC 105.6.17: "in excess of 5 gallons in a building or 10 gallons
 * outside of a building"): the line records it (`is_outdoor`), since one storage location may be
 * a yard and another a room, and the permit amounts differ.
 */
export const FIRE_CODE_PLACES = ['inside', 'outside'] as const;
export type FireCodePlace = (typeof FIRE_CODE_PLACES)[number];
export const FIRE_CODE_PLACE_LABELS: Record<FireCodePlace, string> = {
  inside: 'Inside a building',
  outside: 'Outside',
};

/** HMIS columns (rules §11, IFC 5001.5.2 items 7-9): how the line's quantity is held. */
export const FIRE_CODE_USE_MODES = ['storage', 'use_closed', 'use_open'] as const;
export type FireCodeUseMode = (typeof FIRE_CODE_USE_MODES)[number];
export const FIRE_CODE_USE_MODE_LABELS: Record<FireCodeUseMode, string> = {
  storage: 'Storage',
  use_closed: 'Use - closed system',
  use_open: 'Use - open system',
};
export const DEFAULT_FIRE_CODE_USE_MODE: FireCodeUseMode = 'storage';

/** NFPA 30 boundaries (rules §10), °F. */
export const CLASS_I_FLASH_POINT_MAX_F = 100;
export const CLASS_IA_IB_FLASH_POINT_MAX_F = 73;
export const CLASS_IA_BOILING_POINT_MAX_F = 100;
export const CLASS_II_FLASH_POINT_MAX_F = 140;
export const CLASS_IIIA_FLASH_POINT_MAX_F = 200;

/**
 * The flammable or combustible liquid class a flash point gives (rules §10: IA FP < 73 °F and
 * BP < 100 °F; IB FP < 73 °F and BP ≥ 100 °F; IC 73 ≤ FP < 100; II 100-140; IIIA 140-200; IIIB ≥ 200).
 * The product records no boiling point, so a flash point below 73 °F is IA, the stricter of the two
 * (IA has the lower maximum allowable quantity; the permit amount of Class I is the same for both),
 * and the text says so. Only for a liquid: a gas or solid with a flash point is no liquid class.
 */
export function suggestLiquidClass(
  state: PhysicalState | null | undefined,
  flashPointF: number | null | undefined,
  boilingPointF: number | null = null,
): { hazard_class: FireCodeHazardClass; reason: string } | null {
  if (state !== 'liquid' || typeof flashPointF !== 'number' || !Number.isFinite(flashPointF)) return null;
  const fp = `flash point ${flashPointF} °F`;
  if (flashPointF < CLASS_IA_IB_FLASH_POINT_MAX_F) {
    if (boilingPointF !== null && boilingPointF >= CLASS_IA_BOILING_POINT_MAX_F) {
      return { hazard_class: 'flammable_liquid_ib', reason: `${fp} < 73 °F, boiling point ≥ 100 °F` };
    }
    return {
      hazard_class: 'flammable_liquid_ia',
      reason:
        boilingPointF === null
          ? `${fp} < 73 °F, no boiling point recorded: IA (the stricter of IA and IB)`
          : `${fp} < 73 °F, boiling point < 100 °F`,
    };
  }
  if (flashPointF < CLASS_I_FLASH_POINT_MAX_F)
    return { hazard_class: 'flammable_liquid_ic', reason: `73 °F ≤ ${fp} < 100 °F` };
  if (flashPointF < CLASS_II_FLASH_POINT_MAX_F)
    return { hazard_class: 'combustible_liquid_ii', reason: `100 °F ≤ ${fp} < 140 °F` };
  if (flashPointF < CLASS_IIIA_FLASH_POINT_MAX_F)
    return { hazard_class: 'combustible_liquid_iiia', reason: `140 °F ≤ ${fp} < 200 °F` };
  return { hazard_class: 'combustible_liquid_iiib', reason: `${fp} ≥ 200 °F` };
}

/**
 * The permit table's rows are class groups (rules §10, IFC 105.6.17): Class I liquids (IA, IB and
 * IC together: "Flammable liquid Class I (FP < 100 F): 5 gal inside / 10 gal outside") and Classes
 * II and IIIA together ("Combustible liquid Class II, IIIA: 25 gal inside / 60 gal outside") are
 * each one aggregate; every other class is a group of its own. The inventory statement keeps the
 * classes apart (rules §11: hazard classification per product); only the permit test adds them up.
 */
const MULTI_CLASS_GROUPS = {
  flammable_liquid_i: {
    label: 'Flammable liquid Class I (IA, IB, IC)',
    classes: ['flammable_liquid_ia', 'flammable_liquid_ib', 'flammable_liquid_ic'],
  },
  combustible_liquid_ii_iiia: {
    label: 'Combustible liquid Class II and IIIA (II, IIIA)',
    classes: ['combustible_liquid_ii', 'combustible_liquid_iiia'],
  },
} as const satisfies Record<string, { label: string; classes: readonly FireCodeHazardClass[] }>;
type MultiClassGroup = keyof typeof MULTI_CLASS_GROUPS;
type GroupedClass = (typeof MULTI_CLASS_GROUPS)[MultiClassGroup]['classes'][number];

/** A row of the permit table: a group of several classes, or one class on its own. */
export type FireCodePermitGroup = MultiClassGroup | Exclude<FireCodeHazardClass, GroupedClass>;

/** How a member of a group is named in the group's breakdown ("IA 2.00 + IC 4.00"). */
export const FIRE_CODE_MEMBER_LABELS: Record<GroupedClass, string> = {
  flammable_liquid_ia: 'IA',
  flammable_liquid_ib: 'IB',
  flammable_liquid_ic: 'IC',
  combustible_liquid_ii: 'II',
  combustible_liquid_iiia: 'IIIA',
};

function multiGroupOf(hazardClass: FireCodeHazardClass): MultiClassGroup | null {
  for (const [group, item] of Object.entries(MULTI_CLASS_GROUPS) as [
    MultiClassGroup,
    { classes: readonly FireCodeHazardClass[] },
  ][]) {
    if (item.classes.includes(hazardClass)) return group;
  }
  return null;
}

/** The permit-table row a class is counted in. */
export function permitGroupOf(hazardClass: FireCodeHazardClass): FireCodePermitGroup {
  return multiGroupOf(hazardClass) ?? (hazardClass as Exclude<FireCodeHazardClass, GroupedClass>);
}

/** Every permit group, in the class list's order (Class I where IA stands, II and IIIA where II stands). */
export const FIRE_CODE_PERMIT_GROUPS: readonly FireCodePermitGroup[] = [
  ...new Set(FIRE_CODE_HAZARD_CLASSES.map(permitGroupOf)),
];

export function isFireCodePermitGroup(value: unknown): value is FireCodePermitGroup {
  return typeof value === 'string' && (FIRE_CODE_PERMIT_GROUPS as readonly string[]).includes(value);
}

function isMultiClassGroup(group: FireCodePermitGroup): group is MultiClassGroup {
  return group in MULTI_CLASS_GROUPS;
}

/** The classes a permit-table row covers, in the class list's order. */
export function permitGroupClasses(group: FireCodePermitGroup): readonly FireCodeHazardClass[] {
  return isMultiClassGroup(group) ? MULTI_CLASS_GROUPS[group].classes : [group];
}

/** "Flammable liquid Class I (IA, IB, IC)"; a one-class group is the class's own label. */
export function permitGroupLabel(group: FireCodePermitGroup): string {
  return isMultiClassGroup(group) ? MULTI_CLASS_GROUPS[group].label : FIRE_CODE_HAZARD_CLASS_LABELS[group];
}

/**
 * LP-gas's permit (IFC 105.6 "LP-gas", item 1 "storage and use of LP-gas") is by the containers'
 * aggregate water capacity in gallons, not cubic feet: the IFC exempts containers of 500 gal water
 * capacity or less (in aggregate) only where they serve a Group R-3 occupancy, which an inventory
 * does not record, so the seed is any amount (0) and an admin sets 500 for an R-3 site [U: the IFC
 * text is not among the rules document's sources; rules §10 names the permit and no amount].
 */
export const PERMIT_GROUP_UNITS: Partial<Record<FireCodePermitGroup, string>> = {
  lp_gas: 'gal water capacity',
};

/** The unit a permit group is tested in: its own (LP-gas), else the form's. */
export function permitGroupUnit(group: FireCodePermitGroup, form: FireCodeForm): string {
  return PERMIT_GROUP_UNITS[group] ?? FIRE_CODE_FORM_UNITS[form];
}

/** A group of several classes shows its members' amounts beside its total. */
export function permitGroupHasMembers(group: FireCodePermitGroup): boolean {
  return isMultiClassGroup(group);
}

/** How a member is named in its group's breakdown: "IA", or the class's label. */
export function memberLabel(hazardClass: FireCodeHazardClass): string {
  return (
    (FIRE_CODE_MEMBER_LABELS as Partial<Record<FireCodeHazardClass, string>>)[hazardClass] ??
    FIRE_CODE_HAZARD_CLASS_LABELS[hazardClass]
  );
}

/**
 * A permit amount (rules §10's table, IFC 105.6 derived), one per permit group, form and place: a
 * permit is required when the aggregate of the group's classes on the property is more than
 * `amount` (strictly); 0 means "any amount"; null means the table sets no amount (Class IIIB
 * outside motor-vehicle fuel tanks, organic peroxide Class V).
 */
export interface PermitAmount {
  permit_group: FireCodePermitGroup;
  form: FireCodeForm;
  place: FireCodePlace;
  amount: number | null;
}

type Amounts = Partial<Record<FireCodeForm, number | null>>;

/** One group's amounts, the same inside and outside unless `outside` is given. */
function rowsOf(group: FireCodePermitGroup, inside: Amounts, outside: Amounts = inside): PermitAmount[] {
  const rows: PermitAmount[] = [];
  for (const form of FIRE_CODE_FORMS) {
    if (!(form in inside)) continue;
    rows.push({ permit_group: group, form, place: 'inside', amount: inside[form] ?? null });
    rows.push({ permit_group: group, form, place: 'outside', amount: outside[form] ?? null });
  }
  return rows;
}

const ANY_FORM: Amounts = { liquid: 0, solid: 0, gas: 0 };

/**
 * The seed of the admin's permit-amount table, as rules §10 gives it (treat as example values:
 * jurisdictions amend them, so the admin edits the stored table; the engine reads the stored one).
 */
export const DEFAULT_PERMIT_AMOUNTS: readonly PermitAmount[] = [
  ...rowsOf('flammable_liquid_i', { liquid: 5 }, { liquid: 10 }),
  ...rowsOf('combustible_liquid_ii_iiia', { liquid: 25 }, { liquid: 60 }),
  ...rowsOf('combustible_liquid_iiib', { liquid: null }),
  ...rowsOf('corrosive', { gas: 200, liquid: 55, solid: 1_000 }),
  ...rowsOf('explosive', ANY_FORM),
  ...rowsOf('highly_toxic', ANY_FORM),
  ...rowsOf('pyrophoric', ANY_FORM),
  ...rowsOf('flammable_gas', { gas: 200 }),
  ...rowsOf('lp_gas', { gas: 0 }),
  ...rowsOf('flammable_solid', { solid: 100 }),
  ...rowsOf('oxidizing_gas', { gas: 504 }),
  ...rowsOf('oxidizer_1', { liquid: 55, solid: 500 }),
  ...rowsOf('oxidizer_2', { liquid: 10, solid: 100 }),
  ...rowsOf('oxidizer_3', { liquid: 1, solid: 10 }),
  ...rowsOf('oxidizer_4', { liquid: 0, solid: 0 }),
  ...rowsOf('organic_peroxide_i', { liquid: 0, solid: 0 }),
  ...rowsOf('organic_peroxide_ii', { liquid: 0, solid: 0 }),
  ...rowsOf('organic_peroxide_iii', { liquid: 1, solid: 10 }),
  ...rowsOf('organic_peroxide_iv', { liquid: 2, solid: 20 }),
  ...rowsOf('organic_peroxide_v', { liquid: null, solid: null }),
  ...rowsOf('toxic', { gas: 0, liquid: 10, solid: 100 }),
  ...rowsOf('unstable_reactive_1', { liquid: 10, solid: 100 }),
  ...rowsOf('unstable_reactive_2', { liquid: 5, solid: 50 }),
  ...rowsOf('unstable_reactive_3', ANY_FORM),
  ...rowsOf('unstable_reactive_4', ANY_FORM),
  ...rowsOf('water_reactive_1', { liquid: 55, solid: 500 }),
  ...rowsOf('water_reactive_2', { liquid: 5, solid: 50 }),
  ...rowsOf('water_reactive_3', { liquid: 0, solid: 0 }),
];

/** Why the table sets no amount for a group, printed where a row has none. */
export const NO_PERMIT_AMOUNT_NOTES: Partial<Record<FireCodePermitGroup, string>> = {
  combustible_liquid_iiib:
    'Class IIIB: a permit only for any amount in tanks for motor-vehicle fuel dispensing, which the inventory does not record',
  organic_peroxide_v: 'Organic peroxide Class V: no permit amount',
};

/** A stored use mode as the API and the engine read it; anything else is storage, the default. */
export function parseFireCodeUseMode(value: string | null | undefined): FireCodeUseMode {
  return FIRE_CODE_USE_MODES.find((mode) => mode === value) ?? DEFAULT_FIRE_CODE_USE_MODE;
}
