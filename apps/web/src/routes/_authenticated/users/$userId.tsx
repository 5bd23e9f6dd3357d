import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersSearchSchema, usersApi } from '../../../features/users/api.ts';
import { UsersPage } from '../../../features/users/users-page.tsx';
import { prefetchList, toListParams } from '../../../lib/list-search.ts';
import { canNow } from '../../../lib/permissions.ts';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';
import { useSession } from '../../../lib/session.ts';

export const Route = createFileRoute('/_authenticated/users/$userId')({
  validateSearch: UsersSearchSchema,
  beforeLoad: ({ params }) => {
    const user = useSession.getState().user;
    if (!user || !canNow('users.update')) throw redirect({ to: '/inventories' });
    // Your own account is edited on the profile page.
    if (String(user.id) === params.userId) throw redirect({ to: '/profile' });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, location, preload, deps }) => {
    prefetchList(context.queryClient, usersApi.listOptions(toListParams(deps)));
    return loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.userId,
      options: usersApi.detailOptions,
      entity: 'User',
      list: '/users',
      location,
      preload,
    });
  },
  component: function UserRoute() {
    const { userId } = Route.useParams();
    return <UsersPage key={userId} userId={parseId(userId)} search={Route.useSearch()} />;
  },
});
