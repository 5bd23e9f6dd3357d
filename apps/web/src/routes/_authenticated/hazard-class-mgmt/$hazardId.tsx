import { createFileRoute } from '@tanstack/react-router';
import { hazardsApi } from '../../../features/hazards/api.ts';
import { HazardModal } from '../../../features/hazards/hazards-page.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/hazard-class-mgmt/$hazardId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.hazardId,
      options: hazardsApi.detailOptions,
      entity: 'Hazard class',
      list: '/hazard-class-mgmt',
      location,
      preload,
    }),
  component: function HazardRoute() {
    const { hazardId } = Route.useParams();
    return <HazardModal key={hazardId} id={parseId(hazardId)} />;
  },
});
