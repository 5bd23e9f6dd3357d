import { createFileRoute } from '@tanstack/react-router';
import { componentLinksApi } from '../../../../../../../features/chemical-components/api.ts';
import { ComponentDetailsModal } from '../../../../../../../features/chemical-components/component-details-modal.tsx';
import { isRecordId, loadRecordOrLeave, parseId } from '../../../../../../../lib/route-params.ts';

/** Spec 02 §2: an inventory product's chemical component, read-only, in a modal over its form. */
export const Route = createFileRoute(
  '/_authenticated/inventories_/$inventoryId/products_/$inventoryProductId/chemical-components/$componentId',
)({
  loader: ({ context, params, location, preload }) => {
    // Ids that name no inventory or inventory product are the form route's to answer.
    if (!isRecordId(params.inventoryId) || !isRecordId(params.inventoryProductId)) return;
    const inventoryId = Number(params.inventoryId);
    const inventoryProductId = Number(params.inventoryProductId);
    return loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.componentId,
      options: componentLinksApi({ kind: 'inventory-product', inventoryId, inventoryProductId })
        .detailOptions,
      entity: 'Chemical component',
      list: `/inventories/${inventoryId}/products/${inventoryProductId}`,
      location,
      preload,
    });
  },
  component: function InventoryProductComponentRoute() {
    const { inventoryId, inventoryProductId, componentId } = Route.useParams();
    return (
      <ComponentDetailsModal
        key={componentId}
        inventoryId={parseId(inventoryId)}
        inventoryProductId={parseId(inventoryProductId)}
        componentId={parseId(componentId)}
      />
    );
  },
});
