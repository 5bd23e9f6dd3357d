import {
  INVENTORY_ORDER_KEYS,
  INVENTORY_STATUSES,
  type InventoryListRow,
  type InventoryResource,
  type InventoryYearItem,
  type SaveInventoryRequest,
} from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type QueryParams } from '../../lib/api.ts';
import { listSearchSchema, toListParams } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const inventoriesApi = resourceApi<
  InventoryResource,
  Omit<SaveInventoryRequest, 'encode' | 'is_active'>,
  InventoryListRow
>('/inventories');

/**
 * The years of a customer's facility that have an inventory (spec 02 §3 year items), newest
 * first: the form offers the earlier ones as the inventories to copy lines from.
 */
export const inventoryYearsOptions = (customerId: number, facilityId: number) =>
  queryOptions({
    queryKey: [...inventoriesApi.keys.all, 'years', customerId, facilityId] as const,
    queryFn: ({ signal }) =>
      api.get<{ resource: InventoryYearItem[] }>(
        `/inventories/${customerId}/${facilityId}/years-list`,
        undefined,
        signal,
      ),
  });

/**
 * The years in which some active facility of the customer has an inventory, newest first: the
 * years the Reports screen's "All facilities of this customer" can draw.
 */
export const customerInventoryYearsOptions = (customerId: number) =>
  queryOptions({
    queryKey: [...inventoriesApi.keys.all, 'customer-years', customerId] as const,
    queryFn: ({ signal }) =>
      api.get<{ resource: number[] }>(`/inventories/${customerId}/years-list`, undefined, signal),
  });

/** The status filter's choices (spec 02 §2), in the API's words (spec 02 §4). */
export const INVENTORY_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'inactive', label: 'Archived' },
] as const satisfies readonly { value: 'all' | (typeof INVENTORY_STATUSES)[number]; label: string }[];

/** The inventories list's URL state: the list contract with the inventories' own statuses. */
export const InventoriesSearchSchema = listSearchSchema(INVENTORY_ORDER_KEYS, {
  status: z.enum(['all', ...INVENTORY_STATUSES]),
});
export type InventoriesSearch = z.infer<typeof InventoriesSearchSchema>;

/**
 * The list call's query. The list opens on All (the filter's first choice, with archived rows
 * grey), not on the other lists' active-only default; the route's loader and the page both read
 * this, so they share one cached query.
 */
export function inventoriesListParams(search: InventoriesSearch): QueryParams {
  return { ...toListParams({ ...search, status: undefined }), status: search.status ?? 'all' };
}

/** `POST /inventories/{id}/copy-products` (issue 33 point 10): an empty inventory takes earlier lines. */
export function copyInventoryProducts(inventoryId: number, sourceIds: number[]) {
  return api.post<{ message: string; resource: InventoryResource }>(
    `/inventories/${inventoryId}/copy-products`,
    {
      inventory_ids: sourceIds,
    },
  );
}
