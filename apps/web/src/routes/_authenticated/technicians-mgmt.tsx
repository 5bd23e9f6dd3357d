import { createFileRoute } from '@tanstack/react-router';
import { TechniciansSearchSchema } from '../../features/technicians/api.ts';
import { TechniciansPage } from '../../features/technicians/technicians-page.tsx';

export const Route = createFileRoute('/_authenticated/technicians-mgmt')({
  validateSearch: TechniciansSearchSchema,
  component: function TechniciansRoute() {
    return <TechniciansPage search={Route.useSearch()} />;
  },
});
