import { createFileRoute } from '@tanstack/react-router';
import { CustomersSearchSchema, customersApi } from '../../features/customers/api.ts';
import { CustomersPage } from '../../features/customers/customers-page.tsx';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt')({
  validateSearch: CustomersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, customersApi.listOptions(toListParams(deps))),
  component: function CustomersRoute() {
    return <CustomersPage search={Route.useSearch()} />;
  },
});
