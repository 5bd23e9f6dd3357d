import { PlaceholderPage } from '../placeholders/placeholder-page.tsx';

/** The Database Entry area (spec 02); a placeholder until its screens are built here. */
export function DatabasePage() {
  return <PlaceholderPage title="Database Entry" />;
}
