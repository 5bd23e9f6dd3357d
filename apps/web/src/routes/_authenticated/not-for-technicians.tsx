import { createFileRoute } from '@tanstack/react-router';
import { NotForTechniciansPage } from '../../features/layout/not-for-technicians-page.tsx';

/** Where a technician lands from a staff address (issue 33 point 11). */
export const Route = createFileRoute('/_authenticated/not-for-technicians')({
  component: NotForTechniciansPage,
});
