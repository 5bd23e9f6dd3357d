import { createFileRoute } from '@tanstack/react-router';
import { TechniciansPage } from '../../features/technicians/technicians-page.tsx';
import { ListSearchSchema } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/technicians-mgmt')({
  validateSearch: ListSearchSchema,
  component: function TechniciansRoute() {
    return <TechniciansPage search={Route.useSearch()} />;
  },
});
