import { PlaceholderPage } from '../placeholders/placeholder-page.tsx';

/** The Database Entry area (spec 02); a placeholder until its screens are built here. */
export function DatabasePage() {
  return <PlaceholderPage title="Database Entry" />;
}

/** One reference list (spec 02 §2 /database/{type}); a placeholder until its table is built. */
export function DatabaseListPage({ type }: { type: string }) {
  const name = type.toUpperCase();
  return <PlaceholderPage title={name} crumbs={[{ name: 'Database', path: '/database' }, { name }]} />;
}
