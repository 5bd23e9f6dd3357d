import {
  type ChangedEntry,
  type ChangeSummary,
  parseDecimal,
  type RegulatoryEntryValues,
  type RegulatoryListType,
  roundTo,
} from '@chemtrack/domain';
import type { ParsedList } from './parse-list.ts';

/** Each list of the summary shows this many rows; its count says how many there are. */
export const SUMMARY_ROWS = 50;

/** The fields compared between two uploads, with the label a change is shown under. */
const COMPARED: [keyof RegulatoryEntryValues, string][] = [
  ['chemical_name', 'Chemical Name'],
  ['threshold_quantity_lbs', 'Threshold Quantity'],
  ['threshold_quantity_upper_lbs', 'Upper Threshold Quantity'],
  ['tpq_text', 'TPQ'],
  ['final_reportable_quantity_lb', 'Final Reportable Quantity'],
  ['substance_kind', 'Toxic/Flammable'],
  ['min_concentration_pct', 'Concentration %'],
  ['de_minimis_pct', 'De Minimis %'],
  ['is_pbt', 'PBT'],
  ['is_pfas', 'PFAS'],
  ['note', 'Note'],
];

/**
 * Rows are matched by CAS number (or category code) and condition, as the lists identify a
 * listing: ammonia anhydrous and ammonia 20% or greater are two rows of one CAS. A chemical listed
 * without either is matched by its name; a key met twice in one list takes the name as well.
 */
function keyed(entries: RegulatoryEntryValues[]): Map<string, RegulatoryEntryValues> {
  const map = new Map<string, RegulatoryEntryValues>();
  for (const entry of entries) {
    const id = entry.cas_number || entry.category || `name:${entry.chemical_name.toLowerCase()}`;
    let key = `${id}|${entry.condition.toLowerCase()}`;
    if (map.has(key)) key = `${key}|${entry.chemical_name.toLowerCase()}`;
    map.set(key, entry);
  }
  return map;
}

/** The numeric columns keep four decimals: a figure is compared as the list will hold it. */
const STORED_DECIMALS = 4;

function sameFigure(text: string): string {
  const parsed = parseDecimal(text);
  return parsed.ok && parsed.value !== null ? String(roundTo(parsed.value, STORED_DECIMALS)) : text;
}

/**
 * A value as it means, not as it is written (issue 22): "1,000", "1000" and "1000.0" are one
 * figure, so a list re-exported with other number formatting changes nothing. A TPQ text is
 * compared figure by figure ("500/10,000" is "500/10000"); other text by its words.
 */
function comparable(field: keyof RegulatoryEntryValues, value: unknown): unknown {
  if (typeof value === 'number') return roundTo(value, STORED_DECIMALS);
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/\s+/g, ' ');
  return field === 'tpq_text' ? text.split('/').map(sameFigure).join('/') : text;
}

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

function toChanged(entry: RegulatoryEntryValues, changes: string[] = []): ChangedEntry {
  return {
    chemical_name: entry.chemical_name,
    cas_number: entry.cas_number,
    category: entry.category,
    condition: entry.condition,
    changes,
  };
}

/**
 * What replacing the list `before` with the parsed upload changes. The dry run and the
 * replacement both answer this, so what the admin confirmed is what the replacement says it did.
 */
export function summarizeChanges(
  type: RegulatoryListType,
  before: RegulatoryEntryValues[],
  upload: Pick<ParsedList, 'entries' | 'rowNumbers' | 'warnings'>,
): ChangeSummary {
  const { entries: after, warnings } = upload;
  const noCasRows = upload.rowNumbers.filter((_, index) => after[index]?.cas_number === '');
  const old = keyed(before);
  const next = keyed(after);
  const added: ChangedEntry[] = [];
  const changed: ChangedEntry[] = [];
  const removed: ChangedEntry[] = [];
  let unchanged = 0;
  for (const [key, entry] of next) {
    const previous = old.get(key);
    if (!previous) {
      added.push(toChanged(entry));
      continue;
    }
    const changes = COMPARED.filter(
      ([field]) => comparable(field, previous[field]) !== comparable(field, entry[field]),
    ).map(([field, label]) => `${label}: ${display(previous[field])} → ${display(entry[field])}`);
    if (changes.length > 0) changed.push(toChanged(entry, changes));
    else unchanged++;
  }
  for (const [key, entry] of old) if (!next.has(key)) removed.push(toChanged(entry));
  return {
    type,
    total: after.length,
    previous_total: before.length,
    added_count: added.length,
    removed_count: removed.length,
    changed_count: changed.length,
    unchanged_count: unchanged,
    added: added.slice(0, SUMMARY_ROWS),
    removed: removed.slice(0, SUMMARY_ROWS),
    changed: changed.slice(0, SUMMARY_ROWS),
    warnings: warnings.slice(0, SUMMARY_ROWS),
    warning_count: warnings.length,
    no_cas_count: noCasRows.length,
    no_cas_rows: noCasRows.slice(0, SUMMARY_ROWS),
  };
}
