import { createFileRoute, redirect } from '@tanstack/react-router';
import { canNow } from '../../lib/permissions.ts';

// Spec 02 §2, §6: the Database Entry page and the lists below it are for admins; everyone else
// is sent to /inventories. One guard for both, so a new list under /database cannot forget it.
export const Route = createFileRoute('/_authenticated/database')({
  beforeLoad: () => {
    if (!canNow('database.read')) throw redirect({ to: '/inventories' });
  },
});
