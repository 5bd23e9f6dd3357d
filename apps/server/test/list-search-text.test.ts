import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  facilities,
  inventories,
  inventoryTechnicians,
  products,
  users,
} from '../src/db/schema/index.ts';
import { matchesSearch, searchAny } from '../src/lib/list-query.ts';
import { addressBody, create, customerBody, inventoryBody, technicianBody } from '../src/seed/factories.ts';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * Decision 038: the inventories list searches `inventories.search_text` and sorts by the stored
 * `technician_names`, both kept by the database's triggers. Here the list answers, page for page,
 * what the search and the sort it replaced answered (the OR over the customer's, the facility's and
 * each technician's name and the year's text; a `string_agg` per row), on names with accents,
 * capitals, LIKE wildcards, leading spaces and shared words, for terms that end at, start at or
 * span the boundary between two names; and every write that changes a name it holds is seen.
 */
let ctx: TestContext;
const CUSTOMERS = [
  'Acme Chemical',
  'Tomás Ríos Farms',
  'ÉCOLE Supply',
  'gulf  coast',
  '50% Solutions',
  'Under_score Co',
];
const FACILITIES = [
  'Plant North',
  'Baytown Terminal',
  'Crème Works',
  ' Leading Space',
  'Año Nuevo',
  'Chemical Plant',
];
const TECHNICIANS: [string, string][] = [
  ['Ann', 'Lee'],
  ['José', 'Núñez'],
  ['bo', 'ray'],
  ['Lee', 'Ann'],
];

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  const customerIds = [];
  for (const name of CUSTOMERS) customerIds.push((await create.customer(ctx, { name })).id);
  const facilityIds = [];
  for (const [n, name] of FACILITIES.entries())
    facilityIds.push(
      (await create.facility(ctx, { name, customer_id: customerIds[n % customerIds.length] })).id,
    );
  const technicianIds = [];
  for (const [first_name, last_name] of TECHNICIANS)
    technicianIds.push((await create.technician(ctx, { first_name, last_name })).id);
  // Every customer with every facility over a few years; technicians none, one or two.
  let n = 0;
  for (const customerId of customerIds)
    for (const facilityId of facilityIds) {
      n++;
      const assigned = [technicianIds[n % 4], technicianIds[(n * 3) % 4]].slice(0, n % 3);
      await db.execute(sql`
        WITH inventory AS (
          INSERT INTO inventories (customer_id, facility_id, year, updated_at)
          VALUES (${customerId}, ${facilityId}, ${2019 + (n % 7)}, timestamptz '2026-01-01' + ${n % 5} * interval '1 day')
          RETURNING id)
        INSERT INTO inventory_technicians (inventory_id, user_id)
        SELECT DISTINCT inventory.id, u FROM inventory, unnest(${`{${assigned.join(',')}}`}::int[]) AS u`);
    }
});
afterAll(() => ctx.close());

/** The search the list ran before decision 038, verbatim. */
function oldSearch(search: string): SQL | undefined {
  return sql`(${searchAny(search, [customers.name, facilities.name, sql`${inventories.year}::text`])} OR EXISTS (
    SELECT 1 FROM ${inventoryTechnicians} JOIN ${users} ON ${users.id} = ${inventoryTechnicians.userId}
    WHERE ${inventoryTechnicians.inventoryId} = ${inventories.id}
      AND ${matchesSearch(sql`(${users.firstName} || ' ' || ${users.lastName})`, search)}))`;
}

/** The technicians' names as the list made them before decision 038, per row. */
const oldTechnicianNames = sql`coalesce((
  SELECT string_agg(${users.firstName} || ' ' || ${users.lastName}, ', '
    ORDER BY lower(${users.firstName} || ' ' || ${users.lastName}), ${users.id})
  FROM ${inventoryTechnicians} JOIN ${users} ON ${users.id} = ${inventoryTechnicians.userId}
  WHERE ${inventoryTechnicians.inventoryId} = ${inventories.id}), '')`;

async function rowsOf<Row = Record<string, unknown>>(query: SQL): Promise<Row[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The ids the old statement answers, in the list's default order (newest first, then by id). */
async function oldIds(where: SQL | undefined, order: SQL | AnyColumn = sql`${inventories.updatedAt} DESC`) {
  const rows = await rowsOf<{ id: number }>(sql`
    SELECT ${inventories.id} AS id FROM ${inventories}
    JOIN ${customers} ON ${customers.id} = ${inventories.customerId}
    JOIN ${facilities} ON ${facilities.id} = ${inventories.facilityId}
    ${where ? sql`WHERE ${where}` : sql``}
    ORDER BY ${order}, ${inventories.id}`);
  return rows.map((row) => Number(row.id));
}

/** Every id the list answers for the query, every page read. */
async function listIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/list?ipp=10&page=${page}&${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items, meta } = res.json().resource as { items: { id: number }[]; meta: { last_page: number } };
    ids.push(...items.map((item) => item.id));
    if (page >= meta.last_page) return ids;
  }
}

