import { createFileRoute } from '@tanstack/react-router';
import { unitsApi } from '../../../features/containers/api.ts';
import { ContainerModal } from '../../../features/containers/containers-page.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/units/$unitId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.unitId,
      options: unitsApi.detailOptions,
      entity: 'Container unit',
      list: '/units',
      location,
      preload,
    }),
  component: function UnitsModalRoute() {
    const { unitId } = Route.useParams();
    return <ContainerModal key={unitId} tab="units" id={parseId(unitId)} />;
  },
});
