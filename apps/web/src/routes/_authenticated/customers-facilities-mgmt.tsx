import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../features/customers/customers-page.tsx';
import { ListSearchSchema } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt')({
  validateSearch: ListSearchSchema,
  component: function CustomersRoute() {
    return <CustomersPage search={Route.useSearch()} />;
  },
});
