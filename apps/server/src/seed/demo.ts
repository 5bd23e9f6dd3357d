import type { Db } from '../db/client.ts';
import type { FileStore } from '../storage/file-store.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoInventories } from './demo-inventories.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoReference } from './demo-reference.ts';

/** Each area's demo data, loaded in order (later seeders may read what earlier ones wrote). */
const DEMO_SEEDERS: ((db: Db, store: FileStore) => Promise<void>)[] = [
  seedDemoAccounts,
  seedDemoReference,
  seedDemoProducts,
  seedDemoInventories,
];

export async function seedDemoData(db: Db, store: FileStore): Promise<void> {
  for (const seed of DEMO_SEEDERS) await seed(db, store);
}
