/**
 * CAA 112(r) Risk Management Program (40 CFR 68; rules §8): each regulated substance of the RMP
 * list in each process (a storage location) against its threshold quantity with ">" (68.115(a)),
 * and the facility total as a screen. Toxics count the substance's own weight in the products that
 * meet the listing's condition (68.115(b)(1)); flammables count a pure listed flammable whole and a
 * mixture whole only at NFPA flammability 4 with at least 1% of the flammable (68.115(b)(2)(i)).
 */
import type { LineComponent } from './aggregation.ts';
import { lineContribution, lineExclusion, unknownPoundsExclusion } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import { listsUsed } from './context.ts';
import { formatPercent } from './format.ts';
import {
  accumulatorOf,
  addPounds,
  compareProcessRows,
  countListedComponent,
  indexProcessListings,
  isRetailFacility,
  type ListingCondition,
  listingCasNumbers,
  nameUnknownPercents,
  nfpaFlammability,
  type ProcessListing,
  type ProcessRow,
  PURE_MIN_PERCENT,
  processOf,
  processPercent,
  processTables,
  rowsOfListing,
} from './process-safety.ts';
import type { ProgrammeResult, ProgrammeRule } from './programme.ts';
import type { LineQuantity } from './quantities.ts';
import { normalizeCas } from './reference.ts';
import { RMP_AMMONIA_ALIAS, rmpPartialPressureExcepted, rmpTableKind } from './rmp-substances.ts';
import { RMP_DE_MINIMIS, RMP_OPERATOR } from './thresholds.ts';
import { retailFuelOf } from './tier2-thresholds.ts';
import type { ReferenceEntry } from './types.ts';
import { type EngineWarning, lineWarning, listWarning } from './warnings.ts';

export type RmpSubstanceKind = 'toxic' | 'flammable';

export interface RmpRow extends ProcessRow {
  kind: RmpSubstanceKind;
}

export interface RmpResult extends ProgrammeResult<RmpRow> {
  /** Tested and not covered: the section after the table headed "Below threshold". */
  below_threshold: RmpRow[];
  estimated: string[];
}

export const RMP_RULE_TEXT =
  'CAA section 112(r), 40 CFR 68.115: a process is covered when the quantity of a regulated substance in it exceeds the ' +
  'threshold quantity (TQ) of 68.130; at exactly the TQ it is not. The app knows no grouping of vessels, so each storage ' +
  'location is a process and the facility total is shown as a screen. Different substances are never added together. ' +
  "Whether a listing is toxic or flammable is the list's own column, else 40 CFR 68.130 (Tables 1-4). " +
  'A toxic counts its own weight in the products that meet the listing (a 20% ammonia solution counts 20% of its weight; ' +
  "below 1% it is not counted), ammonium hydroxide under ammonia (conc 20% or greater) through the list's alias column, else by 68.130. " +
  'A listed flammable counts the whole weight of a pure product, and of a mixture only when it holds 1% or more of the ' +
  'flammable and is NFPA flammability 4. Flammables used as fuel or held for sale as fuel (68.126) and gasoline for ' +
  'engines (68.115(b)(2)(ii)) are left out. A toxic whose partial pressure is below 10 mmHg is left out where the product records it, ' +
  'except oleum and the toluene diisocyanates, which 68.115(b)(1) excepts.';

/** The 68.115(b)(1) floor: a toxic below 1% by weight is not counted. */
const TOXIC_FLOOR = { percent: RMP_DE_MINIMIS.percent, text: 'de minimis 1% (68.115(b)(1))' };

/** Who decided a listing's kind or alias: the list's own column, or 68.130 as the app carries it. */
type Source = 'list' | 'regulation';

interface Listing extends ProcessListing {
  key: number;
  kind: RmpSubstanceKind;
  /** null: neither the list nor 68.130 says; tested as a toxic. */
  kind_source: Source | null;
  /** Where the listing's alias CAS numbers come from; null when it has none. */
  alias_source: Source | null;
}

/** The list's toxic/flammable column where it gives one, else 68.130 Tables 1-4 by CAS, else toxic. */
function kindOf(entry: ReferenceEntry): { kind: RmpSubstanceKind; source: Source | null } {
  if (entry.substance_kind === 'toxic' || entry.substance_kind === 'flammable') {
    return { kind: entry.substance_kind, source: 'list' };
  }
  const table = rmpTableKind(entry.cas_number);
  return table ? { kind: table, source: 'regulation' } : { kind: 'toxic', source: null };
}

/** The list's alias column where it gives one, else ammonium hydroxide under ammonia (conc 20% or greater). */
function withAliases(
  entry: ReferenceEntry,
  condition: ListingCondition,
): { entry: ReferenceEntry; source: Source | null } {
  if ((entry.alias_cas_numbers ?? '').trim() !== '') return { entry, source: 'list' };
  const isAmmoniaSolution =
    normalizeCas(entry.cas_number) === RMP_AMMONIA_ALIAS.listing_cas_number &&
    condition.kind === 'min_percent' &&
    condition.min_percent === RMP_AMMONIA_ALIAS.listing_min_percent;
  return isAmmoniaSolution
    ? { entry: { ...entry, alias_cas_numbers: RMP_AMMONIA_ALIAS.alias_cas_number }, source: 'regulation' }
    : { entry, source: null };
}

