import { createFileRoute } from '@tanstack/react-router';
import { inventoriesApi } from '../../../../../features/inventories/api.ts';
import {
  InventoryProductsSearchSchema,
  inventoryProductsApi,
} from '../../../../../features/inventory-products/api.ts';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { isRecordId, loadRecordOrLeave, parseId } from '../../../../../lib/route-params.ts';

export const Route = createFileRoute(
  '/_authenticated/inventories_/$inventoryId/products_/$inventoryProductId',
)({
  validateSearch: InventoryProductsSearchSchema,
  loader: async ({ context, params, location, preload }) => {
    await loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.inventoryId,
      options: inventoriesApi.detailOptions,
      entity: 'Inventory',
      list: '/inventories',
      location,
      preload,
    });
    if (!isRecordId(params.inventoryId)) return;
    const inventoryId = Number(params.inventoryId);
    await loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.inventoryProductId,
      options: inventoryProductsApi(inventoryId).detailOptions,
      entity: 'Inventory product',
      list: `/inventories/${inventoryId}/products`,
      location,
      preload,
    });
  },
  component: function InventoryProductRoute() {
    const { inventoryId, inventoryProductId } = Route.useParams();
    return (
      <InventoryProductFormPage
        key={inventoryProductId}
        inventoryId={parseId(inventoryId)}
        // The spec's :inventoryProductId names a line.
        lineId={parseId(inventoryProductId)}
      />
    );
  },
});
