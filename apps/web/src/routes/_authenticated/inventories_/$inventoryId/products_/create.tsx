import { createFileRoute } from '@tanstack/react-router';
import { loadInventoryOrLeave } from '../../../../../features/inventories/inventory-route.ts';
import { InventoryProductsSearchSchema } from '../../../../../features/inventory-products/api.ts';
import { InventoryProductFormPage } from '../../../../../features/inventory-products/inventory-product-form.tsx';
import { parseId } from '../../../../../lib/route-params.ts';

// The list's search rides along so saving or cancelling returns to the same page of the list.
export const Route = createFileRoute('/_authenticated/inventories_/$inventoryId/products_/create')({
  validateSearch: InventoryProductsSearchSchema,
  loader: (match) => loadInventoryOrLeave(match),
  component: function CreateInventoryProductRoute() {
    const { inventoryId } = Route.useParams();
    return <InventoryProductFormPage inventoryId={parseId(inventoryId)} lineId={undefined} />;
  },
});
