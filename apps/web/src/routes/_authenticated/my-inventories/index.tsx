import { createFileRoute } from '@tanstack/react-router';
import { MyInventoriesPage } from '../../../features/my-inventories/my-inventories-page.tsx';

/** Issue 22: a technician's landing, their own inventories. */
export const Route = createFileRoute('/_authenticated/my-inventories/')({
  component: MyInventoriesPage,
});
