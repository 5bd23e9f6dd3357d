import { createFileRoute } from '@tanstack/react-router';
import { TechnicianModal } from '../../../features/technicians/technicians-form.tsx';

export const Route = createFileRoute('/_authenticated/technicians-mgmt/create')({
  component: () => <TechnicianModal technicianId={undefined} />,
});
