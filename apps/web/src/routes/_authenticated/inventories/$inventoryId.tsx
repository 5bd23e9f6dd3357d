import { createFileRoute } from '@tanstack/react-router';
import { inventoriesApi } from '../../../features/inventories/api.ts';
import { InventoryModal } from '../../../features/inventories/inventories-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/inventories/$inventoryId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.inventoryId,
      options: inventoriesApi.detailOptions,
      entity: 'Inventory',
      list: '/inventories',
      location,
      preload,
    }),
  component: function InventoryRoute() {
    const { inventoryId } = Route.useParams();
    return <InventoryModal key={inventoryId} id={parseId(inventoryId)} />;
  },
});
