import { type Crumb, usePageMeta } from '../../lib/page-meta.ts';

/** Areas whose screens are still to come show their title and a short note. */
export function PlaceholderPage({ title, crumbs }: { title: string; crumbs?: Crumb[] }) {
  usePageMeta(title, crumbs);
  return (
    <section className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-800">{title}</h2>
      <p className="mt-2 text-sm text-slate-500">This area is being built.</p>
    </section>
  );
}
