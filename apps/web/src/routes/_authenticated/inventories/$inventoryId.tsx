import { createFileRoute } from '@tanstack/react-router';
import { InventoryModal } from '../../../features/inventories/inventories-form.tsx';
import { loadInventoryOrLeave } from '../../../features/inventories/inventory-route.ts';
import { parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/inventories/$inventoryId')({
  loader: (match) => loadInventoryOrLeave(match),
  component: function InventoryRoute() {
    const { inventoryId } = Route.useParams();
    return <InventoryModal key={inventoryId} id={parseId(inventoryId)} />;
  },
});
