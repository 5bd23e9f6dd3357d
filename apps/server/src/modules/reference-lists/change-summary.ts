import type {
  ChangedEntry,
  ChangeSummary,
  RegulatoryEntryValues,
  RegulatoryListType,
} from '@chemtrack/domain';

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

export function summarizeChanges(
  type: RegulatoryListType,
  before: RegulatoryEntryValues[],
  after: RegulatoryEntryValues[],
  warnings: string[],
): ChangeSummary {
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
    const changes = COMPARED.filter(([field]) => previous[field] !== entry[field]).map(
      ([field, label]) => `${label}: ${display(previous[field])} → ${display(entry[field])}`,
    );
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
  };
}
