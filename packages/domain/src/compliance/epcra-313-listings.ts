/**
 * The parts of EPCRA 313 that depend on how a chemical is listed (40 CFR 372.65) rather than on
 * its pounds: the ammonia listing's anhydrous/aqueous split, qualified listings that count only a
 * named form, the Form A conditions (372.27) and the list's PBT/PFAS markers. Rules §4-6.
 */
import { isGas, isLiquid } from '../products/index.ts';
import type { Contribution } from './aggregation.ts';
import { formatPounds, formatThreshold } from './format.ts';
import { normalizeCas, type ReferenceIndex } from './reference.ts';
import type { ReferenceEntry, SnapshotLine } from './types.ts';
import { type EngineWarning, listWarning } from './warnings.ts';

/** The ammonia listing (372.65): anhydrous ammonia plus 10% of total aqueous ammonia. */
export const TRI_AMMONIA_CAS = '7664-41-7';
/** Ammonium hydroxide is reported under the ammonia listing as aqueous ammonia (GuideME Q550), for 313 only. */
export const TRI_AMMONIUM_HYDROXIDE_CAS = '1336-21-6';
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

/** The share of its weight a line's ammonia counts, decided by the product's physical state. */
type AmmoniaForm = 'anhydrous' | 'aqueous' | 'undetermined';

function ammoniaForm(contribution: Contribution, fromHydroxide: boolean): AmmoniaForm {
  if (fromHydroxide) return 'aqueous';
  if (isGas(contribution.physical_state)) return 'anhydrous';
  if (isLiquid(contribution.physical_state)) return 'aqueous';
  return 'undetermined';
}

/**
 * The ammonia listing's counted pounds: anhydrous ammonia (a gas or liquified gas product) in
 * full, aqueous ammonia (a solution, and ammonium hydroxide 1336-21-6) at 10%. A solid or a
 * product with no physical state cannot be placed: it counts in full (never a silent under-count)
 * and the note says to check it.
 */
export function countAmmonia(
  ammonia: readonly Contribution[],
  hydroxide: readonly Contribution[],
): { pounds: number; basis: string; notes: string[] } {
  const byForm: Record<AmmoniaForm, Contribution[]> = { anhydrous: [], aqueous: [], undetermined: [] };
  for (const c of ammonia) byForm[ammoniaForm(c, false)].push(c);
  byForm.aqueous.push(...hydroxide);
  const anhydrous = sumContributions(byForm.anhydrous);
  const aqueous = sumContributions(byForm.aqueous);
  const undetermined = sumContributions(byForm.undetermined);
  const aqueousCounted = Math.round(aqueous * TRI_AQUEOUS_AMMONIA_SHARE * UNITS) / UNITS;
  const pounds =
    (Math.round(anhydrous * UNITS) + Math.round(aqueousCounted * UNITS) + Math.round(undetermined * UNITS)) /
    UNITS;
  const percent = formatThreshold(TRI_AQUEOUS_AMMONIA_SHARE * 100);
  const notes = [
    `Ammonia listing (40 CFR 372.65): anhydrous ammonia counts 100%, aqueous ammonia ${percent}% (GuideME Q552); the product decides which: a gas or liquified gas is anhydrous, a solution is aqueous.`,
  ];
  if (byForm.anhydrous.length > 0)
    notes.push(
      `Anhydrous (gas or liquified gas lines): ${formatPounds(anhydrous)} lb × 100% = ${formatPounds(anhydrous)} lb counted.`,
    );
  if (byForm.aqueous.length > 0) {
    const hydroxideNote =
      hydroxide.length > 0
        ? `, ammonium hydroxide ${TRI_AMMONIUM_HYDROXIDE_CAS} included as aqueous ammonia (GuideME Q550)`
        : '';
    notes.push(
      `Aqueous (solution lines${hydroxideNote}): ${formatPounds(aqueous)} lb × ${percent}% = ${formatPounds(aqueousCounted)} lb counted.`,
    );
  }
  if (byForm.undetermined.length > 0)
    notes.push(
      `Physical state neither gas nor liquid: ${formatPounds(undetermined)} lb counted at 100% as anhydrous; check whether it is a solution (10%).`,
    );
  if (notes.length > 2) notes.push(`Counted in all: ${formatPounds(pounds)} lb.`);
  const parts = [
    ...(byForm.anhydrous.length > 0 ? [`anhydrous ${formatPounds(anhydrous)} lb × 100%`] : []),
    ...(byForm.aqueous.length > 0 ? [`aqueous ${formatPounds(aqueous)} lb × ${percent}%`] : []),
    ...(byForm.undetermined.length > 0 ? [`state unknown ${formatPounds(undetermined)} lb × 100%`] : []),
  ];
  return { pounds, basis: `Ammonia listing: ${parts.join(' + ')}`, notes };
}

/**
 * A 313 listing whose qualifier names a form (372.65: "acid aerosols …", "fume or dust",
 * "friable", "fibrous forms", "solution"): its qualifier text, or null for an unqualified listing.
 * The ammonia listing's qualifier is a share, applied by `countAmmonia`, not a form to mark.
 */
export function formQualifier(entry: ReferenceEntry | undefined): string | null {
  const qualifier = entry?.condition?.trim() ?? '';
  if (qualifier === '' || normalizeCas(entry?.cas_number) === TRI_AMMONIA_CAS) return null;
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

/**
 * PBT and PFAS chemicals have thresholds of 100 or 10 lb (372.28; NDAA): a 313 list that marks
 * none of them and gives no per-chemical threshold tests every chemical at 25,000 / 10,000 lb, so
 * the report says so, as a warning, rather than let a PBT or PFAS pass as "not reportable".
 */
export function listMarkerWarnings(lists: ReferenceIndex): EngineWarning[] {
  const entries = lists.casNumbers('313').flatMap((cas) => lists.find('313', cas));
  if (entries.length === 0) return [];
  const marked = entries.some(
    (entry) =>
      entry.is_pbt === true || entry.is_pfas === true || (entry.threshold_quantity_lbs ?? null) !== null,
  );
  if (marked) return [];
  return [
    listWarning(
      'list_without_markers',
      'The EPCRA 313 list in use marks no chemical as PBT or PFAS and gives no per-chemical threshold (it has no PBT, PFAS or Reporting threshold (lb) column): every chemical was tested at the general 25,000 / 10,000 lb thresholds with de minimis, so a PBT (372.28: 100 or 10 lb) or PFAS (100 lb) may read "not reportable". Upload a 313 list with a PBT or PFAS column.',
    ),
  ];
}
