import { createFileRoute } from '@tanstack/react-router';
import { CatalogSearchSchema } from '../../features/catalog/api.ts';
import { ContainersPage } from '../../features/containers/containers-page.tsx';

export const Route = createFileRoute('/_authenticated/units')({
  validateSearch: CatalogSearchSchema,
  component: function UnitsRoute() {
    return <ContainersPage tab="units" search={Route.useSearch()} />;
  },
});
