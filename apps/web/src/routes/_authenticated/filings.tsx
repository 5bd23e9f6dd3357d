import { createFileRoute, redirect } from '@tanstack/react-router';
import { FilingSearchSchema, filingListOptions, toFilingParams } from '../../features/filings/api.ts';
import { FilingsPage } from '../../features/filings/filings-page.tsx';
import { prefetchList } from '../../lib/list-search.ts';
import { canNow } from '../../lib/permissions.ts';

export const Route = createFileRoute('/_authenticated/filings')({
  validateSearch: FilingSearchSchema,
  loaderDeps: ({ search }) => search,
  beforeLoad: () => {
    if (!canNow('filings.read')) throw redirect({ to: '/inventories' });
  },
  loader: ({ context, deps }) => prefetchList(context.queryClient, filingListOptions(toFilingParams(deps))),
  component: function FilingsRoute() {
    return <FilingsPage search={Route.useSearch()} />;
  },
});
