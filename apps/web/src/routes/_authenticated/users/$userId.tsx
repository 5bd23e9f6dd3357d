import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersPage } from '../../../features/users/users-page.tsx';
import { ListSearchSchema } from '../../../lib/list-search.ts';
import { useSession } from '../../../lib/session.ts';

export const Route = createFileRoute('/_authenticated/users/$userId')({
  validateSearch: ListSearchSchema,
  beforeLoad: ({ params }) => {
    const user = useSession.getState().user;
    if (user?.role !== 'admin') throw redirect({ to: '/inventories' });
    // Your own account is edited on the profile page.
    if (String(user.id) === params.userId) throw redirect({ to: '/profile' });
  },
  component: function UserRoute() {
    const { userId } = Route.useParams();
    const id = Number.parseInt(userId, 10);
    return <UsersPage key={userId} userId={Number.isInteger(id) ? id : -1} search={Route.useSearch()} />;
  },
});
