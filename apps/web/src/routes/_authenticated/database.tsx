import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSession } from '../../lib/session.ts';

// Spec 02 §2, §6: the Database Entry page and the lists below it are for admins; everyone else
// is sent to /inventories. One guard for both, so a new list under /database cannot forget it.
export const Route = createFileRoute('/_authenticated/database')({
  beforeLoad: () => {
    if (useSession.getState().user?.role !== 'admin') throw redirect({ to: '/inventories' });
  },
});
