import {
  FILING_MSG,
  FILING_OBLIGATION_LABELS,
  FILING_OBLIGATIONS,
  FILING_REPORT_TYPES,
  FILING_STATUSES,
  type FilingItem,
  type FilingListQueryValues,
  type FilingObligation,
  filingDueDate,
  filingStatus,
  type ListPage,
  type MarkFiled,
  REPORT_TYPES,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { csvText } from '../../lib/csv.ts';
import { selectCoveredBy302 } from '../reports/epcra-302-coverage.ts';
import {
  deleteFiling,
  type FacilityYearRow,
  type FilingRow,
  findFiling,
  findInventoryForFiling,
  insertFiling,
  type ReportGenerationRow,
  selectFacilityYears,
  selectFilingsOfFacilities,
  selectReportGenerations,
} from './filings.repository.ts';

const ENTITY = 'filing';

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function isReportType(value: string): value is (typeof REPORT_TYPES)[number] {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

/** The latest SPCC review marked for the facility in an earlier inventory year: the five years run from it. */
function lastSpccReview(filings: FilingRow[], facilityId: number, year: number): string | null {
  const earlier = filings
    .filter(
      (filing) =>
        filing.facilityId === facilityId && filing.obligation === 'spcc_review' && filing.year < year,
    )
    .map((filing) => filing.filedOn)
    .sort();
  return earlier.at(-1) ?? null;
}

/**
 * The obligations a facility-year shows: Tier II always (every facility with an inventory is
 * checked against its thresholds); TRI and the SPCC review once their report was generated for
 * the year or a filing was marked (whether the facility is subject to them is the consultant's call:
 * TRI needs a covered NAICS code and ten employees: the app holds the facility's code, not the
 * covered list nor the employees); the 302 notification
 * in the year an EHS first reaches its TPQ (`isFirst302Year`), or once it is marked.
 */
function obligationsOf(
  generations: ReportGenerationRow[],
  filings: FilingRow[],
  isFirst302Year: boolean,
): FilingObligation[] {
  return FILING_OBLIGATIONS.filter((obligation) => {
    if (obligation === 'tier2') return true;
    if (filings.some((filing) => filing.obligation === obligation)) return true;
    if (obligation === 'epcra_302') return isFirst302Year;
    return generations.some((generation) =>
      (FILING_REPORT_TYPES[obligation] as readonly string[]).includes(generation.type),
    );
  });
}

/**
 * The facility-years whose 302 report requires the notification while their facility's previous
 * year did not (the latest earlier year with an active inventory, as the changes since last year
 * compare), or that are the facility's first year: the notification is made once, when an EHS
 * first reaches its TPQ (rules §1), not every year it stays.
 */
async function first302Years(db: Db, facilityYears: FacilityYearRow[]): Promise<Set<number>> {
  const covered = await selectCoveredBy302(db, facilityYears, facilityYears[0]?.entriesVersion);
  const byFacility = new Map<string, FacilityYearRow[]>();
  for (const row of facilityYears) {
    const key = `${row.customerId}:${row.facilityId}`;
    byFacility.set(key, [...(byFacility.get(key) ?? []), row]);
  }
  const first = new Set<number>();
  for (const rows of byFacility.values()) {
    const byYear = [...rows].sort((a, b) => a.year - b.year || a.inventoryId - b.inventoryId);
    byYear.forEach((row, index) => {
      const previous = byYear[index - 1];
      if (covered.has(row.inventoryId) && (!previous || !covered.has(previous.inventoryId)))
        first.add(row.inventoryId);
    });
  }
  return first;
}

function toItem(
  facilityYear: FacilityYearRow,
  obligation: FilingObligation,
  generations: ReportGenerationRow[],
  allFilings: FilingRow[],
  today: string,
): FilingItem {
  const filing = allFilings.find(
    (one) => one.inventoryId === facilityYear.inventoryId && one.obligation === obligation,
  );
  const dueOn = filingDueDate(obligation, facilityYear.year, {
    lastSpccReview: lastSpccReview(allFilings, facilityYear.facilityId, facilityYear.year),
    ehsFirstPresentOn: facilityYear.ehsFirstPresentOn,
  });
  // The newest generation of each report type of the obligation.
  const newest = new Map<string, ReportGenerationRow>();
  for (const generation of generations) {
    const types = FILING_REPORT_TYPES[obligation] as readonly string[];
    if (types.includes(generation.type) && !newest.has(generation.type))
      newest.set(generation.type, generation);
  }
  return {
    key: `${facilityYear.inventoryId}-${obligation}`,
    customer_id: facilityYear.customerId,
    customer_name: facilityYear.customerName,
    facility_id: facilityYear.facilityId,
    facility_name: facilityYear.facilityName,
    facility_state: facilityYear.state.trim(),
    year: facilityYear.year,
    inventory_id: facilityYear.inventoryId,
    inventory_completed: facilityYear.isCompleted,
    obligation,
    obligation_label: FILING_OBLIGATION_LABELS[obligation],
    due_on: dueOn,
    // Only the 302 notification runs from a day the app may not hold yet.
    missing: dueOn === null && filing === undefined ? FILING_MSG.ehsDayMissing(facilityYear.year) : null,
    status: filingStatus(dueOn, filing !== undefined, today),
    filing: filing
      ? {
          id: filing.id,
          filed_on: filing.filedOn,
          method: filing.method as 'portal' | 't2s' | 'paper',
          confirmation_number: filing.confirmationNumber,
          filed_by: filing.filedBy,
        }
      : null,
    reports: [...newest.values()].flatMap((generation) =>
      isReportType(generation.type)
        ? [
            {
              type: generation.type,
              format: generation.format,
              generated_at: generation.generatedAt.toISOString(),
              generated_by: generation.generatedBy,
              // A generation recorded before versions were kept cannot tell: it is not flagged.
              inventory_changed_since:
                generation.linesVersion !== null &&
                Number(generation.linesVersion) !== facilityYear.linesVersion,
              percent_basis: generation.percentBasis,
              tier2_option: generation.tier2Option,
            },
          ]
        : [],
    ),
  };
}

const STATUS_ORDER = new Map(FILING_STATUSES.map((status, index) => [status, index]));

/** Late first, then due soonest, upcoming, filed; then by customer, facility and year. */
function compareItems(a: FilingItem, b: FilingItem): number {
  return (
    (STATUS_ORDER.get(a.status) ?? 0) - (STATUS_ORDER.get(b.status) ?? 0) ||
    (a.due_on ?? '').localeCompare(b.due_on ?? '') ||
    a.customer_name.localeCompare(b.customer_name) ||
    a.facility_name.localeCompare(b.facility_name) ||
    b.year - a.year ||
    a.obligation.localeCompare(b.obligation)
  );
}

function matchesStatus(item: FilingItem, status: FilingListQueryValues['status']): boolean {
  if (!status || status === 'open') return item.status !== 'filed';
  if (status === 'all') return true;
  return item.status === status;
}

function byInventory<T extends { inventoryId: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) grouped.set(row.inventoryId, [...(grouped.get(row.inventoryId) ?? []), row]);
  return grouped;
}

/** Every obligation of the facility-years the filter names, with its status as of `today`. */
async function allItems(db: Db, query: FilingListQueryValues, today: string): Promise<FilingItem[]> {
  const facilityYears = await selectFacilityYears(db, {
    ...(query.customer_id === undefined ? {} : { customerId: query.customer_id }),
    ...(query.state ? { state: query.state } : {}),
  });
  const [allFilings, generations] = await Promise.all([
    selectFilingsOfFacilities(db, [...new Set(facilityYears.map((row) => row.facilityId))]),
    selectReportGenerations(
      db,
      facilityYears.map((row) => row.inventoryId),
    ),
  ]);
  const firstOf302 = await first302Years(db, facilityYears);
  // Grouped once by inventory: a scan of every row per facility-year grows as their product.
  const generationsOf = byInventory(generations);
  const filingsOf = byInventory(allFilings);
  const items: FilingItem[] = [];
  for (const facilityYear of facilityYears) {
    const ownGenerations = generationsOf.get(facilityYear.inventoryId) ?? [];
    const ownFilings = filingsOf.get(facilityYear.inventoryId) ?? [];
    for (const obligation of obligationsOf(
      ownGenerations,
      ownFilings,
      firstOf302.has(facilityYear.inventoryId),
    )) {
      items.push(toItem(facilityYear, obligation, ownGenerations, allFilings, today));
    }
  }
  return items
    .filter((item) => matchesStatus(item, query.status))
    .filter((item) => !query.due_month || (item.due_on ?? '').startsWith(query.due_month))
    .sort(compareItems);
}

/** `GET /filings/list`: one page of the filter's obligations (the whole list is computed: facility-years number in the hundreds). */
async function list(db: Db, query: FilingListQueryValues, today = todayIso()): Promise<ListPage<FilingItem>> {
  const items = await allItems(db, query, today);
  const lastPage = Math.max(1, Math.ceil(items.length / query.ipp));
  return {
    items: items.slice((query.page - 1) * query.ipp, query.page * query.ipp),
    meta: { current_page: query.page, last_page: lastPage, per_page: query.ipp, total: items.length },
  };
}

const CSV_HEADER = [
  'Customer',
  'Facility',
  'State',
  'Year',
  'Filing',
  'Due on',
  'Status',
  'Filed on',
  'How',
  'Confirmation number',
  'Filed by',
  'Last report generated',
  'Inventory changed since',
];

/** `GET /filings/export`: the filter's whole list (every page) as CSV, the columns of the screen. */
async function exportCsv(db: Db, query: FilingListQueryValues, today = todayIso()): Promise<string> {
  const rows = (await allItems(db, query, today)).map((item) => {
    const latest = item.reports[0];
    return [
      item.customer_name,
      item.facility_name,
      item.facility_state,
      item.year,
      item.obligation_label,
      item.due_on,
      item.status,
      item.filing?.filed_on ?? null,
      item.filing?.method ?? null,
      item.filing?.confirmation_number ?? null,
      item.filing?.filed_by ?? null,
      latest?.generated_at ?? null,
      latest ? (latest.inventory_changed_since ? 'Yes' : 'No') : null,
    ];
  });
  return csvText(CSV_HEADER, rows);
}

/** `POST /filings/mark-filed`: one obligation of a facility-year marked as filed, with its audit row. */
async function markFiled(db: Db, actor: Actor, body: MarkFiled, today = todayIso()): Promise<{ id: number }> {
  if (body.filed_on > today) throw fieldError('filed_on', FILING_MSG.filedOnFuture);
  return db.transaction(async (tx) => {
    const inventory = await findInventoryForFiling(tx, body.inventory_id);
    if (!inventory?.isActive) throw notFound('Inventory');
    const id = await insertFiling(tx, {
      inventoryId: body.inventory_id,
      obligation: body.obligation,
      filedOn: body.filed_on,
      method: body.method,
      confirmationNumber: body.confirmation_number,
      filedBy: actor.userId,
    });
    if (id === undefined) throw new AppError('CONFLICT', FILING_MSG.alreadyFiled);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      details: { inventory_id: body.inventory_id, year: inventory.year, obligation: body.obligation },
      after: { filed_on: body.filed_on, method: body.method, confirmation_number: body.confirmation_number },
    });
    return { id };
  });
}

/** `DELETE /filings/:id/unmark`: a mark made by mistake taken back (an admin's), with its audit row. */
async function unmark(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const filing = await findFiling(tx, id);
    if (!filing) throw new AppError('NOT_FOUND', FILING_MSG.notFound);
    await deleteFiling(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      details: { inventory_id: filing.inventoryId, obligation: filing.obligation },
      before: {
        filed_on: filing.filedOn,
        method: filing.method,
        confirmation_number: filing.confirmationNumber,
      },
    });
  });
}

export const filingsService = { list, exportCsv, markFiled, unmark };
