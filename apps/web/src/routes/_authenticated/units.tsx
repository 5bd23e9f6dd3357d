import { createFileRoute } from '@tanstack/react-router';
import { unitsApi } from '../../features/containers/api.ts';
import { ContainersPage } from '../../features/containers/containers-page.tsx';
import { LookupSearchSchema } from '../../features/lookups/api.ts';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/units')({
  validateSearch: LookupSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchList(context.queryClient, unitsApi.listOptions(toListParams(deps))),
  component: function UnitsRoute() {
    return <ContainersPage tab="units" search={Route.useSearch()} />;
  },
});
