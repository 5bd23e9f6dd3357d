import {
  compliance,
  PREVIEW_PAGE_SIZE,
  type ReportInfoGroup,
  type ReportPreviewDocument,
  type ReportRequestValues,
  type ReportWarning,
  toTableDate,
} from '@chemtrack/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { SearchInput } from '../../components/search-input.tsx';
import { fetchPreviewList, type PreviewPartBase, reportKeys } from './api.ts';
import { PreviewTable } from './preview-table.tsx';
import { PreviewPartError } from './query-lines.tsx';
import { lineLink, warningLink, worklistLink } from './report-links.ts';
import { ShowMore } from './show-more.tsx';
import { YearChanges } from './year-changes.tsx';

/**
 * Issue 11 "Preview and explain": the report as it will be filed, under the form, before the
 * download. Each figure opens the inventory lines it came from, with links to fix them.
 */
export function ReportPreview({
  report,
  request,
}: {
  report: ReportPreviewDocument;
  request: ReportRequestValues;
}) {
  // Issue 37: the tables' further pages, explanations and warnings are asked of this drawing.
  const part: PreviewPartBase = { ...request, version: report.version };
  const [search, setSearch] = useState('');
  return (
    <section
      aria-labelledby="report-preview-title"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <header className="flex flex-col gap-1">
        <h2 id="report-preview-title" className="text-lg font-semibold text-slate-900">
          {report.title}
        </h2>
        <p className="text-sm text-slate-600">
          {report.customer.name} · {report.facility.name}
          {report.facility.address ? `, ${report.facility.address}` : ''} · {report.year}
        </p>
        {report.header.length > 0 ? (
          <dl
            aria-label="Report settings"
            className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700"
          >
            {report.header.map((item) => (
              <div key={item.label} className="contents">
                <dt className="font-medium text-slate-800">{item.label}</dt>
                {item.label === compliance.UNVERIFIED_HEADER_LABEL ? (
                  <dd className="font-medium text-amber-900">
                    <UnverifiedLinks report={report} />
                  </dd>
                ) : (
                  <dd>{item.value}</dd>
                )}
              </div>
            ))}
          </dl>
        ) : null}
      </header>
      {report.is_screening ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Screening:</span> some figures stand in for data the rule needs (see
          the notes); file them only after checking.
        </p>
      ) : null}
      <p className="text-sm text-slate-800">{report.rule}</p>
      {report.notes.length > 0 ? (
        <ul aria-label="Notes" className="list-disc pl-5 text-sm text-slate-700">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {report.lists_used.length > 0 ? (
        <div className="text-sm text-slate-700">
          <h3 className="font-medium text-slate-800">Reference lists used</h3>
          <ul className="list-disc pl-5">
            {report.lists_used.map((list) => (
              <li key={list.list_type}>
                {list.label}:{' '}
                {list.uploaded_at ? `uploaded ${toTableDate(list.uploaded_at)}` : 'never uploaded'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.tables.some((table) => table.row_count > 0) ? (
        <SearchInput label="Search this report's rows" value={search} onChange={setSearch} />
      ) : null}
      {report.tables.map((table) => (
        <PreviewTable
          key={table.key}
          table={table}
          inventoryId={report.inventory_id}
          part={part}
          search={search}
        />
      ))}
      {/* Where the Tier II PDF prints it: after the tables, before the warnings (issue 36). */}
      {report.type === 'epcra_311_312_tier2' ? <YearChanges report={report} /> : null}
      <Warnings report={report} part={part} />
      <InfoGroups report={report} part={part} />
    </section>
  );
}

/** "3 lines carried over from 2025 not yet checked; 1 open question", each count opening its lines. */
function UnverifiedLinks({ report }: { report: ReportPreviewDocument }) {
  return report.unverified.map((group, index) => (
    <Fragment key={group.code}>
      {index > 0 ? '; ' : null}
      <Link {...worklistLink(report.inventory_id, group.worklist)} className="underline">
        {group.text}
      </Link>
    </Fragment>
  ));
}

/**
 * Data the engine could not use, each naming the line to fix (a list warning names none); the
 * unverified lines' warnings open the line list filtered to them.
 */
function Warnings({ report, part }: { report: ReportPreviewDocument; part: PreviewPartBase }) {
  const inventoryId = report.inventory_id;
  const list = usePreviewList<ReportWarning>('warnings', part, report.warnings, report.warning_count);
  if (report.warning_count === 0) return null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <h3 className="font-semibold">Warnings ({count(report.warning_count)})</h3>
      <ul aria-label="Warnings" className="mt-1 flex flex-col gap-1">
        {list.items.map((warning, index) => (
          // The same line can carry the same code twice (two components): the index keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {warning.message}{' '}
            {compliance.isUnverifiedCode(warning.code) ? (
              <Link
                {...worklistLink(inventoryId, compliance.UNVERIFIED_WORKLISTS[warning.code])}
                className="text-brand-700 underline"
              >
                Show these lines
              </Link>
            ) : null}
            {warning.inventory_product_id === null ? null : (
              <Link
                {...warningLink(inventoryId, warning.inventory_product_id, warning)}
                className="text-brand-700 underline"
              >
                Fix {warning.product_name}
                {warning.location_stored ? ` at ${warning.location_stored}` : ''}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {list.error ? <PreviewPartError error={list.error} request={part} /> : null}
      <ShowMore
        shown={list.items.length}
        total={report.warning_count}
        what="warnings"
        onMore={list.more}
        pending={list.pending}
      />
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** A line holding the CAS twice (two components) is named twice: its second key counts it apart. */
function keyedLines(lines: ReportInfoGroup['lines']) {
  const seen = new Map<number, number>();
  return lines.map((line) => {
    const times = (seen.get(line.inventory_product_id) ?? 0) + 1;
    seen.set(line.inventory_product_id, times);
    return { key: `${line.inventory_product_id}-${times}`, line };
  });
}

/**
 * Information warnings (water on no list), one entry per code and CAS with its count of lines
 * and links to the first ones (issue 24): a facility has thousands, which nobody reads one by one.
 * The heading counts warnings, as the Warnings heading does, so the two add up to the engine's.
 */
function InfoGroups({ report, part }: { report: ReportPreviewDocument; part: PreviewPartBase }) {
  const inventoryId = report.inventory_id;
  const groups = report.info_group_count;
  const total = report.info_warning_count;
  const list = usePreviewList<ReportInfoGroup>('info-groups', part, report.info_groups, groups);
  if (groups === 0) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      <h3 className="font-semibold">
        Information ({count(total)} {total === 1 ? 'warning' : 'warnings'} in {count(groups)}{' '}
        {groups === 1 ? 'group' : 'groups'})
      </h3>
      <ul aria-label="Information" className="mt-1 flex flex-col gap-1">
        {list.items.map((group) => (
          <li key={`${group.code} ${group.cas_number}`}>
            {`${group.component_name} ${group.cas_number}`.trim()}: {group.message} — {count(group.count)}{' '}
            {group.count === 1 ? 'line' : 'lines'}:{' '}
            {keyedLines(group.lines).map(({ key, line }, index) => (
              <Fragment key={key}>
                {index > 0 ? '; ' : null}
                <Link
                  {...lineLink(inventoryId, line.inventory_product_id)}
                  className="text-brand-700 underline"
                >
                  {line.product_name}
                  {line.location_stored ? ` at ${line.location_stored}` : ''}
                </Link>
              </Fragment>
            ))}
            {group.count > group.lines.length
              ? `; and ${count(group.count - group.lines.length)} more`
              : null}
          </li>
        ))}
      </ul>
      {list.error ? <PreviewPartError error={list.error} request={part} /> : null}
      <ShowMore
        shown={list.items.length}
        total={groups}
        what="groups"
        onMore={list.more}
        pending={list.pending}
      />
    </div>
  );
}

/**
 * The warnings or the groups a page at a time (issue 37): the first answer's page, then each
 * further page asked of the same drawing when "Show more" is pressed.
 */
function usePreviewList<Item>(
  list: 'warnings' | 'info-groups',
  part: PreviewPartBase,
  first: Item[],
  total: number,
) {
  const query = useInfiniteQuery({
    queryKey: reportKeys.part(`/report/preview/${list}`, part),
    queryFn: async ({ pageParam, signal }) =>
      (await fetchPreviewList<Item>(list, { ...part, page: pageParam, ipp: PREVIEW_PAGE_SIZE }, signal))
        .resource.items,
    initialPageParam: 1,
    getNextPageParam: (_last, pages) =>
      pages.length * PREVIEW_PAGE_SIZE < total ? pages.length + 1 : undefined,
    initialData: { pages: [first], pageParams: [1] },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });
  return {
    items: query.data.pages.flat(),
    more: () => void query.fetchNextPage(),
    pending: query.isFetchingNextPage,
    error: query.error,
  };
}
