import { SetPasswordSearchSchema } from '@chemtrack/domain';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { SetPasswordPage } from '../features/auth/set-password-page.tsx';

export const Route = createFileRoute('/set-password')({
  validateSearch: SetPasswordSearchSchema,
  // A search that fails the token rule sends the visitor to /login.
  errorComponent: () => <Navigate to="/login" />,
  component: function SetPasswordRoute() {
    const { token } = Route.useSearch();
    return <SetPasswordPage token={token} />;
  },
});
