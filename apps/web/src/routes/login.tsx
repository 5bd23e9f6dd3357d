import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page.tsx';
import { homePathFor } from '../lib/menu.ts';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: () => {
    const { token, user } = useSession.getState();
    if (token) throw redirect({ to: homePathFor(user?.role) });
  },
  component: function LoginRoute() {
    const { redirect: target } = Route.useSearch();
    return <LoginPage redirect={target} />;
  },
});
