import type { AuditEntity } from '@chemtrack/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { History } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useCan } from '../lib/permissions.ts';

/**
 * The record's audit trail, from its form (issue 12): for admins only, and only for a saved
 * record. Every edit form renders this one link (modal forms through `ModalForm`'s `history`), so
 * the address stays the audit screen's. `onLeave` lets a modal close itself before it goes.
 */
export function HistoryLink({
  entity,
  id,
  onLeave,
}: {
  entity: AuditEntity;
  id: number | undefined;
  onLeave?: (event: MouseEvent<HTMLAnchorElement>, go: () => void) => void;
}) {
  const canRead = useCan('audit-log.read');
  const navigate = useNavigate();
  if (!canRead || id === undefined) return null;
  const search = { entity, entity_id: id };
  return (
    <Link
      to="/audit-log"
      search={search}
      onClick={(event) => onLeave?.(event, () => void navigate({ to: '/audit-log', search }))}
      className="mr-auto inline-flex items-center gap-1 self-center text-sm text-brand-700 underline"
    >
      <History className="h-4 w-4" aria-hidden />
      History
    </Link>
  );
}
