import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersSearchSchema } from '../../../features/users/api.ts';
import { UsersPage } from '../../../features/users/users-page.tsx';
import { canNow } from '../../../lib/permissions.ts';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: UsersSearchSchema,
  beforeLoad: () => {
    if (!canNow('users.read')) throw redirect({ to: '/inventories' });
  },
  component: function UsersRoute() {
    return <UsersPage userId={undefined} search={Route.useSearch()} />;
  },
});
