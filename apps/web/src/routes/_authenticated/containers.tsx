import { createFileRoute } from '@tanstack/react-router';
import { ContainersPage } from '../../features/containers/containers-page.tsx';
import { ListSearchSchema } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/containers')({
  validateSearch: ListSearchSchema,
  component: function ContainersRoute() {
    return <ContainersPage tab="containers" search={Route.useSearch()} />;
  },
});
