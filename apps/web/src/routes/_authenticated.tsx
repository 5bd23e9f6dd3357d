import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { RouteNotFound } from '../features/layout/route-fallbacks.tsx';
import { ErrorPage } from '../features/system/system-pages.tsx';
import { isPathOpenTo } from '../lib/menu.ts';
import { useSession } from '../lib/session.ts';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => {
    const { token, isAuthenticated } = useSession.getState();
    if (!token || !isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // A staff address opened by a technician: one clear page, not a staff screen's shell.
    if (!isPathOpenTo(useSession.getState().user?.role, location.pathname)) {
      throw redirect({ to: '/not-for-technicians' });
    }
  },
  component: AppLayout,
  // The frame itself failing has no content area to show the box in: the full error page.
  errorComponent: ErrorPage,
  // An unknown address below a signed-in page (/users/42/nothing-here) shows Not Found in the
  // frame. Without this the router would pick the root's 404 page, the nearest one it sees.
  notFoundComponent: RouteNotFound,
});
