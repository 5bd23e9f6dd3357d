/**
 * What the RMP (40 CFR 68, rules §8) and PSM (29 CFR 1910.119, rules §9) reports share: a
 * "process" is a storage location (the app knows no other grouping of vessels), a listing's
 * condition read as a concentration or a form, and one row shape per process and listed chemical
 * with the facility total beside the locations as a screen. Different chemicals are never added
 * together (EPA RMP FAQ): every row is one listing in one process.
 */

import { roundTo } from '../shared/numbers.ts';
import type { Contribution, Exclusion, LineComponent } from './aggregation.ts';
import { choosePercent, lineContribution, lineExclusion, unknownPoundsExclusion } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import { formatPercent, formatPounds, formatThreshold } from './format.ts';
import type { Explanation } from './programme.ts';
import { normalizeCas } from './reference.ts';
import { type ThresholdOperator, type ThresholdTest, testThreshold } from './thresholds.ts';
import type { ReferenceEntry, SnapshotFacility, SnapshotLine } from './types.ts';
import { undeterminedHeader, unknownAmountsOf } from './unknown-amounts.ts';
import { type EngineWarning, listWarning } from './warnings.ts';

/** The label of the facility-wide screen row (the sum over every location, rules §8). */
export const FACILITY_SCREEN = 'Facility total (screen)';
/** A line stored nowhere recorded is its own process. */
export const NO_LOCATION = '(no location recorded)';

/**
 * "Anhydrous" (and a "pure" listed flammable) has no figure in the lists: a component at 99% by
 * weight or more is taken as the substance itself, the water or impurities of a commercial grade
 * aside [design].
 */
export const PURE_MIN_PERCENT = 99;

export interface ListingCondition {
  kind: 'anhydrous' | 'min_percent' | 'solution' | 'none';
  min_percent: number | null;
  /** "greater than 44%" (without "or greater"): the percent itself does not qualify. */
  strict: boolean;
  /** As the list writes it, for the rows. */
  text: string;
}

const PERCENT = /(\d+(?:\.\d+)?)\s*%/;

/**
 * A listing's condition (rules §8: "conc 20% or greater" → wt% ≥ 20, "anhydrous", "solution"),
 * read from the condition column, else from the name's wording ("Ammonia solutions (greater than
 * 44% ammonia by weight)"). The list's own concentration column wins over the words.
 */
export function parseListingCondition(entry: ReferenceEntry): ListingCondition {
  const condition = (entry.condition ?? '').trim();
  const words = `${condition} ${entry.chemical_name}`.toLowerCase();
  const text =
    condition ||
    (PERCENT.test(entry.chemical_name) || /anhydrous|solution/i.test(entry.chemical_name)
      ? entry.chemical_name
      : '');
  if (/anhydrous/.test(words)) return { kind: 'anhydrous', min_percent: null, strict: false, text };
  const stated = PERCENT.exec(condition) ?? PERCENT.exec(entry.chemical_name);
  const percent = entry.min_concentration_pct ?? (stated ? Number(stated[1]) : null);
  if (percent !== null && percent > 0) {
    const strict = /greater than|more than|over /.test(words) && !/or greater|or more|or above/.test(words);
    return { kind: 'min_percent', min_percent: percent, strict, text };
  }
  if (/solution/.test(words)) return { kind: 'solution', min_percent: null, strict: false, text };
  return { kind: 'none', min_percent: null, strict: false, text };
}

/**
 * Whether a component at `percent` meets the listing's condition; null when it does, else the
 * reason it is left out. `floor` is the programme's least percent for a listing without a figure
 * (RMP: 1%, below which a toxic is not counted; PSM: 1%, OSHA's 2016 policy).
 */
export function conditionShortfall(
  condition: ListingCondition,
  percent: number,
  floor: { percent: number; text: string },
): string | null {
  const shown = `${formatPercent(percent)}%`;
  switch (condition.kind) {
    case 'anhydrous':
      return percent >= PURE_MIN_PERCENT
        ? null
        : `${shown} < ${PURE_MIN_PERCENT}%: not anhydrous (counted under the listing for its concentration, if any)`;
    case 'min_percent': {
      const limit = condition.min_percent ?? 0;
      const meets = condition.strict ? percent > limit : percent >= limit;
      return meets
        ? null
        : `${shown} ${condition.strict ? '≤' : '<'} listed concentration ${formatThreshold(limit)}%`;
    }
    case 'solution':
      if (percent >= PURE_MIN_PERCENT) return `${shown}: the substance itself, not a solution`;
      return percent >= floor.percent ? null : `${shown} < ${floor.text}`;
    default:
      return percent >= floor.percent ? null : `${shown} < ${floor.text}`;
  }
}