const TERMS = [
  // one and two characters: the start of a name or of a word in it
  'a',
  'A',
  'l',
  'p',
  'c',
  'n',
  '2',
  '9',
  'ac',
  'Pl',
  'no',
  'NO',
  'le',
  'jo',
  'ra',
  'an',
  'sp',
  'co',
  '20',
  '19',
  '50',
  'ñu',
  'nu',
  'ec',
  'ÉC',
  'cr',
  '_s',
  'r_',
  '%',
  '5%',
  'ay',
  // three and more: anywhere in one name
  'ann',
  'lee',
  'Ann Lee',
  'José',
  'jose',
  'NÚÑEZ',
  'nunez',
  'bo ray',
  'rios',
  'Ríos',
  'école',
  'ecole',
  'creme',
  'crème',
  'Año',
  'ano',
  'nuevo',
  'plant',
  'chemical',
  'Chemical Plant',
  '2024',
  '202',
  '019',
  'gulf  coast',
  'gulf coast',
  '50%',
  '0% S',
  'r_s',
  'der_',
  'ing Sp',
  ' Leading',
  'Leading Space',
  'al Plant',
  // across two names (none of them matched before, and none may now)
  'Chemical Plant North',
  'Farms Plant',
  'l Plant N',
  'Co Plant',
  'North 2019',
  'Lee José',
  'Lee, bo',
  'ray Ann',
  'Supply Crème',
  'ical Baytown',
  'zzz',
];

describe('the inventories search text answers what the OR over four tables answered', () => {
  it.each(TERMS)('search=%j: the same inventories in the same order', async (term) => {
    // The route trims the term (the list query's schema); the old statement got it trimmed too.
    const expected = await oldIds(oldSearch(term.trim()));
    expect(await listIds(`search=${encodeURIComponent(term)}`)).toEqual(expected);
  });

  it('the terms test both outcomes: most find something, the cross-boundary ones nothing', async () => {
    const across = TERMS.slice(TERMS.indexOf('Chemical Plant North'));
    let found = 0;
    for (const term of TERMS) {
      const ids = await oldIds(oldSearch(term.trim()));
      if (across.includes(term)) expect(ids, term).toEqual([]);
      else if (ids.length > 0) found++;
    }
    expect(found).toBeGreaterThanOrEqual(50);
  });

  it.each(['asc', 'desc'])(
    'by technician names %s: the order and the names the string_agg made',
    async (dir) => {
      const expected = await oldIds(undefined, sql`lower(${oldTechnicianNames}) ${sql.raw(dir)}`);
      expect(await listIds(`order_by=technician_names&order_dir=${dir}`)).toEqual(expected);
      const rows = await rowsOf(
        sql`SELECT count(*)::int AS n FROM ${inventories} WHERE ${inventories.technicianNames} <> ${oldTechnicianNames}`,
      );
      expect(rows[0]).toEqual({ n: 0 });
    },
  );
});

