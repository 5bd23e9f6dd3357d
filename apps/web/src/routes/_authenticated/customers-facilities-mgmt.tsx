import { createFileRoute } from '@tanstack/react-router';
import { CustomersSearchSchema } from '../../features/customers/api.ts';
import { CustomersPage } from '../../features/customers/customers-page.tsx';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt')({
  validateSearch: CustomersSearchSchema,
  component: function CustomersRoute() {
    return <CustomersPage search={Route.useSearch()} />;
  },
});
