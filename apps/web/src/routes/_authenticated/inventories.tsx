import { createFileRoute } from '@tanstack/react-router';
import {
  InventoriesSearchSchema,
  inventoriesApi,
  inventoriesListParams,
} from '../../features/inventories/api.ts';
import { InventoriesPage } from '../../features/inventories/inventories-page.tsx';
import { prefetchList } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/inventories')({
  validateSearch: InventoriesSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, inventoriesApi.listOptions(inventoriesListParams(deps))),
  component: function InventoriesRoute() {
    return <InventoriesPage search={Route.useSearch()} />;
  },
});
