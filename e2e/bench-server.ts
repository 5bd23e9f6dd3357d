/**
 * The app on a data directory holding the bench's data set (bench/data.ts): among its customers,
 * the report facility of 2,000 lines, which report-preview-pages.spec.ts opens (issue 37). The
 * data set is loaded once into the empty embedded database before the app starts on it; the app
 * then adds its first admin and the reference lists as on any first start.
 */
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadDataSet, type RawClient } from '../bench/data.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('bench-server.ts needs DATA_DIR');
const database = await openDatabase(undefined, dataDir);
await database.migrate();
const client = (database.db as unknown as { $client: RawClient }).$client;
const { rows } = (await client.query('SELECT count(*)::int AS n FROM customers')) as {
  rows: { n: number }[];
};
if (rows[0]?.n === 0) await loadDataSet(client, 0.0001);
await database.close();
await import('../apps/server/src/main.ts');
