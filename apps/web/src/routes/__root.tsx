import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/toaster.tsx';
import { ErrorPage, NotFoundPage } from '../features/system/system-pages.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  // The full pages (spec 01 §2): a failure nothing below caught, and an unknown top-level address.
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
