import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.ts';
import { multipartBody } from '../../test/uploads.ts';
import { create } from '../seed/factories.ts';
import { facilities, inventories } from './schema/index.ts';

const MIGRATION = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle/0030_inventory_filing_facts.sql',
);
const SAMPLE = fs.readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../test/fixtures/tier2/epcra_tier2_data.xml',
  ),
);

/** The migration's data move: its last statement (the columns before it exist already in a test database). */
function dataMove(): string {
  return fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').at(-1)!;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/**
 * Issue 36, decision 036: before migration 0030 an import kept the file's certifier in the
 * facility's `tier2_extras`. The migration moves it onto the inventory the import wrote (its
 * lines imported and copied from none, the latest such year), split at the first comma, and
 * drops both keys from the extras; a copied year and a facility never imported get nothing.
 */
describe('migration 0030: the certifier moves from the facility onto the imported year', () => {
  it('moves "Debra Monaco, President" and 2020-01-13 onto the 2025 inventory, not the 2026 copy', async () => {
    const { payload, contentType } = multipartBody([
      { filename: 'tier2.xml', contentType: 'text/xml', content: SAMPLE },
    ]);
    const imported = await ctx.call('staff', {
      method: 'POST',
      url: '/tier2/import',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const written = imported.json().resource.written as {
      customer_id: number;
      facility_ids: number[];
      inventory_ids: number[];
    };
    const [facilityId] = written.facility_ids;
    const [year2025] = written.inventory_ids;
    const copy = await ctx.call('admin', {
      method: 'POST',
      url: '/inventories/create',
      payload: {
        year: 2026,
        customer_id: written.customer_id,
        facility_id: facilityId,
        inventory_ids: [year2025],
      },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const year2026 = copy.json().resource.id as number;
    // A facility never imported, whose extras carry a certifier (and a date that is no day).
    const other = await create.inventory(ctx, { year: 2025 });

    // As the import left them before issue 36: the certifier in the extras, none on the inventories.
    const { db } = ctx.database;
    await db
      .update(facilities)
      .set({
        tier2Extras: sql`${facilities.tier2Extras} || '{"nameAndTitleOfCertifier": "Debra Monaco, President", "dateSigned": "2020-01-13"}'::jsonb`,
      })
      .where(eq(facilities.id, facilityId!));
    await db
      .update(facilities)
      .set({
        tier2Extras: sql`'{"nameAndTitleOfCertifier": "Sam Lee", "dateSigned": "January 13, 2020", "notes": "kept"}'::jsonb`,
      })
      .where(eq(facilities.id, other.facilityId));
    await db
      .update(inventories)
      .set({ certifierName: '', certifierTitle: '', dateSigned: null })
      .where(inArray(inventories.id, [year2025!, year2026, other.id]));

    await db.execute(sql.raw(dataMove()));

    const rows = await db
      .select({
        id: inventories.id,
        certifierName: inventories.certifierName,
        certifierTitle: inventories.certifierTitle,
        dateSigned: inventories.dateSigned,
      })
      .from(inventories)
      .where(inArray(inventories.id, [year2025!, year2026, other.id]))
      .orderBy(inventories.id);
    expect(rows).toEqual([
      { id: year2025, certifierName: 'Debra Monaco', certifierTitle: 'President', dateSigned: '2020-01-13' },
      { id: year2026, certifierName: '', certifierTitle: '', dateSigned: null },
      { id: other.id, certifierName: '', certifierTitle: '', dateSigned: null },
    ]);
    const extras = await db
      .select({ id: facilities.id, extras: facilities.tier2Extras })
      .from(facilities)
      .where(inArray(facilities.id, [facilityId!, other.facilityId]))
      .orderBy(facilities.id);
    for (const { extras: kept } of extras) {
      expect(
        Object.keys(kept).filter((key) => key === 'nameAndTitleOfCertifier' || key === 'dateSigned'),
      ).toEqual([]);
    }
    expect(extras.at(-1)?.extras).toEqual({ notes: 'kept' });
  });
});
