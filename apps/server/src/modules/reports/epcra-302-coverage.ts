import { compliance, DEFAULT_REPORT_SETTINGS } from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { Lru } from '../../lib/lru.ts';
import { referenceEntriesInUse } from '../reference-lists/reference-lists.service.ts';
import { loadReportInputs } from './report-job.ts';
import { findReportCatalogVersion, selectInventoriesHoldingCas } from './reports.repository.ts';

/** A facility-year as the Filings screen lists it, with its lines' version (decision 022). */
export interface FacilityYearOf302 {
  inventoryId: number;
  customerId: number;
  facilityId: number;
  year: number;
  linesVersion: number;
}

/**
 * What each facility-year's 302 report concluded, per list of reference entries in use (the
 * entries are replaced, not changed, when a list is uploaded, so a new list starts a new cache),
 * keyed by the inventory and the versions of what its lines read: a change to the lines or the
 * shared catalogs gives a new key, as the report workers' kept lines do.
 */
const conclusions = new WeakMap<object, Lru<string, boolean>>();

function conclusionsFor(entries: readonly compliance.ReferenceEntry[]): Lru<string, boolean> {
  let cache = conclusions.get(entries);
  if (!cache) {
    cache = new Lru({ entries: 10_000, weight: 10_000 });
    conclusions.set(entries, cache);
  }
  return cache;
}

/**
 * The facility-years whose EPCRA 302 report requires the notification (issue 36): an EHS at or
 * above its TPQ (rules §1), read at the report defaults (the upper bound of a percent range) as
 * the changes comparison reads two years. The engine runs only on the years holding a component on
 * the EHS list in use (one query for all), and its answer is kept until the lines, the catalogs or
 * the list change: the Filings list is read often and lists hundreds of facility-years.
 */
export async function selectCoveredBy302(
  db: Db,
  facilityYears: readonly FacilityYearOf302[],
  /** The reference lists' version when the caller's own read carried it (saves a statement). */
  entriesVersion?: number,
): Promise<Set<number>> {
  const covered = new Set<number>();
  if (facilityYears.length === 0) return covered;
  const entries = await referenceEntriesInUse(db, entriesVersion);
  const ehsDigits = [
    ...new Set(
      entries
        .filter((entry) => entry.list_type === 'ehs')
        .map((entry) => entry.cas_number.replace(/\D/g, ''))
        .filter((digits) => digits !== ''),
    ),
  ];
  const holding = new Set(
    await selectInventoriesHoldingCas(
      db,
      facilityYears.map((row) => row.inventoryId),
      ehsDigits,
    ),
  );
  const candidates = facilityYears.filter((row) => holding.has(row.inventoryId));
  if (candidates.length === 0) return covered;
  const catalogVersion = await findReportCatalogVersion(db);
  const cache = conclusionsFor(entries);
  for (const row of candidates) {
    const key = `${row.inventoryId}:${row.linesVersion}:${catalogVersion}`;
    let isCovered = cache.get(key);
    if (isCovered === undefined) {
      const inputs = await loadReportInputs(db, {
        type: 'epcra_302',
        customer_id: row.customerId,
        facility_id: row.facilityId,
        year: row.year,
        format: null,
        ...DEFAULT_REPORT_SETTINGS,
      });
      const context = compliance.createComplianceContext(inputs.snapshot, inputs.lists, inputs.options);
      isCovered = compliance.runReport('epcra_302', context).rows.some((one) => one.notification_required);
      cache.set(key, isCovered);
    }
    if (isCovered) covered.add(row.inventoryId);
  }
  return covered;
}
