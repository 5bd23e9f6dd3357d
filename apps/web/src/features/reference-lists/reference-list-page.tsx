import {
  REFERENCE_LIST_TYPE_LABEL,
  type RegulatoryEntryResource,
  type RegulatoryListType,
  toTableDate,
} from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { type RegulatoryEntrySearch, referenceListEntriesOptions } from './api.ts';

const pounds = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US'));

const NAME_AND_CAS: ColumnDef<RegulatoryEntryResource>[] = [
  {
    id: 'chemical_name',
    header: 'Chemical Name',
    cell: ({ row }) => row.original.chemical_name,
    meta: { sortKey: 'chemical_name' },
  },
  {
    id: 'cas_number',
    header: 'CAS #',
    // A category code (N230) stands where a chemical has its CAS number.
    cell: ({ row }) => row.original.cas_number || row.original.category,
    meta: { sortKey: 'cas_number' },
  },
];

const THRESHOLD: ColumnDef<RegulatoryEntryResource> = {
  id: 'threshold_quantity_lbs',
  header: 'Threshold Quantity',
  // A dual EHS TPQ shows as the list writes it ("500/10,000").
  cell: ({ row }) =>
    row.original.threshold_quantity_upper_lbs !== null && row.original.tpq_text
      ? row.original.tpq_text
      : pounds(row.original.threshold_quantity_lbs),
  meta: { sortKey: 'threshold_quantity_lbs' },
};

/**
 * Spec 02 §2 "/database/{type}": every type shows Chemical Name and CAS #; cercla adds the Final
 * Reportable Quantity, rmp the Condition and Threshold Quantity, the default (psm, ehs) the
 * Threshold Quantity. 313, named apart from the default, has no threshold to add.
 */
export function referenceListColumns(type: RegulatoryListType): ColumnDef<RegulatoryEntryResource>[] {
  if (type === '313') return NAME_AND_CAS;
  if (type === 'cercla') {
    return [
      ...NAME_AND_CAS,
      {
        id: 'final_reportable_quantity_lb',
        header: 'Final Reportable Quantity',
        cell: ({ row }) => pounds(row.original.final_reportable_quantity_lb),
        meta: { sortKey: 'final_reportable_quantity_lb' },
      },
    ];
  }
  if (type === 'rmp') {
    return [
      ...NAME_AND_CAS,
      {
        id: 'condition',
        header: 'Condition',
        cell: ({ row }) => row.original.condition,
        meta: { sortKey: 'condition' },
      },
      THRESHOLD,
    ];
  }
  return [...NAME_AND_CAS, THRESHOLD];
}

/**
 * One reference list, read-only (spec 02 §2 "/database/{type}" and "Reference database lists"):
 * Back, the search box, when and by whom it was last uploaded, and its table.
 */
export function ReferenceListPage({
  type,
  search,
}: {
  type: RegulatoryListType;
  search: RegulatoryEntrySearch;
}) {
  const label = REFERENCE_LIST_TYPE_LABEL(type);
  usePageMeta(label, [{ name: 'Database', path: '/database' }, { name: label }]);
  const list = useListState(search);
  const query = useQuery(referenceListEntriesOptions(type, toListParams(search)));
  const columns = useMemo(() => referenceListColumns(type), [type]);
  const info = query.data?.resource.lastUploadInfo;
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/database" className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back
          </Link>
          <SearchInput
            label="Search Chemical by name"
            placeholder="Search Chemical by name"
            value={list.search}
            onChange={list.setSearch}
          />
        </div>
        <p className="text-sm text-slate-700" data-testid="last-upload-info">
          {info ? (
            <>
              updated at <span className="font-medium">{toTableDate(info.updated_at)}</span>
              {' / '}updated by{' '}
              <span className="font-medium">{info.user?.profile.full_name ?? 'ChemTrack (sample list)'}</span>
            </>
          ) : (
            'No list uploaded yet'
          )}
        </p>
      </div>
      <DataTable label={`${label} list`} columns={columns} {...listTableProps(query, list)} />
    </section>
  );
}
