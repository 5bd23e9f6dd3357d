import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * Spec 02 §2: "A containers management index redirects to /containers". The spec names no path
 * for it; /containers-mgmt follows the other areas' "-mgmt" paths (the menu itself opens /containers).
 */
export const Route = createFileRoute('/_authenticated/containers-mgmt')({
  beforeLoad: () => {
    throw redirect({ to: '/containers', replace: true });
  },
});
