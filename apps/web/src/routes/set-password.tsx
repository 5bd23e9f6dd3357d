import { SetPasswordSearchSchema } from '@chemtrack/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SetPasswordPage } from '../features/auth/set-password-page.tsx';

/**
 * A search that fails the token rule is caught and marked rather than thrown: a throw reaches the
 * router as an error, which logs the ZodError in the console before any error component runs.
 */
const SearchSchema = SetPasswordSearchSchema.extend({ isInvalid: z.literal(true).optional() }).catch({
  isInvalid: true,
});

export const Route = createFileRoute('/set-password')({
  validateSearch: SearchSchema,
  // Spec 01: a search that fails validation sends the visitor to /login.
  beforeLoad: ({ search }) => {
    if (search.isInvalid) throw redirect({ to: '/login', replace: true });
  },
  component: function SetPasswordRoute() {
    const { token } = Route.useSearch();
    return <SetPasswordPage token={token} />;
  },
});
