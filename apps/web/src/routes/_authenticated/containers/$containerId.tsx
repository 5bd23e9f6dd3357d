import { createFileRoute } from '@tanstack/react-router';
import { containersApi } from '../../../features/containers/api.ts';
import { ContainerModal } from '../../../features/containers/containers-page.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/containers/$containerId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.containerId,
      options: containersApi.detailOptions,
      entity: 'Container',
      list: '/containers',
      location,
      preload,
    }),
  component: function ContainersModalRoute() {
    const { containerId } = Route.useParams();
    return <ContainerModal key={containerId} tab="containers" id={parseId(containerId)} />;
  },
});
