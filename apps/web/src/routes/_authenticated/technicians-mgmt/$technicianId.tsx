import { createFileRoute } from '@tanstack/react-router';
import { techniciansApi } from '../../../features/technicians/api.ts';
import { TechnicianModal } from '../../../features/technicians/technicians-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/technicians-mgmt/$technicianId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.technicianId,
      options: techniciansApi.detailOptions,
      entity: 'Technician',
      list: '/technicians-mgmt',
      location,
      preload,
    }),
  component: function TechnicianRoute() {
    const { technicianId } = Route.useParams();
    return <TechnicianModal key={technicianId} technicianId={parseId(technicianId)} />;
  },
});