describe('every write that changes a name the search text holds is seen by the search', () => {
  async function found(term: string) {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/list?ipp=100&search=${encodeURIComponent(term)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().resource.items as { id: number; technician__names: string }[]).map((item) => item.id);
  }

  it('a new inventory, its technicians, its update, and renames of its customer, facility and technician', async () => {
    const customer = await create.customer(ctx, { name: 'Quillon Paints' });
    const facility = await create.facility(ctx, { name: 'Vexford Depot', customer_id: customer.id });
    const other = await create.facility(ctx, { name: 'Wexley Yard', customer_id: customer.id });
    const tech = await create.technician(ctx, { first_name: 'Yusra', last_name: 'Kaplan' });
    const created = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: inventoryBody({
        customer_id: customer.id,
        facility_id: facility.id,
        year: 2017,
        technician_ids: [tech.id],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().resource as { id: number }).id;
    for (const term of ['quillon', 'vexford', 'yusra kaplan', '2017', 'Yu'])
      expect(await found(term)).toEqual([id]);

    // The customer renamed through its own route (the service's update).
    const renamed = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${customer.id}/update`,
      payload: customerBody({ name: 'Zorvane Coatings', address: addressBody() }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('quillon')).toEqual([]);
    expect(await found('zorvane')).toEqual([id]);

    // The facility renamed, and the technician renamed, by any writer.
    await ctx.database.db.execute(sql`UPDATE facilities SET name = 'Ombrage Site' WHERE id = ${facility.id}`);
    expect(await found('vexford')).toEqual([]);
    expect(await found('ombrage')).toEqual([id]);
    const user = await ctx.call('admin', {
      method: 'PATCH',
      url: `/technicians/${tech.id}/update`,
      payload: technicianBody({ first_name: 'Yusra', last_name: 'Brandt' }),
    });
    expect(user.statusCode, user.body).toBe(200);
    expect(await found('kaplan')).toEqual([]);
    expect(await found('yusra brandt')).toEqual([id]);

    // The inventory moved to another facility and year, its technician taken off.
    const updated = await ctx.call('staff', {
      method: 'PATCH',
      url: `/inventories/${id}/update`,
      payload: inventoryBody({
        customer_id: customer.id,
        facility_id: other.id,
        year: 2016,
        technician_ids: [],
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await found('ombrage')).toEqual([]);
    expect(await found('2017')).toEqual([]);
    expect(await found('yusra')).toEqual([]);
    expect(await found('wexley')).toEqual([id]);
    expect(await found('2016')).toEqual([id]);
    const [row] = await ctx.database.db
      .select({ names: inventories.technicianNames, text: inventories.searchText })
      .from(inventories)
      .where(sql`${inventories.id} = ${id}`);
    expect(row).toEqual({ names: '', text: 'zorvane coatings\u001f wexley yard\u001f 2016' });
  });
});

/**
 * Decision 040: the products list searches `products.search_text` (the name and the
 * manufacturer's, generated by the database) in place of the OR of the two names through
 * f_unaccent. The same terms, on product names and manufacturers made of the names above.
 */
describe('the products search text answers what the OR of the two names answered', () => {
  const NAMES = [...CUSTOMERS, ...TECHNICIANS.map(([first, last]) => `${first} ${last}`)];

  beforeAll(async () => {
    let n = 0;
    for (const name of NAMES)
      for (const mfgName of FACILITIES) {
        n++;
        await ctx.database.db.execute(sql`
          INSERT INTO ${products} (name, mfg_name, updated_at)
          VALUES (${name}, ${mfgName}, timestamptz '2026-01-01' + ${n % 5} * interval '1 day')`);
      }
  });

  async function oldProductIds(search: string) {
    const rows = await rowsOf<{ id: number }>(sql`
      SELECT ${products.id} AS id FROM ${products}
      WHERE ${searchAny(search, [products.name, products.mfgName])}
      ORDER BY ${products.updatedAt} DESC, ${products.id}`);
    return rows.map((row) => Number(row.id));
  }

  async function productIds(search: string) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await ctx.call('staff', {
        method: 'GET',
        url: `/products/list?ipp=10&page=${page}&search=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { items, meta } = res.json().resource as { items: { id: number }[]; meta: { last_page: number } };
      ids.push(...items.map((item) => item.id));
      if (page >= meta.last_page) return ids;
    }
  }

  it.each(TERMS)('search=%j: the same products in the same order', async (term) => {
    expect(await productIds(term)).toEqual(await oldProductIds(term.trim()));
  });

  it('most terms find a product, the ones across the two names none; a rename by any writer is seen', async () => {
    let found = 0;
    for (const term of TERMS) if ((await oldProductIds(term.trim())).length > 0) found++;
    expect(found).toBeGreaterThanOrEqual(40);
    expect(await productIds('Acme Chemical Plant North')).toEqual([]);
    expect(await productIds('Chemical Baytown')).toEqual([]);
    await ctx.database.db.execute(
      sql`UPDATE ${products} SET mfg_name = 'Zéphyr Works' WHERE name = 'bo ray' AND mfg_name = 'Año Nuevo'`,
    );
    const [row] = await rowsOf<{ id: number; text: string }>(
      sql`SELECT id, search_text AS text FROM ${products} WHERE mfg_name = 'Zéphyr Works'`,
    );
    expect(row?.text).toBe('\u001f bo ray\u001f zephyr works');
    expect(await productIds('zephyr')).toEqual([Number(row?.id)]);
    expect(await productIds('ze')).toEqual([Number(row?.id)]);
  });
});
