/**
 * The parts of EPCRA 313 that depend on how a chemical is listed (40 CFR 372.65) rather than on
 * its pounds: the ammonia listing's anhydrous/aqueous split, qualified listings that count only a
 * named form, the Form A conditions (372.27) and the list's PBT/PFAS markers. Rules §4-6.
 */
import { isGas } from '../products/index.ts';
import type { Contribution } from './aggregation.ts';
import { builtInPbt, builtInPfas, TRI_NDAA_PFAS } from './epcra-313-special-concern.ts';
import { formatPounds, formatThreshold } from './format.ts';
import {
  AMMONIA_CAS,
  AMMONIUM_HYDROXIDE_CAS,
  normalizeCas,
  type ReferenceIndex,
  WATER_CAS,
} from './reference.ts';
import type { ReferenceEntry, SnapshotLine } from './types.ts';
import { type EngineWarning, listWarning } from './warnings.ts';

/** The share of aqueous ammonia the listing counts (372.65 qualifier; GuideME Q552). */
export const TRI_AQUEOUS_AMMONIA_SHARE = 0.1;
/** Form A (372.27): annual reportable amount at most 500 lb, and each activity at most 1,000,000 lb. */
export const TRI_FORM_A_REPORTABLE_MAX_LB = 500;
export const TRI_FORM_A_MAX_LB = 1_000_000;

const UNITS = 10_000;

/** Contributed pounds added in ten-thousandths of a pound, as `aggregateByCas` adds them. */
export function sumContributions(contributions: readonly Contribution[]): number {
  return contributions.reduce((units, c) => units + Math.round(c.pounds_contributed * UNITS), 0) / UNITS;
}

/** How a line's ammonia counts: whole (anhydrous), 10% (aqueous), or whole while not determined. */
type AmmoniaForm = 'anhydrous' | 'aqueous' | 'undetermined';

/**
 * Ammonia at or above this percent by weight is anhydrous ammonia, whatever state the line records:
 * commercial anhydrous ammonia is 99.5% or purer (fertilizer grade keeps up to 0.5% water against
 * stress-corrosion cracking), while a water solution of ammonia holds at most about 35% at
 * atmospheric pressure. A refrigerated tank recorded as "liquid" is anhydrous ammonia (rules §4-6).
 */
export const TRI_ANHYDROUS_AMMONIA_MIN_PCT = 99;
/** A product name that says the product is ammonia in water ("Aqua Ammonia 30%", "Ammonia solution"). */
const SOLUTION_NAME = /\b(solution|aqueous|aqua|ammonium hydroxide|ammonia water)\b/i;

const FORM_TEXT: Record<AmmoniaForm, string> = {
  anhydrous: 'anhydrous, 100% counted',
  aqueous: `aqueous, ${formatThreshold(TRI_AQUEOUS_AMMONIA_SHARE * 100)}% counted`,
  undetermined: 'not determined, 100% counted',
};

interface AmmoniaReading {
  form: AmmoniaForm;
  /** Why: what the line records, and the reading it leads to. */
  reason: string;
}

function recordedState(line: SnapshotLine | undefined): string {
  if (!line?.physical_state) return 'with no physical state recorded';
  const temperature = line.storage_temperature?.trim();
  return `recorded as ${line.physical_state}${temperature ? ` (${temperature})` : ''}`;
}

function waterPercent(line: SnapshotLine | undefined): number | null | undefined {
  const water = line?.components.find((c) => normalizeCas(c.cas_number) === WATER_CAS);
  if (!water) return undefined;
  return water.percentage_weight ?? water.percentage_weight_high ?? null;
}

/**
 * Reads one line's ammonia from what the line records (rules §4-6, GuideME Q550/Q552): the 10%
 * share is for ammonia in water only, so it needs a sign of water (ammonium hydroxide, a water
 * component, a product named as a solution); the recorded state alone never makes a solution.
 */
