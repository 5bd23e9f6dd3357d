import { createFileRoute } from '@tanstack/react-router';
import { CatalogSearchSchema } from '../../features/catalog/api.ts';
import { HazardsPage } from '../../features/hazards/hazards-page.tsx';

export const Route = createFileRoute('/_authenticated/hazard-class-mgmt')({
  validateSearch: CatalogSearchSchema,
  component: function HazardsRoute() {
    return <HazardsPage search={Route.useSearch()} />;
  },
});
