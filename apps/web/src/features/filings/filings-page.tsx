import {
  type AutocompleteItem,
  FILING_STATUS_LABELS,
  FILING_STATUSES,
  type FilingItem,
} from '@chemtrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { FilterField } from '../../components/filter-field.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { api, showApiError } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { toast } from '../../lib/toast.ts';
import { useListState } from '../../lib/use-list-state.ts';
import {
  exportFilings,
  type FilingSearch,
  filingKeys,
  filingListOptions,
  toFilingParams,
  unmarkFiling,
} from './api.ts';
import { filingColumns } from './filings-columns.tsx';
import { MarkFiledDialog } from './mark-filed-dialog.tsx';

/**
 * Filings (issue 36): every facility-year's Tier II, TRI, SPCC review and EPCRA 302 notification with its due date, late
 * ones first and in red, the reports generated for it and whether it was filed, marked here.
 * Filtered by customer, state, due month and status; the list exports as CSV.
 */
export function FilingsPage({ search }: { search: FilingSearch }) {
  usePageMeta('Filings', [{ name: 'Filings' }]);
  const list = useListState(search);
  const queryClient = useQueryClient();
  const canUnmark = useCan('filings.delete');
  const query = useQuery(filingListOptions(toFilingParams(search)));
  const [marking, setMarking] = useState<FilingItem | null>(null);
  const [customer, setCustomer] = useState<AutocompleteItem | null>(
    search.customer_id ? { id: search.customer_id, name: `Customer #${search.customer_id}` } : null,
  );
  const exporting = useMutation({
    mutationFn: () => exportFilings(search),
    meta: { handlesErrors: true },
    onSuccess: (file) => saveBlob(file.blob, file.filename ?? 'filings.csv'),
    onError: showApiError,
  });
  const again = useMutation({
    mutationFn: ({ item, report }: { item: FilingItem; report: FilingItem['reports'][number] }) =>
      api.downloadPost('/report/generate', {
        type: report.type,
        format: report.format || undefined,
        customer_id: item.customer_id,
        facility_id: item.facility_id,
        year: item.year,
        percent_basis: report.percent_basis ?? undefined,
        tier2_option: report.tier2_option ?? undefined,
      }),
    meta: { handlesErrors: true },
    onSuccess: async (file) => {
      saveBlob(file.blob, file.filename ?? 'report');
      await queryClient.invalidateQueries({ queryKey: filingKeys.all });
    },
    onError: showApiError,
  });
  const unmark = useMutation({
    mutationFn: (item: FilingItem) => unmarkFiling(item.filing?.id ?? 0),
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      toast({ variant: 'success', title: result.message });
      await queryClient.invalidateQueries({ queryKey: filingKeys.all });
    },
    onError: showApiError,
  });
  const columns = filingColumns({
    onMark: setMarking,
    onDownloadAgain: (item, report) => again.mutate({ item, report }),
    ...(canUnmark ? { onUnmark: (item: FilingItem) => unmark.mutate(item) } : {}),
  });
  const total = query.data?.resource.meta.total;
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">filings</h2>
        <FilterField label="Customer" className="w-56">
          {(id) => (
            <PagedPicker
              id={id}
              path="/customers/autocomplete-list"
              value={customer}
              placeholder="All customers"
              onChange={(item) => {
                setCustomer(item);
                list.setFilters({ customer_id: item?.id });
              }}
            />
          )}
        </FilterField>
        <FilterField label="State">
          {(id) => (
            <Input
              id={id}
              className="w-20"
              maxLength={2}
              placeholder="Any"
              defaultValue={search.state ?? ''}
              onChange={(event) => {
                const value = event.target.value.trim().toUpperCase();
                if (value === '' || value.length === 2) list.setFilters({ state: value || undefined });
              }}
            />
          )}
        </FilterField>
        <FilterField label="Due month">
          {(id) => (
            <Input
              id={id}
              type="month"
              className="w-44"
              value={search.due_month ?? ''}
              onChange={(event) => list.setFilters({ due_month: event.target.value || undefined })}
            />
          )}
        </FilterField>
        <FilterField label="Status">
          {(id) => (
            <Select
              id={id}
              className="w-48"
              value={search.status ?? 'open'}
              onChange={(event) => list.setFilters({ status: event.target.value as FilingSearch['status'] })}
            >
              <option value="open">Not filed</option>
              {FILING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {FILING_STATUS_LABELS[status]}
                </option>
              ))}
              <option value="all">All</option>
            </Select>
          )}
        </FilterField>
        <Button variant="secondary" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
          {exporting.isPending ? 'Exporting…' : 'Export'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Tier II is due 1 March and TRI Form R 1 July of the year after the inventory; an SPCC plan is reviewed
        at least every five years; the EPCRA 302 notification 60 days after an EHS first reaches its TPQ
        (shown in that year). TRI and the SPCC review show once their report is generated for the year.
        {total === undefined ? '' : ` ${total} filing${total === 1 ? '' : 's'}.`}
      </p>
      <DataTable label="Filings" columns={columns} {...listTableProps(query, list)} />
      {marking ? <MarkFiledDialog item={marking} onClose={() => setMarking(null)} /> : null}
    </section>
  );
}
