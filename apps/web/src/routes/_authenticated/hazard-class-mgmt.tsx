import { createFileRoute } from '@tanstack/react-router';
import { hazardsApi } from '../../features/hazards/api.ts';
import { HazardsPage } from '../../features/hazards/hazards-page.tsx';
import { LookupSearchSchema } from '../../features/lookups/api.ts';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/hazard-class-mgmt')({
  validateSearch: LookupSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, hazardsApi.listOptions(toListParams(deps))),
  component: function HazardsRoute() {
    return <HazardsPage search={Route.useSearch()} />;
  },
});
