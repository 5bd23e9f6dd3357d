import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/reports/reports-page.tsx';

export const Route = createFileRoute('/_authenticated/reports')({
  component: ReportsPage,
});
