import { PlaceholderPage } from '../placeholders/placeholder-page.tsx';

/** The Reports area (spec 02); a placeholder until its screens are built here. */
export function ReportsPage() {
  return <PlaceholderPage title="Reports" />;
}
