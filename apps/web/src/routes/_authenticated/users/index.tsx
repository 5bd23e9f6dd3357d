import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersPage } from '../../../features/users/users-page.tsx';
import { ListSearchSchema } from '../../../lib/list-search.ts';
import { useSession } from '../../../lib/session.ts';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: ListSearchSchema,
  beforeLoad: () => {
    if (useSession.getState().user?.role !== 'admin') throw redirect({ to: '/inventories' });
  },
  component: function UsersRoute() {
    return <UsersPage userId={undefined} search={Route.useSearch()} />;
  },
});
