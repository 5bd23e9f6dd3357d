import { createFileRoute } from '@tanstack/react-router';
import { FacilityModal } from '../../../../features/customers/facility-modal.tsx';
import { parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/facilities/$facilityId')({
  component: function FacilityRoute() {
    const { facilityId } = Route.useParams();
    return <FacilityModal key={facilityId} id={parseId(facilityId)} />;
  },
});
