import { createFileRoute } from '@tanstack/react-router';
import { HazardsPage } from '../../features/hazards/hazards-page.tsx';
import { ListSearchSchema } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/hazard-class-mgmt')({
  validateSearch: ListSearchSchema,
  component: function HazardsRoute() {
    return <HazardsPage search={Route.useSearch()} />;
  },
});
