import { createFileRoute } from '@tanstack/react-router';
import { containersApi } from '../../features/containers/api.ts';
import { ContainersPage } from '../../features/containers/containers-page.tsx';
import { LookupSearchSchema } from '../../features/lookups/api.ts';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/containers')({
  validateSearch: LookupSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, containersApi.listOptions(toListParams(deps))),
  component: function ContainersRoute() {
    return <ContainersPage tab="containers" search={Route.useSearch()} />;
  },
});
