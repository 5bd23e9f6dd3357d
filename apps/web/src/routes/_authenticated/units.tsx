import { createFileRoute } from '@tanstack/react-router';
import { ContainersPage } from '../../features/containers/containers-page.tsx';
import { ListSearchSchema } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/units')({
  validateSearch: ListSearchSchema,
  component: function UnitsRoute() {
    return <ContainersPage tab="units" search={Route.useSearch()} />;
  },
});
