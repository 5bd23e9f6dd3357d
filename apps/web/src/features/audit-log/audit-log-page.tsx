import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AutocompleteItem,
  isoToUsDate,
  usDateToIso,
} from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { FilterField } from '../../components/filter-field.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { type AuditLogSearch, auditLogListOptions, toAuditLogParams } from './api.ts';
import { auditLogColumns, entityLabel } from './audit-log-columns.tsx';

const COMPLETE_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * A day of the date range, typed as MM/DD/YYYY like every date of the app and kept in the URL as
 * the API's yyyy-MM-dd once complete (cleared, it leaves the URL).
 */
function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const [text, setText] = useState(() => (value ? isoToUsDate(value) : ''));
  return (
    <FilterField label={label}>
      {(id) => (
        <DateInput
          id={id}
          className="w-32"
          value={text}
          onChange={(next) => {
            setText(next);
            if (next === '') onChange(undefined);
            else if (COMPLETE_DATE.test(next)) onChange(usDateToIso(next));
          }}
        />
      )}
    </FilterField>
  );
}

/**
 * The audit trail for admins (issue 12): newest first, paged on the server, filtered by entity,
 * record id, actor, action and a range of UTC days. A record's form links here with its entity
 * and id.
 */
export function AuditLogPage({ search }: { search: AuditLogSearch }) {
  usePageMeta('Audit Log', [{ name: 'Audit Log' }]);
  const list = useListState(search);
  const query = useQuery(auditLogListOptions(toAuditLogParams(search)));
  const [actor, setActor] = useState<AutocompleteItem | null>(
    search.actor ? { id: search.actor, name: `User #${search.actor}` } : null,
  );
  const hasFilters = Boolean(
    search.entity || search.entity_id || search.actor || search.action || search.from || search.to,
  );
  const total = query.data?.resource.meta.total;
  // Past the server's count cap the total is PostgreSQL's estimate (decision 014).
  const about = query.data?.resource.meta.total_is_estimate ? ' About' : '';
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">audit log</h2>
        <FilterField label="Entity">
          {(id) => (
            <Select
              id={id}
              className="w-48"
              value={search.entity ?? ''}
              onChange={(event) =>
                list.setFilters({
                  entity: (event.target.value || undefined) as AuditLogSearch['entity'],
                  entity_id: undefined,
                })
              }
            >
              <option value="">All entities</option>
              {AUDIT_ENTITIES.map((entity) => (
                <option key={entity} value={entity}>
                  {entityLabel(entity)}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        <FilterField label="Action">
          {(id) => (
            <Select
              id={id}
              className="w-44"
              value={search.action ?? ''}
              onChange={(event) =>
                list.setFilters({ action: (event.target.value || undefined) as AuditLogSearch['action'] })
              }
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        <FilterField label="Actor" className="w-56">
          {(id) => (
            <PagedPicker
              id={id}
              path="/users/autocomplete-list"
              value={actor}
              placeholder="Anyone"
              onChange={(item) => {
                setActor(item);
                list.setFilters({ actor: item?.id });
              }}
            />
          )}
        </FilterField>
        <DayFilter label="From (UTC)" value={search.from} onChange={(from) => list.setFilters({ from })} />
        <DayFilter label="To (UTC)" value={search.to} onChange={(to) => list.setFilters({ to })} />
        {hasFilters ? (
          <Button
            variant="secondary"
            onClick={() => {
              setActor(null);
              list.setFilters({
                entity: undefined,
                entity_id: undefined,
                actor: undefined,
                action: undefined,
                from: undefined,
                to: undefined,
              });
            }}
          >
            Clear Filters
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        {search.entity && search.entity_id
          ? `History of ${entityLabel(search.entity)} #${search.entity_id}. `
          : ''}
        Times are in UTC.{total === undefined ? '' : `${about} ${total} record${total === 1 ? '' : 's'}.`}
      </p>
      <DataTable label="Audit log" columns={auditLogColumns} {...listTableProps(query, list)} />
    </section>
  );
}
