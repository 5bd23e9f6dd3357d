import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** The native select, styled like the inputs: a short fixed list of choices. */
export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <select
      ref={ref}
      className={cn(
        'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-100 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-500',
        className,
      )}
      {...props}
    />
  );
}
