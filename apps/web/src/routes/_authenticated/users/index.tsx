import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersSearchSchema, usersApi } from '../../../features/users/api.ts';
import { UsersPage } from '../../../features/users/users-page.tsx';
import { prefetchList, toListParams } from '../../../lib/list-search.ts';
import { canNow } from '../../../lib/permissions.ts';

export const Route = createFileRoute('/_authenticated/users/')({
  validateSearch: UsersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchList(context.queryClient, usersApi.listOptions(toListParams(deps))),
  beforeLoad: () => {
    if (!canNow('users.read')) throw redirect({ to: '/inventories' });
  },
  component: function UsersRoute() {
    return <UsersPage userId={undefined} search={Route.useSearch()} />;
  },
});
