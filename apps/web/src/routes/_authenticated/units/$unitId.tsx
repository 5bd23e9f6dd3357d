import { createFileRoute } from '@tanstack/react-router';
import { ContainerModal } from '../../../features/containers/containers-page.tsx';
import { parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/units/$unitId')({
  component: function UnitsModalRoute() {
    const { unitId } = Route.useParams();
    return <ContainerModal key={unitId} tab="units" id={parseId(unitId)} />;
  },
});
