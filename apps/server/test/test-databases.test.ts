import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { openTestDatabase } from './helper.ts';

async function rows<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

// The fixed cost of a test file is opening its database: decision 002 copies one migrated template.
describe('test databases', () => {
  it('come from the template the global setup migrated for this run', () => {
    const template = inject('testDatabaseTemplate');
    expect(template?.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('are migrated, with pg_trgm, and each holds only its own rows', async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    try {
      await first.db.execute(
        sql`INSERT INTO users (email, role, first_name, last_name) VALUES ('only@first.test', 'admin', 'Ada', 'First')`,
      );
      expect(await rows(first.db, sql`SELECT email FROM users`)).toEqual([{ email: 'only@first.test' }]);
      expect(await rows(second.db, sql`SELECT email FROM users`)).toEqual([]);

      // The migrations ran once, in the template, and a copy has nothing left to apply.
      const [applied] = await rows<{ n: number }>(
        second.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(applied!.n).toBeGreaterThan(0);
      await second.migrate();
      expect(await rows(second.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).toEqual(
        [applied],
      );

      expect(await rows(second.db, sql`SELECT similarity('ChemTrack', 'ChemTrak') > 0.5 AS close`)).toEqual([
        { close: true },
      ]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
