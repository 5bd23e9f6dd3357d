import { createFileRoute, redirect } from '@tanstack/react-router';
import { BackupsPage } from '../../features/backups/backups-page.tsx';
import { canNow } from '../../lib/permissions.ts';

/** Issue 32: an admin's page, as the audit trail is (backups hold every record and file). */
export const Route = createFileRoute('/_authenticated/backups')({
  beforeLoad: () => {
    if (!canNow('backups.read')) throw redirect({ to: '/inventories' });
  },
  component: BackupsPage,
});
