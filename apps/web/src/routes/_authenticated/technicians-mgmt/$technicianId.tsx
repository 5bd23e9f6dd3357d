import { createFileRoute } from '@tanstack/react-router';
import { TechnicianModal } from '../../../features/technicians/technician-modal.tsx';

export const Route = createFileRoute('/_authenticated/technicians-mgmt/$technicianId')({
  component: function TechnicianRoute() {
    const { technicianId } = Route.useParams();
    const id = Number.parseInt(technicianId, 10);
    return <TechnicianModal key={technicianId} technicianId={Number.isInteger(id) ? id : -1} />;
  },
});
