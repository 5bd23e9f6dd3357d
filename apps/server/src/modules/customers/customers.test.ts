import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { addresses, customers, facilities } from '../../db/schema/index.ts';
import { searchAny } from '../../lib/list-query.ts';
import { addressBody, customerBody, facilityBody } from '../../seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const address = addressBody();
const customer = customerBody({ name: 'Acme Chemicals', prepared_at: '2026-03-01', address });

async function createCustomer(body: Record<string, unknown> = {}) {
  const res = await ctx.call('staff', {
    method: 'POST',
    url: '/customers/create',
    payload: { ...customer, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as { id: number; name: string };
}

async function createFacility(customerId: number, name: string, state = 'TX') {
  const res = await ctx.call('staff', {
    method: 'POST',
    url: '/facilities/create',
    payload: facilityBody({ name, customer_id: customerId, address: addressBody({ state }) }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as { id: number };
}

async function countRows() {
  const [c] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(customers);
  const [a] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(addresses);
  return { customers: c?.n, addresses: a?.n };
}

describe('states', () => {
  it('lists the 50 states, DC and the territories', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/general/states' });
    expect(res.statusCode).toBe(200);
    const list = res.json().resource as { code: string; title: string }[];
    expect(list).toHaveLength(56);
    expect(list).toContainEqual({ code: 'DC', title: 'District of Columbia' });
    expect(list).toContainEqual({ code: 'PR', title: 'Puerto Rico' });
    expect(list[0]).toEqual({ code: 'AL', title: 'Alabama' });
  });
});

describe('customers', () => {
  it('creates a customer and copies the company address to billing', async () => {
    const res = await ctx.call('staff', { method: 'POST', url: '/customers/create', payload: customer });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Customer Acme Chemicals created successfully');
    expect(body.resource).toMatchObject({
      name: 'Acme Chemicals',
      phone: '5125550100',
      prepared_at: '2026-03-01',
      is_same_billing_address: true,
      is_active: true,
      address: {
        address: '100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: '5125550100',
      },
      billingAddress: { address: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      billing_address: { address: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    });
    const got = await ctx.call('staff', { method: 'GET', url: `/customers/${body.resource.id}/get` });
    expect(got.json().resource).toEqual(body.resource);
  });

  it('keeps a separate billing address, and clears it when unchecked and emptied', async () => {
    const created = await createCustomer({
      name: 'Billing Co',
      is_same_billing_address: 0,
      billing_address: { address: 'PO Box 9', city: 'Dallas', state: 'tx', zip: '7520' },
    });
    const got = (await ctx.call('staff', { method: 'GET', url: `/customers/${created.id}/get` })).json()
      .resource;
    expect(got.billingAddress).toEqual({ address: 'PO Box 9', city: 'Dallas', state: 'TX', zip: '7520' });
    expect(got.is_same_billing_address).toBe(false);

    const before = await countRows();
    const cleared = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${created.id}/update`,
      payload: {
        ...customer,
        name: 'Billing Co',
        is_same_billing_address: 0,
        billing_address: { address: '', city: '', state: '', zip: '' },
      },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().resource.billingAddress).toEqual({ address: '', city: '', state: '', zip: '' });
    expect((await countRows()).addresses).toBe(before.addresses! - 1);
  });

  it.each([
    [{ name: '' }, 'name', 'Customer name is required'],
    [{ name: 'n'.repeat(151) }, 'name', 'Customer name must be less than 150 characters'],
    [
      { address: { ...address, address: '' } },
      'address.address',
      'Address must contain at least 1 character',
    ],
    [
      { address: { ...address, address: 'a'.repeat(201) } },
      'address.address',
      'Address must be less than 200 characters',
    ],
    [{ address: { ...address, state: '' } }, 'address.state', 'State must be selected'],
    [{ address: { ...address, city: '' } }, 'address.city', 'City must contain at least 1 character'],
    [{ address: { ...address, zip: '78a01' } }, 'address.zip', 'ZIP code must contain only digits'],
    [{ address: { ...address, zip: '787' } }, 'address.zip', 'ZIP code must be at least 4 digits'],
    [{ address: { ...address, zip: '787011' } }, 'address.zip', 'ZIP code must not exceed 5 digits'],
    [
      { address: { ...address, phone: '512' } },
      'address.phone',
      'Phone number must contain at least 10 digits',
    ],
    [
      { is_same_billing_address: 0, billing_address: { zip: '12' } },
      'billing_address.zip',
      'ZIP code must be 4-5 digits',
    ],
    [{ prepared_at: '03/01/2026' }, 'prepared_at', 'Prepared date must be a valid date (MM/DD/YYYY).'],
  ])('validates %j', async (patch, field, message) => {
    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/customers/create',
      payload: { ...customer, ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await countRows()).toEqual(before);
  });

  it('says under each field what an empty body lacks, the address object included', async () => {
    const before = await countRows();
    const res = await ctx.call('staff', { method: 'POST', url: '/customers/create', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Customer name is required',
      errors: { name: ['Customer name is required'], address: ['The address is required'] },
    });
    // Not an object is no address either.
    const text = await ctx.call('staff', {
      method: 'POST',
      url: '/customers/create',
      payload: { ...customer, address: '1 Main St' },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ address: ['The address is required'] });
    expect(await countRows()).toEqual(before);
  });

  it('refuses a state that does not exist, leaving nothing behind', async () => {
    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/customers/create',
      payload: { ...customer, address: { ...address, state: 'ZZ' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'address.state': ['State must be selected'] });
    expect(await countRows()).toEqual(before);
  });

  it('lets only admins edit and archive', async () => {
    const created = await createCustomer({ name: 'Guarded' });
    for (const url of [`/customers/${created.id}/update`, `/customers/${created.id}/activate`]) {
      const res = await ctx.call('staff', { method: 'PATCH', url, payload: customer });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row).toMatchObject({ name: 'Guarded', isActive: true });
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/customers/${created.id}/activate` });
    expect(archived.json()).toMatchObject({
      message: 'Customer Guarded archived successfully',
      resource: { is_active: false },
    });
    const auto = await ctx.call('staff', {
      method: 'GET',
      url: '/customers/autocomplete-list?search=Guarded',
    });
    expect(auto.json().resource.items).toEqual([]);
    const back = await ctx.call('admin', { method: 'PATCH', url: `/customers/${created.id}/activate` });
    expect(back.json().message).toBe('Customer Guarded unarchived successfully');
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/customers/999999/get' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Customer not found.' });
  });
});

describe('customers with the same name', () => {
  const HOUSTON = { ...address, address: '1 Main St', city: 'Houston', zip: '77002' };
  let harbor: { id: number; name: string };

  beforeAll(async () => {
    harbor = await createCustomer({ name: 'Harbor Supply' });
  });

  it('asks before creating a second one, naming the one there, and saves nothing', async () => {
    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/customers/create',
      payload: { ...customer, name: '  harbor   SUPPLY ', address: HOUSTON },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message: 'A customer named Harbor Supply already exists in Austin.',
      existing: { id: harbor.id, name: 'Harbor Supply', city: 'Austin', is_active: true },
    });
    expect(await countRows()).toEqual(before);
  });

  it('creates it once the user confirms: two companies may share a name', async () => {
    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/customers/create',
      payload: { ...customer, name: 'Harbor Supply', address: HOUSTON, confirm_duplicate: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await countRows()).customers).toBe(before.customers! + 1);
    const rows = await ctx.database.db.select().from(customers).where(eq(customers.name, 'Harbor Supply'));
    expect(rows).toHaveLength(2);
  });

  it('tells the two apart by city in the picker', async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: '/customers/autocomplete-list?search=Harbor%20Supply',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.items).toEqual([
      { id: harbor.id, name: 'Harbor Supply', city: 'Austin' },
      { id: expect.any(Number), name: 'Harbor Supply', city: 'Houston' },
    ]);
  });

  it('asks before renaming another customer onto the name, and saves its own name again without asking', async () => {
    const other = await createCustomer({ name: 'Tidewater Inc' });
    const renamed = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${other.id}/update`,
      payload: { ...customer, name: 'HARBOR SUPPLY' },
    });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().message).toBe('A customer named Harbor Supply already exists in Austin.');
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, other.id));
    expect(row?.name).toBe('Tidewater Inc');
    const same = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${harbor.id}/update`,
      payload: { ...customer, name: 'Harbor Supply', prepared_at: '2026-04-01' },
    });
    expect(same.statusCode, same.body).toBe(200);
    const confirmed = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${other.id}/update`,
      payload: { ...customer, name: 'Harbor Supply', confirm_duplicate: 1 },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('facilities and the customer × facility list', () => {
  let zeta: { id: number };
  let alpha: { id: number };

  beforeAll(async () => {
    zeta = await createCustomer({ name: 'Zeta Fuels' });
    alpha = await createCustomer({ name: 'Alpha Labs' });
    await createCustomer({ name: 'Lonely Corp' });
    await createFacility(zeta.id, 'Zeta North Plant', 'OK');
    await createFacility(zeta.id, 'Zeta Terminal', 'LA');
    await createFacility(alpha.id, 'Alpha Research Park', 'CA');
  });

  it('returns a facility with its address and its customers, the owner first', async () => {
    const created = await createFacility(alpha.id, 'Alpha Warehouse');
    const res = await ctx.call('staff', { method: 'GET', url: `/facilities/${created.id}/get` });
    expect(res.json().resource).toMatchObject({
      name: 'Alpha Warehouse',
      customer_id: alpha.id,
      customers: [{ id: alpha.id, name: 'Alpha Labs' }],
      full_address: '100 Congress Ave, Austin, TX 78701',
      is_active: true,
    });
    // A new owner is put first; the old one stays among the customers.
    const moved = await ctx.call('admin', {
      method: 'PATCH',
      url: `/facilities/${created.id}/update`,
      payload: { name: 'Alpha Warehouse', customer_id: zeta.id, address },
    });
    expect(moved.json().resource.customers.map((c: { name: string }) => c.name)).toEqual([
      'Zeta Fuels',
      'Alpha Labs',
    ]);
    const shared = await ctx.call('staff', {
      method: 'GET',
      url: `/facilities/autocomplete-list?customer_id=${alpha.id}`,
    });
    expect(shared.json().resource.items.map((f: { name: string }) => f.name)).toContain('Alpha Warehouse');
  });

  it.each([
    [{ name: '' }, 'name', 'Facility name is required'],
    [{ name: 'f'.repeat(151) }, 'name', 'Facility name must be less than 150 characters'],
    [{ customer_id: '' }, 'customer_id', 'Customer is required'],
    [{ customer_id: 999999 }, 'customer_id', 'Customer is required'],
    [{ address: { ...address, zip: '1' } }, 'address.zip', 'ZIP code must be at least 4 digits'],
    [{ address: undefined }, 'address', 'The address is required'],
  ])('validates %j', async (patch, field, message) => {
    const [before] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(facilities);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/facilities/create',
      payload: { name: 'X', customer_id: alpha.id, address, ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    const [after] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(facilities);
    expect(after?.n).toBe(before?.n);
  });

  it('lists one row per customer × facility, a customer without facilities included', async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: '/customers/list?order_by=name&order_dir=asc&ipp=100',
    });
    const rows = res.json().resource.items as {
      name: string;
      facility: { name: string; full_address: string } | null;
    }[];
    const pairs = rows.map((r) => `${r.name} / ${r.facility?.name ?? '-'}`);
    expect(pairs.indexOf('Alpha Labs / Alpha Research Park')).toBeGreaterThanOrEqual(0);
    expect(pairs).toContain('Zeta Fuels / Zeta North Plant');
    expect(pairs).toContain('Zeta Fuels / Zeta Terminal');
    expect(pairs).toContain('Lonely Corp / -');
    const zetaTerminal = rows.find((r) => r.facility?.name === 'Zeta Terminal');
    expect(zetaTerminal?.facility?.full_address).toBe('100 Congress Ave, Austin, LA 78701');
    expect(rows[0]?.name).toBe('Acme Chemicals');
    expect(rows.map((r) => r.name)).toEqual(rows.map((r) => r.name).sort());
  });

  it('searches by facility name as well as customer name', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/customers/list?search=terminal' });
    expect(
      res
        .json()
        .resource.items.map((r: { name: string; facility: { name: string } }) => [r.name, r.facility.name]),
    ).toEqual([['Zeta Fuels', 'Zeta Terminal']]);
    const byCustomer = await ctx.call('staff', { method: 'GET', url: '/customers/list?search=zeta%20fuels' });
    expect(byCustomer.json().resource.meta.total).toBe(3);
  });

  it('sorts by facility name both ways', async () => {
    const asc = await ctx.call('staff', {
      method: 'GET',
      url: '/customers/list?search=zeta&order_by=facility_name&order_dir=asc',
    });
    const names = asc.json().resource.items.map((r: { facility: { name: string } }) => r.facility.name);
    expect(names).toEqual([...names].sort());
    const desc = await ctx.call('staff', {
      method: 'GET',
      url: '/customers/list?search=zeta&order_by=facility_name&order_dir=desc',
    });
    expect(desc.json().resource.items.map((r: { facility: { name: string } }) => r.facility.name)).toEqual(
      [...names].reverse(),
    );
  });

  it('filters by status and refuses an unknown sort', async () => {
    const inactive = await ctx.call('staff', { method: 'GET', url: '/customers/list?status=inactive' });
    expect(inactive.json().resource.meta.total).toBe(0);
    const bad = await ctx.call('staff', { method: 'GET', url: '/customers/list?order_by=phone' });
    expect(bad.statusCode).toBe(422);
  });

  it('lists facilities with a customer filter, and archives them as admin only', async () => {
    const list = await ctx.call('staff', {
      method: 'GET',
      url: `/facilities/list?customer_id=${zeta.id}&order_by=name`,
    });
    expect(list.json().resource.items.map((f: { name: string }) => f.name)).toEqual([
      'Alpha Warehouse',
      'Zeta North Plant',
      'Zeta Terminal',
    ]);
    const id = list.json().resource.items[1].id;
    expect((await ctx.call('staff', { method: 'PATCH', url: `/facilities/${id}/activate` })).statusCode).toBe(
      403,
    );
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/facilities/${id}/activate` });
    expect(archived.json().message).toBe('Facility Zeta North Plant archived successfully');
    const auto = await ctx.call('staff', {
      method: 'GET',
      url: `/facilities/autocomplete-list?customer_id=${zeta.id}`,
    });
    expect(auto.json().resource.items.map((f: { name: string }) => f.name)).toEqual([
      'Alpha Warehouse',
      'Zeta Terminal',
    ]);
  });
});

describe('search at scale', () => {
  it('uses the trigram index on 10,000 customers', async () => {
    const { db } = ctx.database;
    await db.execute(
      sql`INSERT INTO customers (name) SELECT 'Customer ' || g || ' ' || md5(g::text) FROM generate_series(1, 10000) AS g`,
    );
    // What autovacuum does after a bulk load: without it the GIN pending list makes the index look dear.
    await db.execute(sql`VACUUM ANALYZE customers`);
    const result = await db.execute(
      sql`EXPLAIN SELECT id FROM customers WHERE ${searchAny('3a7f', [customers.name])}`,
    );
    const plan = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).toContain('customers_name_trgm');
    expect(plan).not.toContain('Seq Scan on customers');
  });
});
