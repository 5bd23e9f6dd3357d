import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * One filter above a list (the audit trail's, the filings'): a small label over its control, tied
 * by an id the control receives.
 */
export function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