function readAmmoniaLine(
  contribution: Contribution,
  fromHydroxide: boolean,
  line: SnapshotLine | undefined,
): AmmoniaReading {
  if (fromHydroxide)
    return {
      form: 'aqueous',
      reason: `ammonium hydroxide ${AMMONIUM_HYDROXIDE_CAS} is ammonia in water (GuideME Q550)`,
    };
  const percent = contribution.percent_weight;
  const ammonia = `${formatThreshold(percent)}% ammonia`;
  const state = recordedState(line);
  if (percent >= TRI_ANHYDROUS_AMMONIA_MIN_PCT && contribution.physical_state !== 'solid')
    return {
      form: 'anhydrous',
      reason: `${ammonia} ${state}: ammonia of ${TRI_ANHYDROUS_AMMONIA_MIN_PCT}% or more is anhydrous ammonia whatever state is recorded`,
    };
  const water = waterPercent(line);
  if (water !== undefined)
    return {
      form: 'aqueous',
      reason: `${ammonia} with water ${WATER_CAS}${water === null ? '' : ` (${formatThreshold(water)}%)`} as a component: a water solution`,
    };
  if (SOLUTION_NAME.test(contribution.product_name))
    return {
      form: 'aqueous',
      reason: `${ammonia} in a product named as a solution ("${contribution.product_name}")`,
    };
  if (isGas(contribution.physical_state))
    return { form: 'anhydrous', reason: `${ammonia} ${state}, with no water: not a water solution` };
  return {
    form: 'undetermined',
    reason: `${ammonia} ${state}, with no water ${WATER_CAS} component and no solution in the product's name: not shown to be a water solution (record water ${WATER_CAS} on the product if it is one)`,
  };
}

const AMMONIA_RULE_NOTE =
  `Ammonia listing (40 CFR 372.65): anhydrous ammonia counts 100%, aqueous ammonia (ammonia in water) ` +
  `${formatThreshold(TRI_AQUEOUS_AMMONIA_SHARE * 100)}% (GuideME Q552). Each line is read from its record: ammonium hydroxide ` +
  `${AMMONIUM_HYDROXIDE_CAS}, or ammonia below ${TRI_ANHYDROUS_AMMONIA_MIN_PCT}% with water ${WATER_CAS} as a component or in a ` +
  `product named as a solution, is aqueous; ammonia of ${TRI_ANHYDROUS_AMMONIA_MIN_PCT}% or more is anhydrous whatever state is ` +
  `recorded (a refrigerated liquid included); ammonia in a gas with no water counts whole; anything else is not determined ` +
  `and counts whole.`;

/**
 * The ammonia listing's counted pounds: anhydrous ammonia in full, aqueous ammonia (ammonia in
 * water, and ammonium hydroxide 1336-21-6) at 10%. A line whose record does not show which counts
 * in full (never a silent under-count); one note per line says which reading was taken and why.
 */
export function countAmmonia(
  ammonia: readonly Contribution[],
  hydroxide: readonly Contribution[],
  lineById: ReadonlyMap<number, SnapshotLine>,
): { pounds: number; basis: string; notes: string[] } {
  const byForm: Record<AmmoniaForm, Contribution[]> = { anhydrous: [], aqueous: [], undetermined: [] };
  const readings = [
    ...ammonia.map((c) => ({ c, fromHydroxide: false })),
    ...hydroxide.map((c) => ({ c, fromHydroxide: true })),
  ].sort((a, b) => a.c.inventory_product_id - b.c.inventory_product_id);
  const lineNotes: string[] = [];
  for (const { c, fromHydroxide } of readings) {
    const reading = readAmmoniaLine(c, fromHydroxide, lineById.get(c.inventory_product_id));
    byForm[reading.form].push(c);
    lineNotes.push(
      `${c.product_name} (line ${c.inventory_product_id}) at ${c.location_stored}: ${formatPounds(c.pounds_contributed)} lb; ${reading.reason} → ${FORM_TEXT[reading.form]}.`,
    );
  }
  const anhydrous = sumContributions(byForm.anhydrous);
  const aqueous = sumContributions(byForm.aqueous);
  const undetermined = sumContributions(byForm.undetermined);
  const aqueousCounted = Math.round(aqueous * TRI_AQUEOUS_AMMONIA_SHARE * UNITS) / UNITS;
  const pounds =
    (Math.round(anhydrous * UNITS) + Math.round(aqueousCounted * UNITS) + Math.round(undetermined * UNITS)) /
    UNITS;
  const percent = formatThreshold(TRI_AQUEOUS_AMMONIA_SHARE * 100);
  const sums: string[] = [];
  if (byForm.anhydrous.length > 0)
    sums.push(`Anhydrous: ${formatPounds(anhydrous)} lb × 100% = ${formatPounds(anhydrous)} lb counted.`);
  if (byForm.aqueous.length > 0) {
    const hydroxideNote =
      hydroxide.length > 0
        ? ` (ammonium hydroxide ${AMMONIUM_HYDROXIDE_CAS} included as aqueous ammonia, GuideME Q550)`
        : '';
    sums.push(
      `Aqueous${hydroxideNote}: ${formatPounds(aqueous)} lb × ${percent}% = ${formatPounds(aqueousCounted)} lb counted.`,
    );
  }
  if (byForm.undetermined.length > 0)
    sums.push(
      `Not determined (counted whole; check whether it is a water solution, ${percent}%): ${formatPounds(undetermined)} lb × 100% = ${formatPounds(undetermined)} lb counted.`,
    );
  if (sums.length > 1) sums.push(`Counted in all: ${formatPounds(pounds)} lb.`);
  const parts = [
    ...(byForm.anhydrous.length > 0 ? [`anhydrous ${formatPounds(anhydrous)} lb × 100%`] : []),
    ...(byForm.aqueous.length > 0 ? [`aqueous ${formatPounds(aqueous)} lb × ${percent}%`] : []),
    ...(byForm.undetermined.length > 0 ? [`not determined ${formatPounds(undetermined)} lb × 100%`] : []),
  ];
  return {
    pounds,
    basis: `Ammonia listing: ${parts.join(' + ')}`,
    notes: [AMMONIA_RULE_NOTE, ...lineNotes, ...sums],
  };
}

