import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fireCodePermitAmounts } from '../../db/schema/index.ts';
import { versionCheck } from '../../lib/record-version.ts';

/** Every permit amount, in a stable order (the service orders them as the class list does). */
export function selectPermitAmounts(db: Db | Tx) {
  return db.select().from(fireCodePermitAmounts).orderBy(asc(fireCodePermitAmounts.id));
}
export type PermitAmountRow = Awaited<ReturnType<typeof selectPermitAmounts>>[number];

export async function findPermitAmount(db: Db | Tx, id: number): Promise<PermitAmountRow | undefined> {
  const [row] = await db
    .select()
    .from(fireCodePermitAmounts)
    .where(eq(fireCodePermitAmounts.id, id))
    .limit(1);
  return row;
}

export async function updatePermitAmount(
  tx: Tx,
  id: number,
  amount: string | null,
): Promise<PermitAmountRow> {
  const [row] = await tx
    .update(fireCodePermitAmounts)
    .set({ amount })
    .where(eq(fireCodePermitAmounts.id, id))
    .returning();
  return row as PermitAmountRow;
}

export const checkPermitAmountVersion = versionCheck(fireCodePermitAmounts);
