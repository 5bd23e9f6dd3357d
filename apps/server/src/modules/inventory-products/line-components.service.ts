import { createComponentLinks } from '../chemical-components/chemical-components.service.ts';
import { editableInventory } from './editable-inventory.ts';
import { findLineRow } from './inventory-products.repository.ts';
import { findLineOfInventory, type LineRef } from './line-resource.ts';

/**
 * The components of one line (spec 02 §7): its copy of the product's list, which the technician
 * may correct for what is on site; changing them follows the line's own rule (spec 02 §6).
 */
export const lineComponents = createComponentLinks<LineRef>({
  entity: 'inventory_product_chemical_component',
  kind: 'line',
  idOf: ({ lineId }) => lineId,
  async ensureOwner(db, ref) {
    await findLineOfInventory(db, ref);
  },
  async ensureWritable(tx, actor, { inventoryId, lineId }) {
    await editableInventory(tx, actor, inventoryId);
    await findLineRow(tx, inventoryId, lineId);
  },
  auditDetails: ({ inventoryId, lineId }) => ({ inventory_id: inventoryId, inventory_product_id: lineId }),
});
