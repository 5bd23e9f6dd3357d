import { createFileRoute } from '@tanstack/react-router';
import { FacilityModal } from '../../../../features/customers/facilities-form.tsx';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/facilities/create')({
  component: () => <FacilityModal id={undefined} />,
});
