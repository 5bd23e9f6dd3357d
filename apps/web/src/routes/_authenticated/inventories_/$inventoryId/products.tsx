import { createFileRoute } from '@tanstack/react-router';
import { inventoriesApi } from '../../../../features/inventories/api.ts';
import {
  InventoryProductsSearchSchema,
  inventoryProductsApi,
  inventoryProductsListParams,
} from '../../../../features/inventory-products/api.ts';
import { InventoryProductsPage } from '../../../../features/inventory-products/inventory-products-page.tsx';
import { prefetchList } from '../../../../lib/list-search.ts';
import { loadRecordOrLeave, parseId } from '../../../../lib/route-params.ts';

/**
 * An inventory's products (spec 02 §2), outside the inventories list's layout so it is a page of
 * its own; the line forms (`products_/…`) are pages of their own too. An id that names no
 * inventory goes back to the inventories list.
 */
export const Route = createFileRoute('/_authenticated/inventories_/$inventoryId/products')({
  validateSearch: InventoryProductsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps, location, preload }) => {
    await loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.inventoryId,
      options: inventoriesApi.detailOptions,
      entity: 'Inventory',
      list: '/inventories',
      location,
      preload,
    });
    prefetchList(
      context.queryClient,
      inventoryProductsApi(parseId(params.inventoryId)).listOptions(inventoryProductsListParams(deps)),
    );
  },
  component: function InventoryProductsRoute() {
    const { inventoryId } = Route.useParams();
    return <InventoryProductsPage inventoryId={parseId(inventoryId)} search={Route.useSearch()} />;
  },
});
