import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, facilities } from '../src/db/schema/index.ts';
import { searchAny } from '../src/lib/list-query.ts';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * Decision 040: the customers list by facility name takes its page from two walks merged (the
 * rows with a facility along the facilities' name index, the customers without one along their
 * key) instead of one LEFT JOIN sorted whole. Here the list answers, page for page, what the
 * LEFT JOIN answered, under each status rule (decision 003), both directions, with and without a
 * search: names shared by two customers' facilities (ties broken by the customer, then the
 * facility), names differing only in case or accents, customers with no facility, with only
 * archived ones, archived customers with and without facilities. Pages of three cross from the
 * rows with a facility to those without in both directions.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  const customer = async (name: string, isActive = true) => {
    const [row] = await db.insert(customers).values({ name, isActive }).returning();
    return row!.id;
  };
  const facility = (customerId: number, name: string, isActive = true) =>
    db.insert(facilities).values({ customerId, name, isActive });
  const acme = await customer('Acme Chemical');
  await facility(acme, 'Main Plant');
  await facility(acme, 'main plant');
  await facility(acme, 'Old Yard', false);
  const bolt = await customer('Bolt Supply');
  await facility(bolt, 'Main Plant');
  await facility(bolt, 'Annex');
  await facility(bolt, 'Zeta Works', false);
  // Every facility archived: among the active rows with none.
  const crest = await customer('Crest Farms');
  await facility(crest, 'Crème Works', false);
  await facility(crest, 'Main Plant', false);
  await customer('Delta Labs');
  const echo = await customer('Écho Terminal', false);
  await facility(echo, 'Baytown Terminal');
  await facility(echo, 'annex', false);
  await customer('Foxtrot Paint', false);
  const gulf = await customer('Gulf Coast');
  await facility(gulf, 'Año Nuevo');
  await facility(gulf, 'Crème Works');
  await customer('Hotel Main');
  const iris = await customer('Iris Plant', false);
  await facility(iris, 'Zeta Works');
});
afterAll(() => ctx.close());

/** Which rows a status showed, as the LEFT JOIN before decision 040 had them. */
const STATUS_RULES: Record<string, { join: SQL; where: SQL }> = {
  '': { join: sql`true`, where: sql`true` },
  active: { join: sql`${facilities.isActive} = true`, where: sql`${customers.isActive} = true` },
  inactive: {
    join: sql`(${customers.isActive} = false OR ${facilities.isActive} = false)`,
    where: sql`(${customers.isActive} = false OR ${facilities.id} IS NOT NULL)`,
  },
};

/** The customer and facility ids of every row the old statement answers, in its order. */
async function oldRows(status: string, dir: 'asc' | 'desc', search: string | undefined) {
  const rule = STATUS_RULES[status]!;
  const matches = search
    ? sql`(${customers.id} IN (SELECT ${customers.id} FROM ${customers} WHERE ${searchAny(search, [customers.name])})
        OR ${facilities.id} IN (SELECT ${facilities.id} FROM ${facilities} WHERE ${searchAny(search, [facilities.name])}))`
    : sql`true`;
  const result = (await ctx.database.db.execute(sql`
    SELECT ${customers.id} AS customer, ${facilities.id} AS facility FROM ${customers}
    LEFT JOIN ${facilities} ON ${facilities.customerId} = ${customers.id} AND ${rule.join}
    WHERE ${rule.where} AND ${matches}
    ORDER BY lower(${facilities.name}) ${sql.raw(dir)}, ${customers.id}, ${facilities.id}`)) as unknown as {
    rows: { customer: number; facility: number | null }[];
  };
  return result.rows.map((row) => `${row.customer}:${row.facility ?? '-'}`);
}

/** Every row the list answers, every page read. */
async function listRows(query: string) {
  const rows: string[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/customers/list?ipp=3&page=${page}&${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items, meta } = res.json().resource as {
      items: { id: number; facility: { id: number } | null }[];
      meta: { last_page: number; total: number };
    };
    rows.push(...items.map((item) => `${item.id}:${item.facility?.id ?? '-'}`));
    if (page >= meta.last_page) {
      expect(rows.length).toBe(meta.total);
      return rows;
    }
  }
}

const CASES = ['', 'active', 'inactive'].flatMap((status) =>
  (['asc', 'desc'] as const).flatMap((dir) =>
    [undefined, 'ma', 'e', 'works', 'acme', 'creme', 'zzz'].map((search) => ({ status, dir, search })),
  ),
);

describe('the customers list by facility name answers what the LEFT JOIN answered', () => {
  it.each(CASES)('status=$status $dir search=$search: the same rows in the same order', async (c) => {
    const query = [
      `order_by=facility_name&order_dir=${c.dir}`,
      c.status ? `status=${c.status}` : '',
      c.search ? `search=${c.search}` : '',
    ]
      .filter(Boolean)
      .join('&');
    expect(await listRows(query)).toEqual(await oldRows(c.status, c.dir, c.search));
  });

  it('the cases hold rows without a facility and ties of one name, under each status', async () => {
    for (const status of ['', 'active', 'inactive']) {
      const rows = await oldRows(status, 'asc', undefined);
      expect(
        rows.some((row) => row.endsWith(':-')),
        status,
      ).toBe(true);
      expect(rows.length, status).toBeGreaterThan(3);
    }
    const names = (await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${facilities} GROUP BY lower(${facilities.name}) HAVING count(*) > 2`,
    )) as unknown as { rows: unknown[] };
    expect(names.rows.length).toBeGreaterThan(0);
  });
});

describe('the customers’ facility flags follow every write of facilities', () => {
  async function flagsDiffer() {
    const result = (await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM ${customers} c WHERE
        (c.has_facility, c.has_active_facility) IS DISTINCT FROM (
          EXISTS (SELECT 1 FROM ${facilities} f WHERE f.customer_id = c.id),
          EXISTS (SELECT 1 FROM ${facilities} f WHERE f.customer_id = c.id AND f.is_active))`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n;
  }

  it('a facility archived, restored, moved to another customer, added and deleted', async () => {
    const { db } = ctx.database;
    const id = async (name: string) =>
      Number(
        (
          (await db.execute(sql`SELECT id FROM ${customers} WHERE name = ${name}`)) as unknown as {
            rows: { id: number }[];
          }
        ).rows[0]?.id,
      );
    const writes = [
      sql`UPDATE ${facilities} SET is_active = false WHERE name = 'Baytown Terminal'`,
      sql`UPDATE ${facilities} SET is_active = true WHERE name = 'Crème Works' AND customer_id = ${await id('Crest Farms')}`,
      sql`UPDATE ${facilities} SET customer_id = ${await id('Delta Labs')} WHERE name = 'Annex'`,
      sql`INSERT INTO ${facilities} (customer_id, name) VALUES (${await id('Hotel Main')}, 'Hotel Plant')`,
      sql`DELETE FROM ${facilities} WHERE name = 'Zeta Works' AND customer_id = ${await id('Iris Plant')}`,
      sql`UPDATE ${facilities} SET name = 'Renamed Works' WHERE name = 'Old Yard'`,
    ];
    for (const write of writes) {
      await db.execute(write);
      expect(await flagsDiffer()).toBe(0);
      for (const status of ['', 'active', 'inactive'])
        for (const dir of ['asc', 'desc'] as const) {
          const query = [`order_by=facility_name&order_dir=${dir}`, status ? `status=${status}` : '']
            .filter(Boolean)
            .join('&');
          expect(await listRows(query)).toEqual(await oldRows(status, dir, undefined));
        }
    }
  });
});
