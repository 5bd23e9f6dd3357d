import { canEditInventoryLines, INVENTORY_PRODUCT_MSG, isAllowed } from '@chemtrack/domain';
import type { Tx } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/audit.ts';
import { findInventoryRow, type InventoryRow } from '../inventories/inventories.repository.ts';

/** Spec 02 §4 and §6: an admin always; staff only while the inventory is active and not completed. */
export async function editableInventory(tx: Tx, actor: Actor, inventoryId: number): Promise<InventoryRow> {
  const row = await findInventoryRow(tx, inventoryId);
  const mayEditClosed = isAllowed(actor.role, 'inventory-products.update-closed');
  if (
    !canEditInventoryLines(
      { is_active: row.inventory.isActive, is_completed: row.inventory.isCompleted },
      mayEditClosed,
    )
  ) {
    throw forbidden(INVENTORY_PRODUCT_MSG.closedInventory);
  }
  return row;
}
