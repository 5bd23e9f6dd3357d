import { createFileRoute } from '@tanstack/react-router';
import { loadInventoryOrLeave } from '../../../../../features/inventories/inventory-route.ts';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { parseId } from '../../../../../lib/route-params.ts';

/** Issue 22: a line found on site, added through the quick form. */
export const Route = createFileRoute('/_authenticated/my-inventories/$inventoryId/lines/create')({
  loader: (match) => loadInventoryOrLeave(match, '/my-inventories'),
  component: function AddQuickLineRoute() {
    const { inventoryId } = Route.useParams();
    return (
      <InventoryProductFormPage inventoryId={parseId(inventoryId)} lineId={undefined} layout="compact" />
    );
  },
});
