import { createFileRoute } from '@tanstack/react-router';
import { FacilityModal } from '../../../../features/customers/facility-modal.tsx';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/facilities/create')({
  component: () => <FacilityModal id={undefined} />,
});
