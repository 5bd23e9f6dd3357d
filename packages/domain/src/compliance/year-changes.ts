/**
 * What changed in a facility's chemicals since its previous inventory (issue 36): the first thing a
 * reviewer asks before signing this year's Tier II. A chemical is a Tier II row (an EHS or a
 * chemical by CAS, a product as a whole, a fuel), keyed by its CAS or, without one, by its name;
 * its facts are the Tier II entries a state portal shows (range codes, days on site, storage
 * locations, hazard categories, EHS status) and whether each programme covers it.
 */
import { type Coverage, coverageOf } from './coverage.ts';
import type { Epcra302Result } from './epcra-302.ts';
import type { Epcra313Result } from './epcra-313.ts';
import type { ProcessRow } from './process-safety.ts';
import type { Tier2Result, Tier2Row } from './tier2-types.ts';

/** The programmes whose coverage of a chemical is compared, in the order the changes list them. */
export const CHANGE_PROGRAMMES = ['tier2', 'epcra_302', 'epcra_313', 'rmp', 'psm'] as const;
export type ChangeProgramme = (typeof CHANGE_PROGRAMMES)[number];

export const CHANGE_PROGRAMME_LABELS: Record<ChangeProgramme, string> = {
  tier2: 'Reported on Tier II',
  epcra_302: 'EPCRA 302 (EHS at or over its TPQ)',
  epcra_313: 'EPCRA 313 (over a TRI threshold)',
  rmp: 'CAA 112(r) RMP (over its TQ)',
  psm: 'OSHA PSM (at or over its TQ)',
};

