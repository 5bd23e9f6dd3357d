import { createFileRoute } from '@tanstack/react-router';
import { loadInventoryOrLeave } from '../../../../features/inventories/inventory-route.ts';
import {
  InventoryProductsSearchSchema,
  inventoryProductsApi,
  inventoryProductsListParams,
} from '../../../../features/inventory-products/api.ts';
import { InventoryProductsPage } from '../../../../features/inventory-products/inventory-products-page.tsx';
import { prefetchList } from '../../../../lib/list-search.ts';
import { parseId } from '../../../../lib/route-params.ts';

/**
 * An inventory's products (spec 02 §2), outside the inventories list's layout so it is a page of
 * its own; the line forms (`products_/…`) are pages of their own too. An id that names no
 * inventory goes back to the inventories list.
 */
export const Route = createFileRoute('/_authenticated/inventories_/$inventoryId/products')({
  validateSearch: InventoryProductsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async (match) => {
    await loadInventoryOrLeave(match);
    prefetchList(
      match.context.queryClient,
      inventoryProductsApi(parseId(match.params.inventoryId)).listOptions(
        inventoryProductsListParams(match.deps),
      ),
    );
  },
  component: function InventoryProductsRoute() {
    const { inventoryId } = Route.useParams();
    return <InventoryProductsPage inventoryId={parseId(inventoryId)} search={Route.useSearch()} />;
  },
});
