import { createFileRoute } from '@tanstack/react-router';
import { CatalogSearchSchema } from '../../features/catalog/api.ts';
import { ContainersPage } from '../../features/containers/containers-page.tsx';

export const Route = createFileRoute('/_authenticated/containers')({
  validateSearch: CatalogSearchSchema,
  component: function ContainersRoute() {
    return <ContainersPage tab="containers" search={Route.useSearch()} />;
  },
});
