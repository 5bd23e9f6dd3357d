import { createFileRoute } from '@tanstack/react-router';
import { customersApi } from '../../../../features/customers/api.ts';
import { CustomerModal } from '../../../../features/customers/customers-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/customers/$customerId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.customerId,
      options: customersApi.detailOptions,
      entity: 'Customer',
      list: '/customers-facilities-mgmt',
      location,
      preload,
    }),
  component: function CustomerRoute() {
    const { customerId } = Route.useParams();
    return <CustomerModal key={customerId} id={parseId(customerId)} />;
  },
});
