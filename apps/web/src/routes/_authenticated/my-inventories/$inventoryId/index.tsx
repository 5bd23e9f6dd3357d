import { createFileRoute } from '@tanstack/react-router';
import { WorklistPage } from '../../../../features/my-inventories/worklist-page.tsx';
import { parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/my-inventories/$inventoryId/')({
  component: function WorklistRoute() {
    const { inventoryId } = Route.useParams();
    return <WorklistPage key={inventoryId} inventoryId={parseId(inventoryId)} />;
  },
});
