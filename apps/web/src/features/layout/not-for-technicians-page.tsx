import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export const NOT_FOR_TECHNICIANS = 'This page is not available to technicians.';

/**
 * A staff page asked for by a technician (issue 33 point 11): said plainly, with the way to their
 * own work, instead of a staff screen's frame whose every call answers 403.
 */
export function NotForTechniciansPage() {
  usePageMeta('Not available', [{ name: 'Not available' }]);
  return (
    <section className="flex flex-col items-start gap-3 rounded-md border border-slate-200 bg-white p-6">
      <h2 className="text-base font-semibold text-slate-900">{NOT_FOR_TECHNICIANS}</h2>
      <p className="text-sm text-slate-600">Your inventories and their lines are on My Inventories.</p>
      <Button asChild>
        <Link to="/my-inventories">Go to My Inventories</Link>
      </Button>
    </section>
  );
}