/** At most `max` names, then how many more. */
function someNames(names: string[], max = 10): string {
  return names.length <= max
    ? names.join(', ')
    : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** The list-level warnings that say which source decided what the list does not carry. */
function filledWarnings(listings: Listing[]): EngineWarning[] {
  const warnings: EngineWarning[] = [];
  const unmarked = listings.filter((listing) => listing.kind_source !== 'list');
  if (unmarked.length > 0) {
    const byTable = unmarked.filter((listing) => listing.kind_source === 'regulation');
    const toxics = byTable.filter((listing) => listing.kind === 'toxic').length;
    const flammables = byTable
      .filter((listing) => listing.kind === 'flammable')
      .map((l) => l.entry.chemical_name);
    const unknown = unmarked
      .filter((listing) => listing.kind_source === null)
      .map((l) => l.entry.chemical_name);
    let message =
      `RMP list: ${unmarked.length} listings have no toxic/flammable column; 40 CFR 68.130 (Tables 1-4, data in the app) ` +
      `decided: ${toxics} toxic, ${flammables.length} flammable${flammables.length > 0 ? ` (${someNames(flammables)})` : ''}`;
    if (unknown.length > 0) {
      message += `; ${unknown.length} not in 68.130 (${someNames(unknown)}) are tested as toxics`;
    }
    warnings.push(listWarning('list_filled_from_regulation', `${message}.`));
  }
  for (const listing of listings.filter((l) => l.alias_source === 'regulation')) {
    warnings.push(
      listWarning(
        'list_filled_from_regulation',
        `RMP list: ${RMP_AMMONIA_ALIAS.alias_name.toLowerCase()} ${RMP_AMMONIA_ALIAS.alias_cas_number} is counted under ` +
          `${listing.entry.chemical_name} ${listing.entry.cas_number} by 40 CFR 68.130 data in the app (${RMP_AMMONIA_ALIAS.source}); ` +
          'the list has no alias column for it.',
      ),
    );
  }
  return warnings;
}

/** Every RMP listing with a TQ, its kind and aliases from the list, else from 68.130 (rules §8). */
function indexListings(context: ComplianceContext, warnings: EngineWarning[]) {
  const index = indexProcessListings<Listing>(context, warnings, 'rmp', (listing, key) => {
    const { kind, source } = kindOf(listing.entry);
    const aliased = withAliases(listing.entry, listing.condition);
    return {
      ...listing,
      entry: aliased.entry,
      key,
      kind,
      kind_source: source,
      alias_source: aliased.source,
    };
  });
  warnings.push(...filledWarnings(index.listings));
  return index;
}

const ALIAS_SOURCE_TEXT: Record<Source, string> = {
  list: 'alias column of the RMP list',
  regulation: '40 CFR 68.130 data in the app; the RMP list has no alias column',
};

/**
 * Why the product's partial-pressure override does not apply to this toxic (68.115(b)(1) excepts
 * oleum and the toluene diisocyanates), warned once per line and component; null when it applies
 * or none is set.
 */
function refusedOverride(item: LineComponent, warnings: EngineWarning[]): string | null {
  const { line } = item.quantity;
  if (!line.is_partial_pressure_exempt) return null;
  const excepted = rmpPartialPressureExcepted(item.cas_number);
  if (!excepted) return null;
  const text = `partial-pressure override not applied: 40 CFR 68.115(b)(1) excepts ${excepted.name} from the below-10-mmHg exemption`;
  warnings.push(lineWarning(line, 'override_not_applied', `${text}; counted in full`, item.component));
  return text;
}

function countToxic(
  item: LineComponent,
  candidates: Listing[],
  context: ComplianceContext,
  warnings: EngineWarning[],
): void {
  countListedComponent(
    item,
    candidates,
    context,
    TOXIC_FLOOR,
    (matched) =>
      item.cas_number !== listingCasNumbers(matched.entry, false)[0]
        ? `${item.component.name || item.cas_number} ${item.cas_number} counted under ${matched.entry.chemical_name} (${ALIAS_SOURCE_TEXT[matched.alias_source ?? 'list']})`
        : '',
    refusedOverride(item, warnings),
  );
}

/** Why a line's flammables are left out of RMP altogether (68.126, 68.115(b)(2)(ii)); null when they count. */
function fuelExemption(quantity: LineQuantity, context: ComplianceContext): string | null {
  const { line } = quantity;
  if (line.is_used_as_fuel) return 'used as fuel or held for sale as fuel (40 CFR 68.126)';
  const fuel = retailFuelOf(line);
  if (fuel?.key === 'gasoline')
    return 'gasoline for use as fuel for internal-combustion engines (68.115(b)(2)(ii))';
  if (fuel && isRetailFacility(context.snapshot.facility)) {
    return 'held for sale as fuel at a retail facility (40 CFR 68.126)';
  }
  return null;
}

function countFlammable(
  item: LineComponent,
  listing: Listing,
  context: ComplianceContext,
  warnings: EngineWarning[],
  estimated: Set<string>,
): void {
  const { quantity } = item;
  const { line } = quantity;
  const acc = accumulatorOf(listing.byProcess, processOf(line));
  const percent = processPercent(item, context);
  const exemption = fuelExemption(quantity, context);
  if (exemption) {
    acc.excluded.push(lineExclusion(line, percent, exemption));
    acc.exemptions.add(`${line.product_name}: ${exemption}`);
    return;
  }
  if (percent < RMP_DE_MINIMIS.percent) {
    acc.excluded.push(lineExclusion(line, percent, `${formatPercent(percent)}% < 1% of a listed flammable`));
    return;
  }
  if (quantity.pounds === null) {
    acc.excluded.push(unknownPoundsExclusion(line, percent));
    return;
  }
  const rating = nfpaFlammability(line.nfpa);
  let basis: string;
  if (percent >= PURE_MIN_PERCENT) {
    basis =
      rating !== null && rating !== 4
        ? `a pure listed flammable: whole weight, whatever its NFPA rating (F${rating} recorded) (68.115(b)(2)(i))`
        : 'a pure listed flammable: whole weight (68.115(b)(2)(i))';
  } else if (rating === 4) {
    basis = `a mixture with ${formatPercent(percent)}% of the flammable at NFPA flammability 4: whole weight (68.115(b)(2)(i))`;
  } else if (rating === null) {
    basis = `a mixture with ${formatPercent(percent)}% of the flammable and no NFPA rating: whole weight, the conservative reading (est.)`;
    acc.is_estimate = true;
    acc.notes.add(`${line.product_name}: no NFPA flammability rating recorded; counted whole until one is.`);
    estimated.add(
      'NFPA flammability of a mixture holding a listed flammable (counted whole while not recorded)',
    );
    warnings.push(
      lineWarning(
        line,
        'missing_nfpa',
        `holds ${formatPercent(percent)}% of the listed flammable ${listing.entry.chemical_name} and has no NFPA flammability rating; RMP counts the whole mixture only at NFPA 4 (68.115(b)(2)(i)), so it is counted whole until a rating is recorded`,
        item.component,
      ),
    );
  } else {
    acc.excluded.push(
      lineExclusion(
        line,
        percent,
        `a mixture at NFPA flammability ${rating}, not 4: not counted (68.115(b)(2)(i))`,
      ),
    );
    return;
  }
  // The whole line counts, once per listing even when the line names the flammable twice.
  if (acc.contributions.some((c) => c.inventory_product_id === line.inventory_product_id)) return;
  addPounds(
    acc,
    lineContribution(quantity, quantity.pounds, 100, { item, basis: context.options.percent_basis }, basis),
  );
}

function run(context: ComplianceContext): RmpResult {
  const warnings: EngineWarning[] = [...context.warnings];
  const estimated = new Set<string>();
  const { byCas, listings } = indexListings(context, warnings);
  for (const item of context.components) {
    const candidates = byCas.get(item.cas_number);
    if (!candidates) continue;
    const toxics = candidates.filter((listing) => listing.kind === 'toxic');
    if (toxics.length > 0) countToxic(item, toxics, context, warnings);
    for (const listing of candidates) {
      if (listing.kind === 'flammable') countFlammable(item, listing, context, warnings, estimated);
    }
  }
  nameUnknownPercents(context, byCas);
  const rows: RmpRow[] = [];
  for (const listing of listings) {
    if (listing.byProcess.size === 0) continue;
    const base = {
      substance: listing.entry.chemical_name,
      cas_number: listing.entry.cas_number,
      condition: listing.condition.text,
      threshold_lb: listing.threshold,
    };
    for (const row of rowsOfListing(base, listing.byProcess, RMP_OPERATOR, context, true)) {
      rows.push({ ...row, kind: listing.kind });
    }
  }
  rows.sort(compareProcessRows);
  const notes = [
    'Process: each storage location; the facility total is a screen (the app does not record which vessels are interconnected or co-located).',
    'Program level (1, 2 or 3) needs the accident history, NAICS code and PSM coverage, which the app does not hold: not determined.',
  ];
  if (listings.some((listing) => listing.kind_source === 'regulation')) {
    notes.push(
      'Listings the RMP list does not mark toxic or flammable are marked by 40 CFR 68.130 (Tables 1-4, data in the app).',
    );
  }
  if (listings.some((listing) => listing.kind_source === null)) {
    notes.push(
      'Listings neither the RMP list nor 40 CFR 68.130 marks toxic or flammable are tested as toxics.',
    );
  }
  return {
    programme: 'caa_112r_rmp',
    title: 'CAA 112(r) Risk Management Program',
    rule: RMP_RULE_TEXT,
    is_screening: true,
    notes,
    estimated: [...estimated],
    lists_used: listsUsed(context, ['rmp']),
    ...processTables(rows),
    warnings,
  };
}

export const rmpRule: ProgrammeRule<RmpResult> = {
  id: 'caa_112r_rmp',
  title: 'CAA 112(r) Risk Management Program',
  lists: ['rmp'],
  run,
};
