import { createFileRoute } from '@tanstack/react-router';
import { CustomerModal } from '../../../../features/customers/customer-modal.tsx';
import { parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/customers/$customerId')({
  component: function CustomerRoute() {
    const { customerId } = Route.useParams();
    return <CustomerModal key={customerId} id={parseId(customerId)} />;
  },
});
