import { PlaceholderPage } from '../placeholders/placeholder-page.tsx';

/** The Inventories area (spec 02); a placeholder until its screens are built here. */
export function InventoriesPage() {
  return <PlaceholderPage title="Inventories" />;
}
