import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  containers,
  containerUnits,
  customers,
  databaseEntries,
  facilities,
  files,
  hazards,
  inventories,
  inventoryProducts,
  products,
  users,
} from '../db/schema/index.ts';

/**
 * The name a person knows a record by, stored with its audit row when the row is written
 * (issue 22: "Inventory line Toluene, 2026, Riverbend North Plant", not "inventory_product 41").
 * Stored, not looked up when the log is read: a deleted record has nothing left to look up, and
 * a renamed one was called what it was called when the change was made, as its values are.
 */

type Reader = Db | Tx;

function text(record: object | undefined, key: string): string | undefined {
  const value = record ? (record as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function numberOf(record: object | undefined, key: string): number | undefined {
  const value = record ? (record as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** "2026, Riverbend North Plant": an inventory by its year and facility. */
async function inventoryName(db: Reader, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ year: inventories.year, facility: facilities.name })
    .from(inventories)
    .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
    .where(eq(inventories.id, id));
  return row ? `${row.year}, ${row.facility}` : undefined;
}

/** "Toluene, 2026, Riverbend North Plant": a line by its product and its inventory. */
async function lineName(db: Reader, id: number, record: object | undefined) {
  const [row] = await db
    .select({ name: inventoryProducts.name, inventoryId: inventoryProducts.inventoryId })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.id, id));
  // A deleted line: its last resource still says what it was and where.
  const name = row?.name ?? text(record, 'name');
  const inventoryId = row?.inventoryId ?? numberOf(record, 'inventory_id');
  const inventory = inventoryId === undefined ? undefined : await inventoryName(db, inventoryId);
  return [name, inventory].filter(Boolean).join(', ') || undefined;
}

async function userName(db: Reader, id: number) {
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ? `${row.first} ${row.last}`.trim() || row.email : undefined;
}

/** Tables whose records are known by their `name` column. */
const NAMED = {
  customer: customers,
  facility: facilities,
  product: products,
  hazards,
  containers,
  'container units': containerUnits,
  database_entry: databaseEntries,
} as const;

async function lookUp(db: Reader, entity: string, id: number, record: object | undefined) {
  if (entity in NAMED) {
    const table = NAMED[entity as keyof typeof NAMED];
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
    return row?.name;
  }
  switch (entity) {
    case 'inventory_product':
      return lineName(db, id, record);
    case 'inventory':
    case 'report':
      // A report's id is its inventory's.
      return inventoryName(db, id);
    case 'user':
    case 'technician':
      return userName(db, id);
    case 'file': {
      const [row] = await db.select({ name: files.originalName }).from(files).where(eq(files.id, id));
      return row?.name;
    }
    default:
      return undefined;
  }
}

/** The record's name, from the database as the change left it, else from its resource; null when neither says. */
export async function auditRecordName(
  db: Reader,
  entity: string,
  entityId: number | undefined,
  record: object | undefined,
): Promise<string | null> {
  const found = entityId === undefined ? undefined : await lookUp(db, entity, entityId, record);
  const profile = record && 'profile' in record ? (record.profile as object) : undefined;
  return found ?? text(record, 'name') ?? text(profile, 'full_name') ?? text(record, 'original_name') ?? null;
}