/** The compared fields, in the order a chemical's changes are listed. */
export const CHANGE_FIELDS = [
  'max_amount_code',
  'average_amount_code',
  'days_on_site',
  'locations',
  'hazard_categories',
  'is_ehs',
  ...CHANGE_PROGRAMMES.map((programme) => `covered_${programme}` as const),
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export interface ChemicalYearFacts {
  /** The CAS number, or `name:` and the lower-cased name for a row without one. */
  key: string;
  cas_number: string | null;
  name: string;
  values: Record<ChangeField, string>;
}

export interface ChemicalChange {
  cas_number: string | null;
  name: string;
  field: ChangeField;
  before: string;
  after: string;
}

export interface YearChanges {
  added: ChemicalYearFacts[];
  removed: ChemicalYearFacts[];
  changed: ChemicalChange[];
}

/** The results of one facility-year the comparison reads (each computed once by the caller). */
export interface YearResults {
  tier2: Tier2Result;
  epcra302: Epcra302Result;
  /** The three TRI activities: a chemical over any one threshold is covered. */
  epcra313: Epcra313Result[];
  rmp: { rows: ProcessRow[]; below_threshold: ProcessRow[] };
  psm: { rows: ProcessRow[]; below_threshold: ProcessRow[] };
}

function chemicalKey(casNumber: string | null, name: string): string {
  return casNumber ? casNumber : `name:${name.trim().toLowerCase()}`;
}

/** The strongest answer among a chemical's rows: covered anywhere wins, then undetermined. */
function strongest(a: Coverage | undefined, b: Coverage): Coverage {
  const rank: Record<Coverage, number> = { covered: 2, 'cannot be determined': 1, 'not covered': 0 };
  return a !== undefined && rank[a] >= rank[b] ? a : b;
}

/** Coverage by chemical key for rows that name their CAS (302, 313, RMP, PSM). */
function coverageByCas(rows: { cas_number: string; coverage: Coverage }[]): Map<string, Coverage> {
  const found = new Map<string, Coverage>();
  for (const row of rows) found.set(row.cas_number, strongest(found.get(row.cas_number), row.coverage));
  return found;
}

function processCoverage(result: { rows: ProcessRow[]; below_threshold: ProcessRow[] }) {
  return coverageByCas(
    [...result.rows, ...result.below_threshold].map((row) => ({
      cas_number: row.cas_number,
      coverage: coverageOf(row.covered, row.cannot_be_determined),
    })),
  );
}

/** "Tank / Ambient pressure / Ambient temperature: Warehouse", sorted and joined, so order never reads as a change. */
function locationsText(row: Tier2Row): string {
  const texts = row.locations.map((location) => {
    const conditions = [location.storage_type, location.storage_pressure, location.storage_temperature]
      .filter((part): part is string => Boolean(part))
      .join(' / ');
    return conditions ? `${conditions}: ${location.location}` : location.location;
  });
  return [...new Set(texts)].sort().join('; ');
}

function tier2Coverage(row: Tier2Row): Coverage {
  return coverageOf(row.reportable, row.cannot_be_determined);
}

/** Every Tier II row of a facility-year as the facts compared, with each programme's coverage of its CAS. */
export function collectYearFacts(results: YearResults): Map<string, ChemicalYearFacts> {
  const programmes: Record<Exclude<ChangeProgramme, 'tier2'>, Map<string, Coverage>> = {
    epcra_302: coverageByCas(
      results.epcra302.rows.map((row) => ({
        cas_number: row.cas_number,
        coverage: coverageOf(row.notification_required, row.cannot_be_determined),
      })),
    ),
    epcra_313: coverageByCas(
      results.epcra313.flatMap((result) =>
        result.rows.map((row) => ({
          cas_number: row.cas_number,
          coverage: coverageOf(row.exceeds, row.cannot_be_determined),
        })),
      ),
    ),
    rmp: processCoverage(results.rmp),
    psm: processCoverage(results.psm),
  };
  const facts = new Map<string, ChemicalYearFacts>();
  // Every row the engine tested: reported, undetermined and below threshold (a chemical that drops
  // under its threshold has changed, not left).
  const { rows, undetermined, below_threshold } = results.tier2;
  for (const row of [...rows, ...undetermined, ...below_threshold]) {
    const key = chemicalKey(row.cas_number, row.name);
    const values: Record<ChangeField, string> = {
      max_amount_code: row.max_amount_code.code,
      average_amount_code: row.average_amount_code.code,
      days_on_site: String(row.days_on_site),
      locations: locationsText(row),
      hazard_categories: [...row.hazard_categories].sort().join(', '),
      is_ehs: row.is_ehs ? 'Yes' : 'No',
      covered_tier2: tier2Coverage(row),
      covered_epcra_302: (row.cas_number && programmes.epcra_302.get(row.cas_number)) || 'not covered',
      covered_epcra_313: (row.cas_number && programmes.epcra_313.get(row.cas_number)) || 'not covered',
      covered_rmp: (row.cas_number && programmes.rmp.get(row.cas_number)) || 'not covered',
      covered_psm: (row.cas_number && programmes.psm.get(row.cas_number)) || 'not covered',
    };
    const seen = facts.get(key);
    // Two rows under one key (a chemical as an EHS and in a product reported whole) keep the first:
    // the engine lists EHS rows first, and the EHS row is the one a reviewer compares.
    if (!seen) facts.set(key, { key, cas_number: row.cas_number, name: row.name, values });
  }
  return facts;
}

function byName(a: { name: string; key: string }, b: { name: string; key: string }): number {
  return a.name.localeCompare(b.name) || a.key.localeCompare(b.key);
}

/** Chemicals only this year (added), only last time (removed), and each field that moved (changed). */
export function compareYears(
  previous: Map<string, ChemicalYearFacts>,
  current: Map<string, ChemicalYearFacts>,
): YearChanges {
  const added = [...current.values()].filter((facts) => !previous.has(facts.key)).sort(byName);
  const removed = [...previous.values()].filter((facts) => !current.has(facts.key)).sort(byName);
  const changed: ChemicalChange[] = [];
  for (const now of [...current.values()].sort(byName)) {
    const before = previous.get(now.key);
    if (!before) continue;
    for (const field of CHANGE_FIELDS) {
      if (before.values[field] !== now.values[field]) {
        changed.push({
          cas_number: now.cas_number,
          name: now.name,
          field,
          before: before.values[field],
          after: now.values[field],
        });
      }
    }
  }
  return { added, removed, changed };
}
