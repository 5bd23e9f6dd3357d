import { createFileRoute } from '@tanstack/react-router';
import { ContainerModal } from '../../../features/containers/containers-page.tsx';
import { parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/containers/$containerId')({
  component: function ContainersModalRoute() {
    const { containerId } = Route.useParams();
    return <ContainerModal key={containerId} tab="containers" id={parseId(containerId)} />;
  },
});
