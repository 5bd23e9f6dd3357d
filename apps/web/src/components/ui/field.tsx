import * as LabelPrimitive from '@radix-ui/react-label';
import type { ReactNode } from 'react';

/** A labelled form row: label (with * when required), control, and the first error message. */
export function Field({
  id,
  label,
  required,
  error,
  children,
  hint,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <LabelPrimitive.Root htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        ) : null}
      </LabelPrimitive.Root>
      {children}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
