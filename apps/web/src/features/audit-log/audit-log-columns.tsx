import { AUDIT_ENTITY_LABELS, type AuditLogItem } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';

/** `2026-11-24 05:02:07`: the stored instant in UTC, so every reader sees the same time. */
export function toUtcTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

export function entityLabel(entity: string): string {
  return (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
}

/** "Inventory line Toluene, 2026, Riverbend North Plant": the entity and the name it had then. */
export function recordLabel(item: Pick<AuditLogItem, 'entity' | 'record_name'>): string {
  const entity = entityLabel(item.entity);
  return item.record_name ? `${entity} ${item.record_name}` : entity;
}

/** A recorded value as a person reads it: empty for nothing, lists and objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

function Changes({ item }: { item: AuditLogItem }) {
  const changes = Object.entries(item.changes);
  const details = Object.entries(item.details);
  if (changes.length === 0 && details.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <div className="flex flex-col gap-1">
      {changes.length > 0 ? (
        <ul className="flex flex-col gap-0.5" aria-label="Changed fields">
          {changes.map(([field, change]) => (
            <li key={field} className="break-words">
              <span className="font-medium">{change.label}</span>: {formatValue(change.before)} →{' '}
              {formatValue(change.after)}
            </li>
          ))}
        </ul>
      ) : null}
      {details.length > 0 ? (
        <p className="break-words text-xs text-slate-600">
          {details.map(([key, value]) => `${key}: ${formatValue(value)}`).join('; ')}
        </p>
      ) : null}
    </div>
  );
}

export const auditLogColumns: ColumnDef<AuditLogItem>[] = [
  {
    id: 'created_at',
    header: 'Time (UTC)',
    cell: ({ row }) => <span className="whitespace-nowrap">{toUtcTime(row.original.created_at)}</span>,
    meta: { sortKey: 'created_at' },
  },
  {
    id: 'actor',
    header: 'Actor',
    cell: ({ row }) =>
      row.original.actor ? (
        <div className="flex flex-col">
          <span>{row.original.actor.full_name}</span>
          <span className="text-xs text-slate-600">{row.original.actor.email}</span>
        </div>
      ) : (
        <span className="text-slate-600">No one signed in</span>
      ),
  },
  { id: 'ip_address', header: 'IP', cell: ({ row }) => row.original.ip_address ?? '' },
  {
    id: 'entity',
    header: 'Record',
    cell: ({ row }) => recordLabel(row.original),
    meta: { sortKey: 'entity' },
  },
  { id: 'entity_id', header: 'ID', cell: ({ row }) => row.original.entity_id ?? '' },
  { id: 'action', header: 'Action', cell: ({ row }) => row.original.action, meta: { sortKey: 'action' } },
  {
    id: 'changes',
    header: 'Changes (before → after)',
    cell: ({ row }) => <Changes item={row.original} />,
    meta: { className: 'min-w-[18rem]' },
  },
];
