import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { customers, facilities } from '../../db/schema/index.ts';

/**
 * Which customer × facility rows the active and the archived views show (decision 003): the
 * active view is active customers with their active facilities; Show Archived is archived
 * customers (with every facility they own) and the archived facilities of active customers.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  const customer = async (name: string, isActive: boolean) => {
    const [row] = await db.insert(customers).values({ name, isActive }).returning();
    return row!.id;
  };
  const facility = (customerId: number, name: string, isActive: boolean) =>
    db.insert(facilities).values({ customerId, name, isActive });

  const acme = await customer('Acme', true);
  await facility(acme, 'Acme Plant', true);
  await facility(acme, 'Acme Old Plant', false);
  // Every facility archived: the customer still shows among the active ones, with no facility.
  const bolt = await customer('Bolt', true);
  await facility(bolt, 'Bolt Old Plant', false);
  const crest = await customer('Crest', false);
  await facility(crest, 'Crest Plant', true);
  await facility(crest, 'Crest Old Plant', false);
  await customer('Delta', true);
  await customer('Echo', false);
});
afterAll(() => ctx.close());

interface Row {
  name: string;
  is_active: boolean;
  facility: { name: string; is_active: boolean } | null;
}

async function listRows(query: string) {
  const res = await ctx.call('staff', {
    method: 'GET',
    url: `/customers/list?order_by=customer_name&order_dir=asc&ipp=50${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { items, meta } = res.json().resource as { items: Row[]; meta: { total: number } };
  // Within a customer, facilities come in id order: sort them by name for a stable expectation.
  const rows = items
    .map((row) => ({
      customer: `${row.name}${row.is_active ? '' : ' (archived)'}`,
      facility: row.facility ? `${row.facility.name}${row.facility.is_active ? '' : ' (archived)'}` : null,
    }))
    .sort(
      (a, b) => a.customer.localeCompare(b.customer) || (a.facility ?? '').localeCompare(b.facility ?? ''),
    );
  return { rows, total: meta.total };
}

describe('GET /customers/list by status', () => {
  it('active: active customers with their active facilities, and a customer with none left', async () => {
    expect(await listRows('&status=active')).toEqual({
      rows: [
        { customer: 'Acme', facility: 'Acme Plant' },
        { customer: 'Bolt', facility: null },
        { customer: 'Delta', facility: null },
      ],
      total: 3,
    });
  });

  it("inactive: archived customers with their facilities, and active customers' archived facilities", async () => {
    expect(await listRows('&status=inactive')).toEqual({
      rows: [
        { customer: 'Acme', facility: 'Acme Old Plant (archived)' },
        { customer: 'Bolt', facility: 'Bolt Old Plant (archived)' },
        { customer: 'Crest (archived)', facility: 'Crest Old Plant (archived)' },
        { customer: 'Crest (archived)', facility: 'Crest Plant' },
        { customer: 'Echo (archived)', facility: null },
      ],
      total: 5,
    });
  });

  it('no status: every customer with every facility', async () => {
    expect((await listRows('')).total).toBe(7);
  });

  it('a search for an archived facility finds it only under Show Archived', async () => {
    expect((await listRows('&status=active&search=Old%20Plant')).rows).toEqual([]);
    expect((await listRows('&status=inactive&search=Acme%20Old')).rows).toEqual([
      { customer: 'Acme', facility: 'Acme Old Plant (archived)' },
    ]);
  });
});