/** The CAS numbers a listing counts: its own and, for RMP, its aliases (ammonium hydroxide under ammonia). */
export function listingCasNumbers(entry: ReferenceEntry, withAliases: boolean): string[] {
  const own = normalizeCas(entry.cas_number);
  const aliases = withAliases
    ? (entry.alias_cas_numbers ?? '')
        .split(/[,;\s]+/)
        .map((cas) => normalizeCas(cas))
        .filter((cas) => cas !== '' && cas !== own)
    : [];
  return own === '' ? aliases : [own, ...aliases];
}

/**
 * A retail facility for PSM (1910.119(a)(2)(i)) and RMP (68.126, 68.3): flagged as one, or as a
 * retail gas station (a station selling fuel mainly to the public is a retail facility).
 */
export function isRetailFacility(facility: SnapshotFacility): boolean {
  return facility.is_retail_facility === true || facility.is_retail_gas_station === true;
}

/** The process a line belongs to: its storage location. */
export function processOf(line: SnapshotLine): string {
  return line.location_stored.trim() || NO_LOCATION;
}

/**
 * The NFPA 704 flammability figure of a rating typed "2-4-0" (health-flammability-instability),
 * "H2 F4 R0" or "2/4/0"; null when unreadable.
 */
export function nfpaFlammability(nfpa: string | null | undefined): number | null {
  const text = (nfpa ?? '').trim();
  const labelled = /F\s*([0-4])/i.exec(text);
  if (labelled) return Number(labelled[1]);
  const figures = text.split(/[\s\-/,]+/).filter((part) => /^[0-4]$/.test(part));
  return figures.length >= 3 ? Number(figures[1]) : null;
}

/** The percent the programme reads in the component's SDS range (the report setting; upper bound by default). */
export function processPercent(item: LineComponent, context: ComplianceContext): number {
  return choosePercent(item, context.options.percent_basis);
}

/** One listing in one process (or the facility screen), tested against its TQ. */
export interface ProcessRow {
  /** 'location': a process; 'facility': every location added up, a screen. */
  scope: 'location' | 'facility';
  /** The storage location, or `FACILITY_SCREEN`. */
  process: string;
  substance: string;
  cas_number: string;
  /** The listing's condition as the list writes it ("conc 20% or greater"); '' for none. */
  condition: string;
  threshold_lb: number;
  quantity_lb: number;
  covered: boolean;
  /** Issue 33 point 2: lines of unknown pounds could reach the TQ ("cannot be determined: {input}"). */
  cannot_be_determined: string | null;
  missing_inputs: string[];
  near_threshold: boolean;
  /** A figure counts a line whose data was missing by the conservative reading (see the row's notes). */
  is_estimate: boolean;
  /** What was left out by an exemption (fuel, partial pressure, atmospheric storage), as printed. */
  exemptions: string[];
  test: ThresholdTest;
  explanation: Explanation;
}

/** The running figures of one row while the lines are read. */
export interface RowAccumulator {
  units: number;
  contributions: Contribution[];
  excluded: Exclusion[];
  notes: Set<string>;
  exemptions: Set<string>;
  is_estimate: boolean;
}

/** Ten-thousandths of a pound, as the aggregation adds them, so line order never changes a total. */
const UNITS = 10_000;

export function newAccumulator(): RowAccumulator {
  return {
    units: 0,
    contributions: [],
    excluded: [],
    notes: new Set(),
    exemptions: new Set(),
    is_estimate: false,
  };
}

export function addPounds(acc: RowAccumulator, contribution: Contribution): void {
  acc.units += Math.round(contribution.pounds_contributed * UNITS);
  acc.contributions.push(contribution);
}

/** The rows of one listing: one per process that has a line of it, then the facility screen. */
export function rowsOfListing(
  base: Pick<ProcessRow, 'substance' | 'cas_number' | 'condition' | 'threshold_lb'>,
  byProcess: Map<string, RowAccumulator>,
  operator: ThresholdOperator,
  context: ComplianceContext,
  withFacility: boolean,
): ProcessRow[] {
  const rows: ProcessRow[] = [];
  const facility = newAccumulator();
  for (const [process, acc] of [...byProcess].sort(([a], [b]) => a.localeCompare(b))) {
    rows.push(toRow(base, 'location', process, acc, operator, context));
    facility.units += acc.units;
    facility.contributions.push(...acc.contributions);
    facility.excluded.push(...acc.excluded);
    for (const note of acc.notes) facility.notes.add(note);
    for (const exemption of acc.exemptions) facility.exemptions.add(exemption);
    facility.is_estimate ||= acc.is_estimate;
  }
  if (withFacility && byProcess.size > 0) {
    rows.push(toRow(base, 'facility', FACILITY_SCREEN, facility, operator, context));
  }
  return rows;
}

