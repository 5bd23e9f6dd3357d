import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page.tsx';
import { useSession } from '../../lib/session.ts';

export const Route = createFileRoute('/_authenticated/profile')({
  beforeLoad: () => {
    if (!useSession.getState().user) throw redirect({ to: '/users' });
  },
  component: ProfilePage,
});
