import { createFileRoute, redirect } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: () => {
    if (useSession.getState().token) throw redirect({ to: '/inventories' });
  },
  component: ForgotPasswordPage,
});
