import { createFileRoute } from '@tanstack/react-router';
import { componentLinksApi } from '../../../../../../../features/chemical-components/api.ts';
import { ComponentDetailsModal } from '../../../../../../../features/chemical-components/component-details-modal.tsx';
import { isRecordId, loadRecordOrLeave, parseId } from '../../../../../../../lib/route-params.ts';

/** Spec 02 §2: a line's chemical component, read-only, in a modal over the line's form. */
export const Route = createFileRoute(
  '/_authenticated/inventories_/$inventoryId/products_/$inventoryProductId/chemical-components/$componentId',
)({
  loader: ({ context, params, location, preload }) => {
    // Ids that name no inventory or line are the form route's to answer.
    if (!isRecordId(params.inventoryId) || !isRecordId(params.inventoryProductId)) return;
    const inventoryId = Number(params.inventoryId);
    const lineId = Number(params.inventoryProductId);
    return loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.componentId,
      options: componentLinksApi({ kind: 'line', inventoryId, lineId }).detailOptions,
      entity: 'Chemical component',
      list: `/inventories/${inventoryId}/products/${lineId}`,
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
        lineId={parseId(inventoryProductId)}
        componentId={parseId(componentId)}
      />
    );
  },
});
