import { createFileRoute, redirect } from '@tanstack/react-router';
import { DatabasePage } from '../../features/database/database-page.tsx';
import { useSession } from '../../lib/session.ts';

export const Route = createFileRoute('/_authenticated/database')({
  // Spec 02 §2: non-admins are sent to /inventories.
  beforeLoad: () => {
    if (useSession.getState().user?.role !== 'admin') throw redirect({ to: '/inventories' });
  },
  component: DatabasePage,
});
