import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 p-4">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-lg">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <h1 className="mb-6 text-center text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/**
 * The foot of the password forms (forgot, set): the submit button, disabled while the form is
 * invalid or saving (spec 01 §4) and saying what it does meanwhile, and the link back to Login.
 */
export function PublicFormActions({
  label,
  busyLabel,
  isSubmitting,
  isValid,
}: {
  label: string;
  busyLabel: string;
  isSubmitting: boolean;
  isValid: boolean;
}) {
  return (
    <>
      <Button type="submit" disabled={isSubmitting || !isValid} className="w-full">
        {isSubmitting ? busyLabel : label}
      </Button>
      <Link to="/login" className="text-center text-sm font-medium text-brand-700 hover:underline">
        Login
      </Link>
    </>
  );
}