function toRow(
  base: Pick<ProcessRow, 'substance' | 'cas_number' | 'condition' | 'threshold_lb'>,
  scope: ProcessRow['scope'],
  process: string,
  acc: RowAccumulator,
  operator: ThresholdOperator,
  context: ComplianceContext,
): ProcessRow {
  const test = testThreshold(
    acc.units / UNITS,
    base.threshold_lb,
    operator,
    'TQ',
    context.options.near_threshold_fraction,
  );
  const byLine = (a: { inventory_product_id: number }, b: { inventory_product_id: number }) =>
    a.inventory_product_id - b.inventory_product_id;
  const notes = [...acc.notes];
  if (scope === 'facility') {
    notes.unshift(
      'Every location added up: a screen, since the app cannot tell which vessels are interconnected or co-located (one process).',
    );
  }
  const unknown = unknownAmountsOf(test.meets, acc.excluded, `${formatPounds(test.quantity_lb)} lb`);
  notes.push(...unknown.notes);
  return {
    ...base,
    scope,
    process,
    quantity_lb: test.quantity_lb,
    covered: test.meets,
    cannot_be_determined: unknown.cannot_be_determined,
    missing_inputs: unknown.missing_inputs,
    near_threshold: test.near_threshold,
    is_estimate: acc.is_estimate,
    exemptions: [...acc.exemptions],
    test,
    explanation: {
      rule_text: test.rule_text,
      contributions: [...acc.contributions].sort(byLine),
      excluded: [...acc.excluded].sort(byLine),
      notes,
    },
  };
}

/** The header line naming the process rows whose coverage unknown pounds leave undetermined. */
function processHeader(rows: readonly ProcessRow[]) {
  return undeterminedHeader(
    'Processes whose coverage cannot be determined',
    rows.map((row) => ({ name: `${row.substance} (${row.process})`, ...row })),
  );
}

/**
 * An RMP or PSM result's tables: the header naming the undetermined processes, the main table and
 * those below their threshold. Issue 33 point 2: a row unknown pounds could cover stays in the
 * main table, undetermined.
 */
export function processTables<Row extends ProcessRow>(rows: readonly Row[]) {
  return {
    ...processHeader(rows),
    rows: rows.filter((row) => row.covered || row.cannot_be_determined !== null),
    below_threshold: rows.filter((row) => !row.covered && row.cannot_be_determined === null),
  };
}

/** Covered first, then by process (locations before the facility screen), substance and condition. */
export function compareProcessRows(a: ProcessRow, b: ProcessRow): number {
  return (
    Number(b.covered) - Number(a.covered) ||
    Number(a.scope === 'facility') - Number(b.scope === 'facility') ||
    a.process.localeCompare(b.process) ||
    a.substance.localeCompare(b.substance) ||
    a.condition.localeCompare(b.condition)
  );
}

/** The text a partial-pressure override prints (68.115(b)(1); PSM 2016 memorandum). */
export function partialPressureText(line: SnapshotLine): string {
  const note = (line.partial_pressure_note ?? '').trim();
  return `partial pressure below 10 mmHg (override${note ? `: ${note}` : ', no note recorded'})`;
}

/** One listing of the RMP or PSM list with a threshold, and what each process holds of it. */
export interface ProcessListing {
  entry: ReferenceEntry;
  condition: ListingCondition;
  threshold: number;
  byProcess: Map<string, RowAccumulator>;
}

/** Stricter listings are tried first, so anhydrous ammonia is never counted again as a 20% solution. */
function strictness(condition: ListingCondition): number {
  if (condition.kind === 'anhydrous') return 3_000;
  if (condition.kind === 'min_percent') return 1_000 + (condition.min_percent ?? 0);
  return condition.kind === 'solution' ? 500 : 0;
}

/**
 * Every listing of `list` with a threshold, indexed by each CAS it counts (its own and, where the
 * list takes them, its aliases), strictest first; a listing without one is a warning, not a row.
 * `make` may complete the entry (RMP: the aliases 68.130 implies where the list has none); the
 * index reads the entry it returns.
 */
