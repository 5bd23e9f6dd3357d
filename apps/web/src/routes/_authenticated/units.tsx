import { createFileRoute } from '@tanstack/react-router';
import { CatalogSearchSchema } from '../../features/catalog/api.ts';
import { unitsApi } from '../../features/containers/api.ts';
import { ContainersPage } from '../../features/containers/containers-page.tsx';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/units')({
  validateSearch: CatalogSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchList(context.queryClient, unitsApi.listOptions(toListParams(deps))),
  component: function UnitsRoute() {
    return <ContainersPage tab="units" search={Route.useSearch()} />;
  },
});
