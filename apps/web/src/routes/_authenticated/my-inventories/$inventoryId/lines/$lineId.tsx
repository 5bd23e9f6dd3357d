import { createFileRoute } from '@tanstack/react-router';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { loadLineOrLeave } from '../../../../../features/inventory-products/line-route.ts';
import { parseId } from '../../../../../lib/route-params.ts';

/** Issue 22: a line's quick form, the staff line form in its compact layout. */
export const Route = createFileRoute('/_authenticated/my-inventories/$inventoryId/lines/$lineId')({
  loader: ({ context, params, location, preload }) =>
    loadLineOrLeave({
      queryClient: context.queryClient,
      inventoryId: params.inventoryId,
      lineId: params.lineId,
      inventoriesList: '/my-inventories',
      linesList: (inventoryId) => `/my-inventories/${inventoryId}`,
      location,
      preload,
    }),
  component: function QuickLineRoute() {
    const { inventoryId, lineId } = Route.useParams();
    return (
      <InventoryProductFormPage
        key={lineId}
        inventoryId={parseId(inventoryId)}
        lineId={parseId(lineId)}
        layout="compact"
      />
    );
  },
});
