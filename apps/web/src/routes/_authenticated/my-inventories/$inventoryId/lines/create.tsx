import { createFileRoute } from '@tanstack/react-router';
import { inventoriesApi } from '../../../../../features/inventories/api.ts';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../../../lib/route-params.ts';

/** Issue 22: a line found on site, added through the quick form. */
export const Route = createFileRoute('/_authenticated/my-inventories/$inventoryId/lines/create')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.inventoryId,
      options: inventoriesApi.detailOptions,
      entity: 'Inventory',
      list: '/my-inventories',
      location,
      preload,
    }),
  component: function AddQuickLineRoute() {
    const { inventoryId } = Route.useParams();
    return (
      <InventoryProductFormPage inventoryId={parseId(inventoryId)} lineId={undefined} layout="compact" />
    );
  },
});
