import { SDS_STATUS_LABELS, type SdsStatus } from '@chemtrack/domain';
import { cn } from '../../lib/cn.ts';

const STATUS_CLASS: Record<SdsStatus, string> = {
  sds: 'bg-green-100 text-green-800',
  pending: 'bg-slate-100 text-slate-700',
  update: 'bg-red-100 text-red-800 font-bold',
};

/** Spec 02 §4: SDS in green, Pending SDS, and SDS UPDATE REQUIRED (its row is highlighted too). */
export function SdsStatusBadge({ status }: { status: SdsStatus }) {
  return (
    <span className={cn('inline-block rounded px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[status])}>
      {SDS_STATUS_LABELS[status]}
    </span>
  );
}
