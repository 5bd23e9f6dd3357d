import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page.tsx';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: () => {
    if (useSession.getState().token) throw redirect({ to: '/inventories' });
  },
  component: function LoginRoute() {
    const { redirect: target } = Route.useSearch();
    return <LoginPage redirect={target} />;
  },
});
