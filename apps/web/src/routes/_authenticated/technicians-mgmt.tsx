import { createFileRoute } from '@tanstack/react-router';
import { TechniciansSearchSchema, techniciansApi } from '../../features/technicians/api.ts';
import { TechniciansPage } from '../../features/technicians/technicians-page.tsx';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/technicians-mgmt')({
  validateSearch: TechniciansSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, techniciansApi.listOptions(toListParams(deps))),
  component: function TechniciansRoute() {
    return <TechniciansPage search={Route.useSearch()} />;
  },
});
