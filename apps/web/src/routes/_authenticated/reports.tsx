import { createFileRoute } from '@tanstack/react-router';
import { reportTypesOptions } from '../../features/reports/api.ts';
import { ReportsPage } from '../../features/reports/reports-page.tsx';

export const Route = createFileRoute('/_authenticated/reports')({
  // The type list is fetched with the page, so the Report Type choices are there when it shows.
  loader: ({ context }) => context.queryClient.prefetchQuery(reportTypesOptions),
  component: ReportsPage,
});
