import { cn } from '../../lib/cn.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('h-4 animate-pulse rounded bg-slate-200', className)} />;
}
