import { createFileRoute } from '@tanstack/react-router';
import { HazardModal } from '../../../features/hazards/hazards-page.tsx';

export const Route = createFileRoute('/_authenticated/hazard-class-mgmt/create')({
  component: () => <HazardModal id={undefined} />,
});
