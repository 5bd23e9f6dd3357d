/**
 * The uploaded reference lists, indexed by CAS. Matching is by normalised CAS only (rules §0.2:
 * ammonia 7664-41-7 and ammonium hydroxide 1336-21-6 are different chemicals), never by name.
 */
import { normalizeCasNumber } from '../shared/cas.ts';
import { REGULATORY_LIST_TYPES, type RegulatoryListType } from '../shared/enums.ts';
import type { ReferenceEntry, ReferenceLists } from './types.ts';

export interface ReferenceIndex {
  /** Entries of one list for one CAS (several when a list has conditions, e.g. RMP ammonia). */
  find(listType: RegulatoryListType, casNumber: string): readonly ReferenceEntry[];
  isListed(listType: RegulatoryListType, casNumber: string): boolean;
  /** On any of the regulatory lists: one look-up, where asking each list was most of a 2,000-line context (issue 37). */
  isOnAnyList(casNumber: string): boolean;
  /** Every CAS a list names, for the programmes that walk a list. */
  casNumbers(listType: RegulatoryListType): string[];
  uploadedAt(listType: RegulatoryListType): string | null;
  /** The row count of a list that is the seed's partial sample; null for an uploaded list. */
  sampleRows(listType: RegulatoryListType): number | null;
  /** Entries with no CAS (313 categories such as N230): no component can match them. */
  uncasedEntries(listType: RegulatoryListType): readonly ReferenceEntry[];
}

/**
 * The CAS numbers several programmes read by identity, once (rules §0.2): ammonia and ammonium
 * hydroxide are different chemicals for EPCRA 302/304/311/312, the same listing for 313 (aqueous
 * ammonia, GuideME Q550) and RMP (the alias); water makes an SDS's ammonia a water solution and is
 * no hazardous chemical of its own.
 */
export const AMMONIA_CAS = '7664-41-7';
export const AMMONIUM_HYDROXIDE_CAS = '1336-21-6';
export const WATER_CAS = '7732-18-5';

export function normalizeCas(casNumber: string | null | undefined): string {
  return normalizeCasNumber(casNumber ?? '');
}

export function indexReferenceLists(lists: ReferenceLists): ReferenceIndex {
  const byList = new Map<RegulatoryListType, Map<string, ReferenceEntry[]>>(
    REGULATORY_LIST_TYPES.map((type) => [type, new Map()]),
  );
  const uncased: ReferenceEntry[] = [];
  for (const entry of lists.entries) {
    const cas = normalizeCas(entry.cas_number);
    // Category entries (313's N230) have no CAS to match a component with.
    if (cas === '') {
      uncased.push(entry);
      continue;
    }
    const list = byList.get(entry.list_type);
    if (!list) continue;
    const found = list.get(cas);
    if (found) found.push(entry);
    else list.set(cas, [entry]);
  }
  const listedAnywhere = new Set<string>();
  for (const list of byList.values()) for (const cas of list.keys()) listedAnywhere.add(cas);
  return {
    find: (listType, casNumber) => byList.get(listType)?.get(normalizeCas(casNumber)) ?? [],
    isListed: (listType, casNumber) => byList.get(listType)?.has(normalizeCas(casNumber)) ?? false,
    isOnAnyList: (casNumber) => listedAnywhere.has(normalizeCas(casNumber)),
    casNumbers: (listType) => [...(byList.get(listType)?.keys() ?? [])],
    uploadedAt: (listType) => lists.uploaded_at?.[listType] ?? null,
    sampleRows: (listType) => lists.sample_rows?.[listType] ?? null,
    uncasedEntries: (listType) => uncased.filter((entry) => entry.list_type === listType),
  };
}

/** Numeric CAS order (hyphens stripped, compared as an integer); no CAS sorts last. */
export function casSortKey(casNumber: string): number {
  const digits = normalizeCas(casNumber).replace(/-/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.POSITIVE_INFINITY;
}

export function compareCas(a: string, b: string): number {
  const diff = casSortKey(a) - casSortKey(b);
  if (Number.isNaN(diff)) return a.localeCompare(b);
  return diff === 0 ? a.localeCompare(b) : diff;
}

/**
 * An EHS TPQ as printed: "500" or, for solids, "500/10,000" (the lower TPQ applies to powders,
 * solutions, molten solids; 10,000 lb otherwise, 40 CFR 355.15).
 */
export function parseTpqText(
  text: string | null | undefined,
): { lower: number; upper: number | null } | null {
  const numbers = (text ?? '')
    .split('/')
    .map((part) => part.replace(/[^\d.]/g, ''))
    .filter((part) => part !== '' && part !== '.')
    .map(Number)
    .filter((value) => Number.isFinite(value) && value > 0);
  if (numbers.length === 0) return null;
  const lower = Math.min(...numbers);
  const upper = numbers.length > 1 ? Math.max(...numbers) : null;
  return { lower, upper: upper !== null && upper > lower ? upper : null };
}
