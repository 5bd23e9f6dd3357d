import type { QueryClient } from '@tanstack/react-query';
import type { ParsedLocation } from '@tanstack/react-router';
import { loadRecordOrLeave } from '../../lib/route-params.ts';
import { inventoriesApi } from './api.ts';

/** What a route's loader is given, as far as loading its inventory needs. */
export interface InventoryRouteMatch {
  context: { queryClient: QueryClient };
  /** The id as the address holds it. */
  params: { inventoryId: string };
  location: ParsedLocation;
  preload: boolean;
}

/**
 * The loader of the pages under one inventory (its modal, its lines, a line's form): the inventory
 * is fetched before the page shows, and a missing one goes back to `list` (the staff list, or My
 * Inventories for the quick forms) with the "Inventory not found." notice.
 */
export function loadInventoryOrLeave(
  { context, params, location, preload }: InventoryRouteMatch,
  list: '/inventories' | '/my-inventories' = '/inventories',
): Promise<void> {
  return loadRecordOrLeave({
    queryClient: context.queryClient,
    id: params.inventoryId,
    options: inventoriesApi.detailOptions,
    entity: 'Inventory',
    list,
    location,
    preload,
  });
}
