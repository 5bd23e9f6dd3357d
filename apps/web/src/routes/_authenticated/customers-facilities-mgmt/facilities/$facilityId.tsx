import { createFileRoute } from '@tanstack/react-router';
import { facilitiesApi } from '../../../../features/customers/api.ts';
import { FacilityModal } from '../../../../features/customers/facilities-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/customers-facilities-mgmt/facilities/$facilityId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.facilityId,
      options: facilitiesApi.detailOptions,
      entity: 'Facility',
      list: '/customers-facilities-mgmt',
      location,
      preload,
    }),
  component: function FacilityRoute() {
    const { facilityId } = Route.useParams();
    return <FacilityModal key={facilityId} id={parseId(facilityId)} />;
  },
});
