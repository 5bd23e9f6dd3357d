import { createFileRoute } from '@tanstack/react-router';
import { CustomerModal } from '../../../../features/customers/customers-form.tsx';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/customers/create')({
  component: () => <CustomerModal id={undefined} />,
});
