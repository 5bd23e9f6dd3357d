import { compliance, type InventoryProductWorklist, type ReportWarning } from '@chemtrack/domain';

/** The inventory's line list filtered to one worklist (the unchecked carry-overs, the open questions). */
export function worklistLink(inventoryId: number, worklist: InventoryProductWorklist) {
  return {
    to: '/inventories/$inventoryId/products',
    params: { inventoryId: String(inventoryId) },
    search: { worklist },
  } as const;
}

export function lineLink(inventoryId: number, inventoryProductId: number) {
  return {
    to: '/inventories/$inventoryId/products/$inventoryProductId',
    params: { inventoryId: String(inventoryId), inventoryProductId: String(inventoryProductId) },
  } as const;
}

function productLink(productId: number) {
  return { to: '/products/$productId', params: { productId: String(productId) } } as const;
}

/**
 * Where a warning's Fix goes: a missing density or conversion factor is the product's (issue 33
 * point 2), so it opens the product; the rest open the line.
 */
export function warningLink(inventoryId: number, inventoryProductId: number, warning: ReportWarning) {
  return compliance.isProductInputWarning(warning.code) && warning.product_id !== null
    ? productLink(warning.product_id)
    : lineLink(inventoryId, inventoryProductId);
}
