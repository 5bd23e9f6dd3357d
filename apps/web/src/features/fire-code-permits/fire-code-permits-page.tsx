import {
  FIRE_CODE_FORM_LABELS,
  FIRE_CODE_PLACE_LABELS,
  formatReportCell,
  type PermitAmountResource,
} from '@chemtrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FixedTable } from '../../components/fixed-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError, showApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { toast } from '../../lib/toast.ts';
import { permitAmountKeys, permitAmountsOptions, updatePermitAmount } from './api.ts';

const HEADERS = ['Hazard class', 'Physical state', 'Inside or outside', 'Permit amount', 'Unit', ''];

/** "5", "any amount" for 0, "none" for an empty amount: how the permit report reads them. */
function amountText(amount: number | null): string {
  if (amount === null) return 'none';
  if (amount === 0) return '0 (any amount)';
  return formatReportCell(amount, 'threshold');
}

function AmountEditor({ row, onDone }: { row: PermitAmountResource; onDone: () => void }) {
  const client = useQueryClient();
  const [value, setValue] = useState(row.amount === null ? '' : String(row.amount));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => updatePermitAmount(row.id, { amount: value, updated_at: row.updated_at }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: permitAmountKeys.all });
      toast({ variant: 'success', title: answer.message ?? 'Saved', duration: 3000 });
      onDone();
    },
    onError: (failure) => {
      const message = failure instanceof ApiError ? failure.fieldMessage('amount') : undefined;
      if (message) setError(message);
      else showApiError(failure);
    },
  });
  const id = `permit-amount-${row.id}`;
  const label = `Permit amount of ${row.class_label}, ${FIRE_CODE_FORM_LABELS[row.form].toLowerCase()}, ${FIRE_CODE_PLACE_LABELS[row.place].toLowerCase()}`;
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        save.mutate();
      }}
    >
      <div className="flex flex-col">
        <Input
          id={id}
          aria-label={label}
          inputMode="decimal"
          className="w-32"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" disabled={save.isPending}>
        {save.isPending ? 'Saving changes...' : 'Save Changes'}
      </Button>
      <Button type="button" size="sm" variant="secondary" onClick={onDone}>
        Close
      </Button>
    </form>
  );
}

/**
 * The fire-code permit amounts (issue 23, rules §10): the table the permit report compares the
 * aggregate of each class with, seeded from an IFC-derived table. An admin edits one amount at a
 * time (jurisdictions amend them); staff read them. Empty is "no amount", 0 "any amount".
 */
export function FireCodePermitsPage() {
  usePageMeta('Fire Code Permit Amounts');
  const query = useQuery(permitAmountsOptions());
  const canEdit = useCan('fire-code-permits.update');
  const [editing, setEditing] = useState<number | null>(null);
  const rows = query.data?.resource;
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        A hazardous materials permit is required when the aggregate amount of a class on the property is more
        than its permit amount. Class I liquids (IA, IB, IC) are added up under one amount, Classes II and
        IIIA under another. Liquids in gallons, solids in pounds, gases in cubic feet at NTP. Check the
        amounts against the fire code the jurisdiction adopted.
      </p>
      <FixedTable
        label="Permit amounts"
        headers={HEADERS}
        rows={rows}
        isError={query.isError}
        errorText="The permit amounts could not be loaded."
        skeletonRows={3}
        row={(row) => (
          <tr key={row.id} className="border-t border-slate-100 align-top">
            <td className="px-4 py-3 font-medium">{row.class_label}</td>
            <td className="px-4 py-3">{FIRE_CODE_FORM_LABELS[row.form]}</td>
            <td className="px-4 py-3">{FIRE_CODE_PLACE_LABELS[row.place]}</td>
            <td className="px-4 py-3">
              {editing === row.id ? (
                <AmountEditor row={row} onDone={() => setEditing(null)} />
              ) : (
                amountText(row.amount)
              )}
            </td>
            <td className="px-4 py-3">{row.unit}</td>
            <td className="px-4 py-3">
              {canEdit && editing !== row.id ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${row.class_label}, ${FIRE_CODE_FORM_LABELS[row.form].toLowerCase()}, ${FIRE_CODE_PLACE_LABELS[row.place].toLowerCase()}`}
                  onClick={() => setEditing(row.id)}
                >
                  Edit
                </Button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