/**
 * A 313 listing whose qualifier names a form (372.65: "acid aerosols …", "fume or dust",
 * "friable", "fibrous forms", "solution"): its qualifier text, or null for an unqualified listing.
 * The ammonia listing's qualifier is a share, applied by `countAmmonia`, not a form to mark.
 */
export function formQualifier(entry: ReferenceEntry | undefined): string | null {
  const qualifier = entry?.condition?.trim() ?? '';
  if (qualifier === '' || normalizeCas(entry?.cas_number) === AMMONIA_CAS) return null;
  return qualifier;
}

/** Contributions split by the line's mark: only a line marked as meeting the qualifier counts. */
export function splitByQualifierMark(
  contributions: readonly Contribution[],
  lineById: ReadonlyMap<number, SnapshotLine>,
): { marked: Contribution[]; unmarked: Contribution[] } {
  const marked: Contribution[] = [];
  const unmarked: Contribution[] = [];
  for (const c of contributions) {
    (lineById.get(c.inventory_product_id)?.meets_313_qualifier === true ? marked : unmarked).push(c);
  }
  return { marked, unmarked };
}

export interface FormA {
  /** The conditions the app can check hold; the 500-lb reportable amount is still the user's to confirm. */
  possible: boolean;
  /** The short text of the report's Form A column; '' for a chemical under its threshold. */
  text: string;
  /** The conditions, each with whether it holds; empty for a chemical under its threshold. */
  note: string | null;
}

/**
 * Form A (40 CFR 372.27): only for a chemical that exceeds a threshold, that is not a PBT or a
 * PFAS (372.27(e); 88 FR 74360), whose amount in each activity is at most 1,000,000 lb, and whose
 * annual reportable amount (releases and other waste management) is at most 500 lb. The
 * inventory holds no release figures, so the last condition is always the user's to confirm.
 */
export function formA(input: {
  exceeds: boolean;
  isPbt: boolean;
  isPfas: boolean;
  pounds: number;
  activityLabel: string;
}): FormA {
  if (!input.exceeds) return { possible: false, text: '', note: null };
  const max = formatThreshold(TRI_FORM_A_MAX_LB);
  if (input.isPbt)
    return {
      possible: false,
      text: 'No: PBT chemical',
      note: 'Form A is not available for a PBT chemical (40 CFR 372.27(e)): file Form R.',
    };
  if (input.isPfas)
    return {
      possible: false,
      text: 'No: PFAS',
      note: 'Form A is not available for a PFAS, a chemical of special concern (40 CFR 372.27(e), 88 FR 74360): file Form R.',
    };
  if (input.pounds > TRI_FORM_A_MAX_LB)
    return {
      possible: false,
      text: `No: more than ${max} lb`,
      note: `Form A is not available: ${formatPounds(input.pounds)} lb ${input.activityLabel.toLowerCase()} > ${max} lb (40 CFR 372.27(a)): file Form R.`,
    };
  return {
    possible: true,
    text: `Possible if the annual reportable amount is ≤ ${TRI_FORM_A_REPORTABLE_MAX_LB} lb (confirm)`,
    note:
      `Form A possible (40 CFR 372.27) only if all hold: not a PBT or PFAS (holds); ${formatPounds(input.pounds)} lb ` +
      `${input.activityLabel.toLowerCase()} ≤ ${max} lb (holds; the other two activities must not exceed it either); and an ` +
      `annual reportable amount (releases and other waste management) of ≤ ${TRI_FORM_A_REPORTABLE_MAX_LB} lb, which the inventory ` +
      `does not record: the user confirms it.`,
  };
}

