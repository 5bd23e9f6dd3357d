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
