import { FlaskConical } from 'lucide-react';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold text-brand-700 ${className}`}>
      <FlaskConical className="h-7 w-7" aria-hidden />
      <span className="text-xl tracking-tight">ChemTrack</span>
    </span>
  );
}
