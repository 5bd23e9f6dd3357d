import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, showApiError } from './api.ts';

/**
 * Every failed call gets the default destructive notice (spec 01 §8) unless its query or
 * mutation says it handles errors itself (`meta: { handlesErrors: true }`).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on a retry; network and 5xx failures are tried twice more.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline, a read still goes out once: the service worker may answer it from its copy of the
      // last answer (issue 33 point 8); React Query's default would wait for the connection.
      networkMode: 'offlineFirst',
    },
    mutations: {
      // A save made offline must fail at once with NetworkError, so the form keeps it on the device
      // and says so. React Query's default ('online') holds it paused instead, the mutation pending
      // and the button on "Saving changes..." until the connection returns (issue 33 point 8).
      networkMode: 'always',
    },
  },
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.handlesErrors) return;
      showApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.handlesErrors) return;
      showApiError(error);
    },
  }),
});

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}
