import { createFileRoute } from '@tanstack/react-router';
import { InventoryModal } from '../../../features/inventories/inventories-form.tsx';

export const Route = createFileRoute('/_authenticated/inventories/create')({
  component: () => <InventoryModal id={undefined} />,
});