/** Which source decides PBT and PFAS: the uploaded list's own column, or the built-in table by CAS. */
export interface TriMarkerSources {
  pbt: 'list' | 'built_in';
  pfas: 'list' | 'built_in';
}

function listEntries313(lists: ReferenceIndex): ReferenceEntry[] {
  return lists.casNumbers('313').flatMap((cas) => [...lists.find('313', cas)]);
}

/**
 * A list "has" a column when at least one chemical is marked in it (the stored list keeps the
 * marks, not the header): a PBT mark or any per-chemical threshold decides PBT from the list, a
 * PFAS mark decides PFAS from the list. Otherwise the built-in tables decide, by CAS.
 */
export function triMarkerSources(lists: ReferenceIndex): TriMarkerSources {
  const entries = listEntries313(lists);
  return {
    pbt: entries.some((e) => e.is_pbt === true || (e.threshold_quantity_lbs ?? null) !== null)
      ? 'list'
      : 'built_in',
    pfas: entries.some((e) => e.is_pfas === true) ? 'list' : 'built_in',
  };
}

/** The list's chemicals its own column leaves unmarked that the built-in table names. */
function unmarkedByList(
  entries: readonly ReferenceEntry[],
  isMarked: (entry: ReferenceEntry) => boolean,
  isKnown: (cas: string) => boolean,
): string[] {
  return entries
    .filter((entry) => !isMarked(entry) && isKnown(entry.cas_number))
    .map((entry) => `${entry.chemical_name} ${normalizeCas(entry.cas_number)}`);
}

/**
 * PBT and PFAS chemicals have thresholds of 100 or 10 lb (372.28; NDAA): the report says which
 * source decided them, as one list-level warning, whenever a built-in table stood in for a column
 * the list lacks, or the list's own column leaves unmarked a chemical the built-in table names.
 */
export function listMarkerWarnings(lists: ReferenceIndex): EngineWarning[] {
  const entries = listEntries313(lists);
  if (entries.length === 0) return [];
  const sources = triMarkerSources(lists);
  const pbtPart =
    sources.pbt === 'list'
      ? "PBT from the uploaded list's PBT / Reporting threshold (lb) column"
      : 'PBT from 40 CFR 372.28 (built in), the uploaded list has no PBT column';
  const pfasPart =
    sources.pfas === 'list'
      ? "PFAS from the uploaded list's PFAS column"
      : `PFAS from NDAA FY2020 section 7321 and EPA's later additions (built in, ${TRI_NDAA_PFAS.length} CAS numbers), the uploaded list has no PFAS column`;
  const parts = [`EPCRA 313 list markers: ${pbtPart}; ${pfasPart}.`];
  if (sources.pbt === 'built_in' || sources.pfas === 'built_in')
    parts.push(
      `The built-in tables match by CAS only (category listings such as N420 lead compounds stay unmatched) and the PFAS table does not hold the section 7321(b)(1)(E) substances (40 CFR 372.29): a listed chemical they do not name is tested at the general 25,000 / 10,000 lb thresholds with de minimis. Upload a 313 list with PBT and PFAS columns to decide them from the list.`,
    );
  const pbtMissed =
    sources.pbt === 'list'
      ? unmarkedByList(
          entries,
          (e) => e.is_pbt === true || (e.threshold_quantity_lbs ?? null) !== null,
          (cas) => builtInPbt(cas) !== undefined,
        )
      : [];
  if (pbtMissed.length > 0)
    parts.push(
      `The uploaded list's PBT column does not mark ${pbtMissed.length} chemical(s) that 40 CFR 372.28 lists as PBT: ${pbtMissed.join(', ')}.`,
    );
  const pfasMissed =
    sources.pfas === 'list'
      ? unmarkedByList(
          entries,
          (e) => e.is_pfas === true,
          (cas) => builtInPfas(cas) !== undefined,
        )
      : [];
  if (pfasMissed.length > 0)
    parts.push(
      `The uploaded list's PFAS column does not mark ${pfasMissed.length} chemical(s) that NDAA FY2020 section 7321 lists as PFAS: ${pfasMissed.join(', ')}.`,
    );
  if (parts.length === 1) return [];
  if (pbtMissed.length > 0 || pfasMissed.length > 0) parts.push("The list's own columns decide: check them.");
  return [listWarning('list_without_markers', parts.join(' '))];
}
