import {
  type AggregationTarget,
  type CheckExistingRequest,
  IDEMPOTENCY_KEY_HEADER,
  INVENTORY_PRODUCT_ORDER_KEYS,
  INVENTORY_PRODUCT_WORKLISTS,
  type InventoryProductListResponse,
  type InventoryProductResource,
  type SaveInventoryProduct,
} from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest, type QueryParams, type ResourceResponse } from '../../lib/api.ts';
import { requireCompletePdf } from '../../lib/download.ts';
import { listSearchSchema, PAGE_SIZE } from '../../lib/list-search.ts';

/** The save body: what the form parsed, without the write flag the client adds itself. */
export type InventoryProductBody = Omit<SaveInventoryProduct, 'encode' | 'aggregate'>;

/**
 * The lines of one inventory (spec 02 §7 "Inventory products"). Not a `resourceApi`: the list is
 * `{id}/products` while a line's calls are under `{id}/product/...`, and a line is unlinked,
 * never archived.
 */
export function inventoryProductsApi(inventoryId: number) {
  const base = `/inventories/${inventoryId}`;
  const line = (id: number) => `${base}/product/${id}`;
  const keys = {
    all: ['/inventories', inventoryId, 'products'] as const,
    lists: ['/inventories', inventoryId, 'products', 'list'] as const,
    list: (params: QueryParams) => ['/inventories', inventoryId, 'products', 'list', params] as const,
    detail: (id: number) => ['/inventories', inventoryId, 'products', 'detail', id] as const,
  };
  return {
    keys,
    listOptions: (params: QueryParams) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) => api.get<InventoryProductListResponse>(`${base}/products`, params, signal),
        placeholderData: keepPreviousData,
      }),
    detailOptions: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) =>
          api.get<ResourceResponse<InventoryProductResource>>(`${line(id)}/get`, undefined, signal),
      }),
    /**
     * Create, or update the line `id`. `aggregate` is the confirmation's Proceed: the quantity
     * joins the line of the same product, container, unit and size, which the answer returns.
     * `version` is the `updated_at` the form read (a save over a newer one is refused, 409);
     * `idempotencyKey` names a create, so sending it again returns the line it made (issue 22).
     */
    save: (
      id: number | undefined,
      body: InventoryProductBody,
      aggregate: boolean,
      sent: { version?: string | null | undefined; idempotencyKey?: string | undefined } = {},
    ) => {
      const payload = {
        ...body,
        ...(aggregate && { aggregate: true }),
        ...(id && sent.version ? { updated_at: sent.version } : {}),
        encode: true,
      };
      if (id) return api.patch<ResourceResponse<InventoryProductResource>>(`${line(id)}/update`, payload);
      return apiRequest<ResourceResponse<InventoryProductResource>>('POST', `${base}/product/create`, {
        body: payload,
        ...(sent.idempotencyKey ? { headers: { [IDEMPOTENCY_KEY_HEADER]: sent.idempotencyKey } } : {}),
      });
    },
    /** `idempotencyKey`: the create about to be sent; a line it already made is not asked about. */
    checkExisting: ({
      idempotencyKey,
      ...body
    }: CheckExistingRequest & { idempotencyKey?: string | undefined }) =>
      apiRequest<{ resource: { is_need_aggregation: boolean; inventory_product: AggregationTarget | null } }>(
        'POST',
        `${base}/product/check-existing`,
        { body, ...(idempotencyKey ? { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } } : {}) },
      ),
    unlink: (id: number) => api.delete<ResourceResponse<InventoryProductResource>>(`${line(id)}/unlink`),
    resolveQuestion: (id: number) =>
      api.patch<{ message: string; resource: { id: number; is_resolve_question: boolean } }>(
        `${line(id)}/resolve-question`,
        {},
      ),
    /** The line's copy of its product becomes the catalogue's data again (issue 22 point 4). */
    refreshFromCatalog: (id: number) =>
      api.patch<ResourceResponse<InventoryProductResource>>(`${line(id)}/refresh-from-catalog`, {}),
    /**
     * One PDF of every SDS of the inventory's products; the server may take a while, and sends it
     * as it merges it: a merge failing halfway is an `IncompleteDownloadError`, never a file saved.
     */
    printAllSds: async (signal?: AbortSignal) =>
      requireCompletePdf(await api.download(`${base}/print-all-sds-v2`, undefined, signal)),
  };
}

/** The worklist filter's choices (issue 9: the technician's walk-through list and the open questions). */
export const INVENTORY_PRODUCT_WORKLIST_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unchecked', label: 'Carried over, not yet checked' },
  { value: 'question', label: 'Open questions' },
] as const;

/** The lines list's URL state: the list contract with the worklist filter (All = absent). */
export const InventoryProductsSearchSchema = listSearchSchema(INVENTORY_PRODUCT_ORDER_KEYS, {
  worklist: z.enum(INVENTORY_PRODUCT_WORKLISTS),
});
export type InventoryProductsSearch = z.infer<typeof InventoryProductsSearchSchema>;

/**
 * The list call's query. Spec 02 §2: the list opens sorted by updated_at descending; the lines
 * have no archived state, so no status goes out.
 */
export function inventoryProductsListParams(search: InventoryProductsSearch): QueryParams {
  const { status: _status, ...rest } = search;
  return {
    ...rest,
    page: search.page ?? 1,
    ipp: search.ipp ?? PAGE_SIZE,
    order_by: search.order_by ?? 'updated_at',
    order_dir: search.order_by ? search.order_dir : 'desc',
  };
}

/** The inventory's name as its pages show it: customer / facility / year. */
export function inventoryTitle(inventory: { customer_name: string; facility_name: string; year: number }) {
  return `${inventory.customer_name} / ${inventory.facility_name} / ${inventory.year}`;
}
