import { createFileRoute } from '@tanstack/react-router';
import { InventoryProductsSearchSchema } from '../../../../../features/inventory-products/api.ts';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { loadLineOrLeave } from '../../../../../features/inventory-products/line-route.ts';
import { parseId } from '../../../../../lib/route-params.ts';

export const Route = createFileRoute(
  '/_authenticated/inventories_/$inventoryId/products_/$inventoryProductId',
)({
  validateSearch: InventoryProductsSearchSchema,
  loader: ({ context, params, location, preload }) =>
    loadLineOrLeave({
      queryClient: context.queryClient,
      inventoryId: params.inventoryId,
      // The spec's :inventoryProductId names a line.
      lineId: params.inventoryProductId,
      inventoriesList: '/inventories',
      linesList: (inventoryId) => `/inventories/${inventoryId}/products`,
      location,
      preload,
    }),
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
