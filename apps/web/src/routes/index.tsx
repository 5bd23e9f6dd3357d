import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePathFor } from '../lib/menu.ts';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const { token, isAuthenticated, user } = useSession.getState();
    throw redirect({ to: token || isAuthenticated ? homePathFor(user?.role) : '/login' });
  },
});
