import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteErrorBox, RouteNotFound } from './features/layout/route-fallbacks.tsx';
import { LoadingPage } from './features/system/system-pages.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { registerServiceWorker } from './lib/offline-cache.ts';
import { queryClient } from './lib/query-client.ts';
import { useSession } from './lib/session.ts';
import { toast } from './lib/toast.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: LoadingPage,
  // Spec 01 §8 router fallbacks. The root route keeps the full-page error and 404 pages; the
  // pages below it fall back to the box and the text, so inside the frame they stay in its
  // content area.
  defaultErrorComponent: RouteErrorBox,
  defaultNotFoundComponent: RouteNotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A 401 on a signed-in call: the session is gone on the server, so end it here too.
setUnauthorizedHandler(() => {
  if (!useSession.getState().token) return;
  useSession.getState().logout();
  queryClient.clear();
  toast({ variant: 'destructive', title: 'Session expired', description: 'Please login again.' });
  // Back to the same page (path and query) after signing in again.
  void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

registerServiceWorker();