export function indexProcessListings<L extends ProcessListing>(
  context: ComplianceContext,
  warnings: EngineWarning[],
  list: 'rmp' | 'psm',
  make: (listing: ProcessListing, index: number) => L,
): { byCas: Map<string, L[]>; listings: L[] } {
  const label = list.toUpperCase();
  const byCas = new Map<string, L[]>();
  const listings: L[] = [];
  for (const cas of context.lists.casNumbers(list)) {
    for (const entry of context.lists.find(list, cas)) {
      if (entry.threshold_quantity_lbs === null || entry.threshold_quantity_lbs <= 0) {
        warnings.push(
          listWarning(
            'missing_threshold',
            `${label} list: ${entry.chemical_name} ${entry.cas_number} has no TQ; it is not tested.`,
          ),
        );
        continue;
      }
      const listing = make(
        {
          entry,
          condition: parseListingCondition(entry),
          threshold: entry.threshold_quantity_lbs,
          byProcess: new Map(),
        },
        listings.length,
      );
      listings.push(listing);
      // Only the RMP list counts aliases (ammonium hydroxide under ammonia); Appendix A names
      // compounds, and a compound not listed as such is not covered (OSHA 1993 letter).
      for (const number of listingCasNumbers(listing.entry, list === 'rmp')) {
        byCas.set(number, [...(byCas.get(number) ?? []), listing]);
      }
    }
  }
  for (const found of byCas.values()) found.sort((a, b) => strictness(b.condition) - strictness(a.condition));
  return { byCas, listings };
}

/** What one process holds of one listing (a listing's `byProcess`), made on first use. */
export function accumulatorOf(byProcess: Map<string, RowAccumulator>, process: string): RowAccumulator {
  let acc = byProcess.get(process);
  if (!acc) {
    acc = newAccumulator();
    byProcess.set(process, acc);
  }
  return acc;
}

/**
 * A listed chemical counted by its own weight (RMP toxics, PSM Appendix A): under the strictest
 * listing whose condition the component meets, at `floor` or more; left out with the reason
 * otherwise, or where the product records a partial pressure below 10 mmHg, unless
 * `overrideRefused` says why that override does not apply here (RMP: oleum and TDI,
 * 68.115(b)(1)): then the line counts and the row notes why.
 */
export function countListedComponent<L extends ProcessListing>(
  item: LineComponent,
  candidates: L[],
  context: ComplianceContext,
  floor: { percent: number; text: string },
  note: (matched: L) => string = () => '',
  overrideRefused: string | null = null,
): void {
  const { quantity } = item;
  const { line } = quantity;
  const process = processOf(line);
  const percent = processPercent(item, context);
  const fallback = candidates[candidates.length - 1];
  if (!fallback) return;
  if (line.is_partial_pressure_exempt && overrideRefused === null) {
    const acc = accumulatorOf(fallback.byProcess, process);
    acc.excluded.push(lineExclusion(line, percent, partialPressureText(line)));
    acc.exemptions.add(`${line.product_name}: ${partialPressureText(line)}`);
    return;
  }
  const matched = candidates.find(
    (listing) => conditionShortfall(listing.condition, percent, floor) === null,
  );
  const acc = accumulatorOf((matched ?? fallback).byProcess, process);
  if (line.is_partial_pressure_exempt && overrideRefused !== null) {
    acc.notes.add(`${line.product_name}: ${overrideRefused}`);
  }
  if (!matched) {
    const reason = conditionShortfall(fallback.condition, percent, floor) ?? '';
    acc.excluded.push(lineExclusion(line, percent, reason));
    return;
  }
  if (quantity.pounds === null) {
    acc.excluded.push(unknownPoundsExclusion(line, percent));
    return;
  }
  // The aggregation's rounding (four decimals), so a chemical's pounds agree across reports.
  const pounds = roundTo((quantity.pounds * percent) / 100, 4);
  addPounds(
    acc,
    lineContribution(
      quantity,
      pounds,
      percent,
      { item, basis: context.options.percent_basis },
      note(matched),
    ),
  );
}

/** A listed chemical whose percent is unknown is named under its listing, never dropped silently. */
export function nameUnknownPercents(context: ComplianceContext, byCas: Map<string, ProcessListing[]>): void {
  for (const item of context.components_without_percent) {
    const listing = byCas.get(item.cas_number)?.at(-1);
    if (!listing) continue;
    accumulatorOf(listing.byProcess, processOf(item.quantity.line)).excluded.push(
      lineExclusion(item.quantity.line, null, 'no percent by weight (see warnings)'),
    );
  }
}
