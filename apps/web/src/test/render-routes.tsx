import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/**
 * Pages under test on a memory router at `at`: each path of `routes` renders its component (a
 * page the one under test links or goes back to is one more entry), all under one fresh
 * QueryClient that does not retry.
 */
export function renderRoutes(routes: Record<string, () => ReactNode>, at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren(
      Object.entries(routes).map(([path, component]) =>
        createRoute({ getParentRoute: () => root, path, component }),
      ),
    ),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
