import { createFileRoute } from '@tanstack/react-router';
import { CatalogSearchSchema } from '../../features/catalog/api.ts';
import { containersApi } from '../../features/containers/api.ts';
import { ContainersPage } from '../../features/containers/containers-page.tsx';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/containers')({
  validateSearch: CatalogSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, containersApi.listOptions(toListParams(deps))),
  component: function ContainersRoute() {
    return <ContainersPage tab="containers" search={Route.useSearch()} />;
  },
});
