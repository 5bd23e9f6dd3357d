import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => {
    const { token, isAuthenticated } = useSession.getState();
    if (!token || !isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});
