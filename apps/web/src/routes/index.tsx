import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const { token, isAuthenticated } = useSession.getState();
    throw redirect({ to: token || isAuthenticated ? '/inventories' : '/login' });
  },
});
