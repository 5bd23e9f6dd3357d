import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  auditLog,
  customers,
  facilities,
  filings,
  inventories,
  inventoryReportVersions,
  regulatoryEntriesVersion,
  users,
} from '../../db/schema/index.ts';

/** The facility-years a consultancy files for: active inventories of active facilities and customers. */
export async function selectFacilityYears(db: Db | Tx, filter: { customerId?: number; state?: string }) {
  return db
    .select({
      inventoryId: inventories.id,
      year: inventories.year,
      isCompleted: inventories.isCompleted,
      ehsFirstPresentOn: inventories.ehsFirstPresentOn,
      customerId: customers.id,
      customerName: customers.name,
      facilityId: facilities.id,
      facilityName: facilities.name,
      state: sql<string>`coalesce(${addresses.stateCode}, '')`,
      linesVersion: sql<number>`coalesce(${inventoryReportVersions.version}, 0)::int`,
      // The reference lists' version, read here so the 302 check's cached entries cost no statement
      // of their own (the list stays within three statements, list-statements.test.ts).
      entriesVersion: sql<number>`coalesce((select ${regulatoryEntriesVersion.version} from ${regulatoryEntriesVersion} where ${regulatoryEntriesVersion.id} = 1), 0)::int`,
    })
    .from(inventories)
    .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
    .innerJoin(customers, eq(customers.id, inventories.customerId))
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .leftJoin(inventoryReportVersions, eq(inventoryReportVersions.inventoryId, inventories.id))
    .where(
      and(
        eq(inventories.isActive, true),
        eq(facilities.isActive, true),
        eq(customers.isActive, true),
        filter.customerId === undefined ? undefined : eq(inventories.customerId, filter.customerId),
        filter.state ? eq(addresses.stateCode, filter.state) : undefined,
      ),
    );
}
export type FacilityYearRow = Awaited<ReturnType<typeof selectFacilityYears>>[number];

const filedBy = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** Every filing marked for the facilities' inventories, any year (an SPCC review runs five years on). */
export async function selectFilingsOfFacilities(db: Db | Tx, facilityIds: number[]) {
  if (facilityIds.length === 0) return [];
  return db
    .select({
      id: filings.id,
      inventoryId: filings.inventoryId,
      facilityId: inventories.facilityId,
      year: inventories.year,
      obligation: filings.obligation,
      filedOn: filings.filedOn,
      method: filings.method,
      confirmationNumber: filings.confirmationNumber,
      filedBy,
    })
    .from(filings)
    .innerJoin(inventories, eq(inventories.id, filings.inventoryId))
    .leftJoin(users, eq(users.id, filings.filedBy))
    .where(inArray(inventories.facilityId, facilityIds));
}
export type FilingRow = Awaited<ReturnType<typeof selectFilingsOfFacilities>>[number];

/**
 * The reports generated for the inventories, newest first, as the audit trail recorded them (the
 * generation's provenance: who, when, which settings and the lines' version it read).
 */
export async function selectReportGenerations(db: Db | Tx, inventoryIds: number[]) {
  if (inventoryIds.length === 0) return [];
  return db
    .select({
      inventoryId: sql<number>`${auditLog.entityId}`,
      type: sql<string>`${auditLog.details}->>'type'`,
      format: sql<string>`coalesce(${auditLog.details}->>'format', '')`,
      percentBasis: sql<string | null>`${auditLog.details}->>'percent_basis'`,
      tier2Option: sql<string | null>`${auditLog.details}->>'tier2_option'`,
      linesVersion: sql<number | null>`(${auditLog.details}->>'lines_version')::bigint`,
      generatedAt: auditLog.createdAt,
      generatedBy: filedBy,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.entity, 'report'),
        eq(auditLog.action, 'generate'),
        inArray(auditLog.entityId, inventoryIds),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}
export type ReportGenerationRow = Awaited<ReturnType<typeof selectReportGenerations>>[number];

export async function findInventoryForFiling(db: Db | Tx, inventoryId: number) {
  const [row] = await db
    .select({ id: inventories.id, year: inventories.year, isActive: inventories.isActive })
    .from(inventories)
    .where(eq(inventories.id, inventoryId))
    .limit(1);
  return row;
}

export async function findFiling(db: Db | Tx, id: number) {
  const [row] = await db.select().from(filings).where(eq(filings.id, id)).limit(1);
  return row;
}

/** The new filing's id, or undefined when this obligation of the inventory is marked already. */
export async function insertFiling(
  tx: Tx,
  values: {
    inventoryId: number;
    obligation: string;
    filedOn: string;
    method: string;
    confirmationNumber: string;
    filedBy: number | undefined;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(filings)
    .values(values)
    .onConflictDoNothing({ target: [filings.inventoryId, filings.obligation] })
    .returning({ id: filings.id });
  return row?.id;
}

export async function deleteFiling(tx: Tx, id: number): Promise<void> {
  await tx.delete(filings).where(eq(filings.id, id));
}
