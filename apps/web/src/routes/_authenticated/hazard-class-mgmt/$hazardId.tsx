import { createFileRoute } from '@tanstack/react-router';
import { HazardModal } from '../../../features/hazards/hazards-page.tsx';
import { parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/hazard-class-mgmt/$hazardId')({
  component: function HazardRoute() {
    const { hazardId } = Route.useParams();
    return <HazardModal key={hazardId} id={parseId(hazardId)} />;
  },
});
