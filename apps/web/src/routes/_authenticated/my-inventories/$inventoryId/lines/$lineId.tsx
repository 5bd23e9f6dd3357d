import { createFileRoute } from '@tanstack/react-router';
import { inventoriesApi } from '../../../../../features/inventories/api.ts';
import { inventoryProductsApi } from '../../../../../features/inventory-products/api.ts';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { isRecordId, loadRecordOrLeave, parseId } from '../../../../../lib/route-params.ts';

/** Issue 22: a line's quick form, the staff line form in its compact layout. */
export const Route = createFileRoute('/_authenticated/my-inventories/$inventoryId/lines/$lineId')({
  loader: async ({ context, params, location, preload }) => {
    await loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.inventoryId,
      options: inventoriesApi.detailOptions,
      entity: 'Inventory',
      list: '/my-inventories',
      location,
      preload,
    });
    if (!isRecordId(params.inventoryId)) return;
    const inventoryId = Number(params.inventoryId);
    await loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.lineId,
      options: inventoryProductsApi(inventoryId).detailOptions,
      entity: 'Inventory product',
      list: `/my-inventories/${inventoryId}`,
      location,
      preload,
    });
  },
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
