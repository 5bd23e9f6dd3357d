import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuditLogSearchSchema, auditLogListOptions, toAuditLogParams } from '../../features/audit-log/api.ts';
import { AuditLogPage } from '../../features/audit-log/audit-log-page.tsx';
import { prefetchList } from '../../lib/list-search.ts';
import { canNow } from '../../lib/permissions.ts';

export const Route = createFileRoute('/_authenticated/audit-log')({
  validateSearch: AuditLogSearchSchema,
  loaderDeps: ({ search }) => search,
  beforeLoad: () => {
    if (!canNow('audit-log.read')) throw redirect({ to: '/inventories' });
  },
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, auditLogListOptions(toAuditLogParams(deps))),
  component: function AuditLogRoute() {
    return <AuditLogPage search={Route.useSearch()} />;
  },
});
