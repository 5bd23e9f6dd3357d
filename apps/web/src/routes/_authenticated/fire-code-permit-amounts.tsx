import { createFileRoute, redirect } from '@tanstack/react-router';
import { permitAmountsOptions } from '../../features/fire-code-permits/api.ts';
import { FireCodePermitsPage } from '../../features/fire-code-permits/fire-code-permits-page.tsx';
import { canNow } from '../../lib/permissions.ts';

export const Route = createFileRoute('/_authenticated/fire-code-permit-amounts')({
  beforeLoad: () => {
    if (!canNow('fire-code-permits.read')) throw redirect({ to: '/inventories' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(permitAmountsOptions()),
  component: FireCodePermitsPage,
});
