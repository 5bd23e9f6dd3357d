import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersPage } from '../../../features/users/users-page.tsx';
import { ListSearchSchema } from '../../../lib/list-search.ts';
import { canNow } from '../../../lib/permissions.ts';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: ListSearchSchema,
  beforeLoad: () => {
    if (!canNow('users.read')) throw redirect({ to: '/inventories' });
  },
  component: function UsersRoute() {
    return <UsersPage userId={undefined} search={Route.useSearch()} />;
  },
});
