import type { QueryClient } from '@tanstack/react-query';
import type { ParsedLocation } from '@tanstack/react-router';
import { isRecordId, loadRecordOrLeave } from '../../lib/route-params.ts';
import { loadInventoryOrLeave } from '../inventories/inventory-route.ts';
import { inventoryProductsApi } from './api.ts';

/**
 * The loader of a line's form, staff's or the technician's quick form: its inventory, then the
 * line; a missing one goes back to the list it was reached from, with the "… not found." notice.
 */
export async function loadLineOrLeave({
  queryClient,
  inventoryId,
  lineId,
  inventoriesList,
  linesList,
  location,
  preload,
}: {
  queryClient: QueryClient;
  /** The ids as the address holds them. */
  inventoryId: string;
  lineId: string;
  inventoriesList: '/inventories' | '/my-inventories';
  linesList: (inventoryId: number) => string;
  location: ParsedLocation;
  preload: boolean;
}): Promise<void> {
  await loadInventoryOrLeave(
    { context: { queryClient }, params: { inventoryId }, location, preload },
    inventoriesList,
  );
  if (!isRecordId(inventoryId)) return;
  const id = Number(inventoryId);
  await loadRecordOrLeave({
    queryClient,
    id: lineId,
    options: inventoryProductsApi(id).detailOptions,
    entity: 'Inventory product',
    list: linesList(id),
    location,
    preload,
  });
}
