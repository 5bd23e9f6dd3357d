import { createFileRoute } from '@tanstack/react-router';
import { InventoriesPage } from '../../features/inventories/inventories-page.tsx';

export const Route = createFileRoute('/_authenticated/inventories')({
  component: InventoriesPage,
});
