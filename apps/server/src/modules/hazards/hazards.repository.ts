import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { hazards, inventoryProductHazards, productHazards } from '../../db/schema/index.ts';
import { createLookupRepository, type LookupRow } from '../lookups/lookups.repository.ts';

// The hazard list has no default sort (spec 02 §9): it keeps the order the classes were made in.
export const hazardsRepository = createLookupRepository<LookupRow>(hazards, 'Hazard class', 'id');

/** How many products, and product lines of inventories, carry the hazard class. */
export async function countHazardUses(db: Db | Tx, id: number): Promise<number> {
  const [used] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productHazards)
    .where(eq(productHazards.hazardId, id));
  const [recorded] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inventoryProductHazards)
    .where(eq(inventoryProductHazards.hazardId, id));
  return (used?.count ?? 0) + (recorded?.count ?? 0);
}
