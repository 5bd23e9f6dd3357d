import { createFileRoute, redirect } from '@tanstack/react-router';
import { Tier2ImportPage } from '../../features/tier2-import/tier2-import-page.tsx';
import { canNow } from '../../lib/permissions.ts';

/** Reports → Import Tier II (issue 25): admins and staff. */
export const Route = createFileRoute('/_authenticated/reports_/tier2-import')({
  beforeLoad: () => {
    if (!canNow('tier2.import')) throw redirect({ to: '/inventories' });
  },
  component: Tier2ImportPage,
});
