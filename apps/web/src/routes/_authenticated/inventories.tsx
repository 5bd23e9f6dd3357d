import { createFileRoute, redirect } from '@tanstack/react-router';
import {
  InventoriesSearchSchema,
  inventoriesApi,
  inventoriesListParams,
} from '../../features/inventories/api.ts';
import { InventoriesPage } from '../../features/inventories/inventories-page.tsx';
import { prefetchList } from '../../lib/list-search.ts';
import { homePathFor } from '../../lib/menu.ts';
import { useSession } from '../../lib/session.ts';

export const Route = createFileRoute('/_authenticated/inventories')({
  validateSearch: InventoriesSearchSchema,
  // A technician's inventories are on My Inventories (issue 22); the staff list is not theirs.
  beforeLoad: () => {
    const home = homePathFor(useSession.getState().user?.role);
    if (home !== '/inventories') throw redirect({ to: home });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, inventoriesApi.listOptions(inventoriesListParams(deps))),
  component: function InventoriesRoute() {
    return <InventoriesPage search={Route.useSearch()} />;
  },
});
