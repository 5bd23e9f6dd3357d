import { type FilingItem, REPORT_TYPE_NAMES } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { Button } from '../../components/ui/button.tsx';

/** `2026-02-20` → `02-20-2026`, as the app's tables print days. */
export function tableDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${month}-${day}-${year}`;
}

function utcTime(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

const STATUS_TEXT: Record<FilingItem['status'], string> = {
  late: 'Late',
  undated: 'Due date unknown',
  due: 'Due soon',
  upcoming: 'Upcoming',
  filed: 'Filed',
};

export function filingColumns(actions: {
  onMark: (item: FilingItem) => void;
  onDownloadAgain: (item: FilingItem, report: FilingItem['reports'][number]) => void;
  onUnmark?: (item: FilingItem) => void;
}): ColumnDef<FilingItem>[] {
  return [
    { id: 'customer', header: 'Customer', cell: ({ row }) => row.original.customer_name },
    {
      id: 'facility',
      header: 'Facility',
      cell: ({ row }) => (
        <span>
          {row.original.facility_name}
          {row.original.facility_state ? (
            <span className="text-slate-500"> ({row.original.facility_state})</span>
          ) : null}
        </span>
      ),
    },
    { id: 'year', header: 'Year', cell: ({ row }) => row.original.year },
    { id: 'filing', header: 'Filing', cell: ({ row }) => row.original.obligation_label },
    {
      id: 'due_on',
      header: 'Due',
      cell: ({ row }) =>
        row.original.due_on === null ? (
          // The 302 notification without the day the EHS arrived: what to enter, not a guessed date.
          <span className="text-xs text-amber-800">{row.original.missing ?? 'Not known'}</span>
        ) : (
          <span className="whitespace-nowrap">{tableDay(row.original.due_on)}</span>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span
          className={
            row.original.status === 'late'
              ? 'font-semibold text-red-700'
              : row.original.status === 'due' || row.original.status === 'undated'
                ? 'font-semibold text-amber-700'
                : 'text-slate-700'
          }
        >
          {STATUS_TEXT[row.original.status]}
          {row.original.filing ? ` ${tableDay(row.original.filing.filed_on)}` : ''}
        </span>
      ),
    },
    {
      id: 'reports',
      header: 'Reports generated',
      cell: ({ row }) =>
        row.original.reports.length === 0 ? (
          <span className="text-slate-500">None yet</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {row.original.reports.map((report) => (
              <li key={report.type} className="text-xs">
                <span className="font-medium">{REPORT_TYPE_NAMES[report.type]}</span> (
                {report.format.toUpperCase()}
                ), {utcTime(report.generated_at)}
                {report.generated_by ? ` by ${report.generated_by}` : ''}
                {/* A space, not a margin: copied text and screen readers keep the two words apart. */}
                {report.inventory_changed_since ? (
                  <>
                    {' '}
                    <span className="font-semibold text-amber-700">Inventory changed since</span>
                  </>
                ) : null}{' '}
                <Button
                  variant="link"
                  className="h-auto p-0 text-xs"
                  onClick={() => actions.onDownloadAgain(row.original, report)}
                >
                  Download again
                </Button>
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'filed',
      header: 'Filed',
      cell: ({ row }) => {
        const { filing } = row.original;
        if (!filing)
          return (
            <Button
              variant="secondary"
              aria-label={`Mark as filed: ${row.original.facility_name} ${row.original.year} ${row.original.obligation_label}`}
              onClick={() => actions.onMark(row.original)}
            >
              Mark as filed
            </Button>
          );
        return (
          <div className="text-xs">
            {tableDay(filing.filed_on)}, {filing.method === 't2s' ? '.t2s file' : filing.method}
            {filing.confirmation_number ? `, #${filing.confirmation_number}` : ''}
            {filing.filed_by ? ` (${filing.filed_by})` : ''}
            {actions.onUnmark ? (
              <>
                {' '}
                <Button
                  variant="link"
                  className="h-auto p-0 text-xs"
                  onClick={() => actions.onUnmark?.(row.original)}
                >
                  Take back
                </Button>
              </>
            ) : null}
          </div>
        );
      },
    },
  ];
}
