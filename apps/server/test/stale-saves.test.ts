import { formatChangeTime, type Role } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contacts,
  containers,
  containerUnits,
  customers,
  facilities,
  fireCodePermitAmounts,
  hazards,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProducts,
  productChemicalComponents,
  products,
  users,
} from '../src/db/schema/index.ts';
import type { VersionedTable } from '../src/lib/record-version.ts';
import {
  componentBody,
  contactBody,
  create,
  customerBody,
  inventoryProductBody,
  technicianBody,
  userBody,
} from '../src/seed/factories.ts';
import { createTestContext, createTestUser, type TestContext } from './helper.ts';

/**
 * Issue 22.1, lost update: every update a form makes carries the `updated_at` it read. A save
 * over a newer version is refused with 409 and the message and leaves the row as the
 * newer save wrote it; the current version saves; no version keeps last-write-wins.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const message = (name: string, updatedAt: string) =>
  `This record was changed by ${name} at ${formatChangeTime(updatedAt)}. Reload to see the changes.`;

interface EditedRecord {
  /** The update call. */
  url: string;
  /** A full update body, without the changed field. */
  body: Record<string, unknown>;
  /** The record's version as its create answered it. */
  readAt: string;
}

interface Area {
  area: string;
  /** Who makes the stale save (staff where staff may edit, so the message names someone else). */
  role: Role;
  table: VersionedTable;
  /** The field the two saves change, in the body and in the table. */
  field: string;
  column: PgColumn;
  /** The value each save gives it, and how the table holds it. */
  value: (n: number) => string;
  stored?: (n: number) => string;
  make: () => Promise<EditedRecord & { id: number }>;
}

const AREAS: Area[] = [
  {
    area: 'products',
    role: 'staff',
    table: products,
    field: 'name',
    column: products.name,
    value: (n) => `Stale Product ${n}`,
    async make() {
      const { id, body, resource } = await create.product(ctx);
      return { id, url: `/products/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  {
    area: 'customers',
    role: 'admin',
    table: customers,
    field: 'name',
    column: customers.name,
    value: (n) => `Stale Customer ${n}`,
    async make() {
      const body = customerBody();
      const { id, resource } = await create.customer(ctx, body);
      return { id, url: `/customers/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  {
    area: 'facilities',
    role: 'admin',
    table: facilities,
    field: 'name',
    column: facilities.name,
    value: (n) => `Stale Facility ${n}`,
    async make() {
      const { id, body, resource } = await create.facility(ctx);
      return { id, url: `/facilities/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  {
    area: 'contacts',
    role: 'staff',
    table: contacts,
    field: 'last_name',
    column: contacts.lastName,
    value: (n) => `Stale Contact ${n}`,
    async make() {
      const customer = await create.customer(ctx);
      const body = contactBody({ customer_id: customer.id });
      const { id, resource } = await create.contact(ctx, body);
      return { id, url: `/contacts/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  ...(
    [
      ['hazard classes', '/hazards', hazards, create.hazard],
      ['container types', '/containers', containers, create.container],
      ['container units', '/container-units', containerUnits, create.containerUnit],
    ] as const
  ).map(
    ([area, base, table, make]): Area => ({
      area,
      role: 'admin',
      table,
      field: 'description',
      column: table.description,
      value: (n) => `Stale description ${n}`,
      async make() {
        const { id, body, resource } = await make(ctx);
        return { id, url: `${base}/${id}/update`, body, readAt: String(resource.updated_at) };
      },
    }),
  ),
  {
    area: 'users',
    role: 'admin',
    table: users,
    field: 'first_name',
    column: users.firstName,
    value: (n) => `Stale${n}`,
    async make() {
      const body = userBody();
      const { id, resource } = await create.user(ctx, body);
      return { id, url: `/users/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  {
    area: 'technicians',
    role: 'admin',
    table: users,
    field: 'first_name',
    column: users.firstName,
    value: (n) => `Stale${n}`,
    async make() {
      const body = technicianBody();
      const { id, resource } = await create.technician(ctx, body);
      return { id, url: `/technicians/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  {
    area: 'inventories',
    role: 'staff',
    table: inventories,
    field: 'year',
    column: inventories.year,
    // Years before the factory's (last year); each inventory is of its own facility.
    value: (n) => String(2015 + (n % 10)),
    async make() {
      const { id, body, resource } = await create.inventory(ctx);
      return { id, url: `/inventories/${id}/update`, body, readAt: String(resource.updated_at) };
    },
  },
  {
    area: 'inventory lines',
    role: 'staff',
    table: inventoryProducts,
    field: 'location_stored',
    column: inventoryProducts.locationStored,
    value: (n) => `Shelf ${n}`,
    stored: (n) => `SHELF ${n}`,
    async make() {
      const inventory = await create.inventory(ctx);
      const product = await create.product(ctx);
      const body = inventoryProductBody({ product_id: product.id });
      const { id, resource } = await create.inventoryProduct(ctx, inventory.id, body);
      return {
        id,
        url: `/inventories/${inventory.id}/product/${id}/update`,
        body,
        readAt: String(resource.updated_at),
      };
    },
  },
  {
    area: 'product components',
    role: 'staff',
    table: productChemicalComponents,
    field: 'regulations',
    column: productChemicalComponents.regulations,
    value: (n) => `Stale regulations ${n}`,
    async make() {
      const { id, body, resource, productId } = await create.component(ctx);
      return {
        id,
        url: `/products/${productId}/chemical-components/${id}/update`,
        body,
        readAt: String(resource.updated_at),
      };
    },
  },
  {
    area: 'line components',
    role: 'staff',
    table: inventoryProductChemicalComponents,
    field: 'regulations',
    column: inventoryProductChemicalComponents.regulations,
    value: (n) => `Stale regulations ${n}`,
    async make() {
      const inventory = await create.inventory(ctx);
      const line = await create.inventoryProduct(ctx, inventory.id);
      const base = `/inventories/${inventory.id}/product/${line.id}/chemical-components`;
      const body = componentBody();
      const res = await ctx.call('admin', { method: 'POST', url: `${base}/create`, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const resource = res.json().resource as { id: number; updated_at: string };
      return {
        id: resource.id,
        url: `${base}/${resource.id}/update`,
        body,
        readAt: resource.updated_at,
      };
    },
  },
  {
    area: 'fire-code permit amounts',
    role: 'admin',
    table: fireCodePermitAmounts,
    field: 'amount',
    column: fireCodePermitAmounts.amount,
    value: (n) => String(n),
    // numeric(14, 4) reads back with its four decimals.
    stored: (n) => `${n}.0000`,
    async make() {
      const res = await ctx.call('admin', { method: 'GET', url: '/fire-code-permit-amounts/list' });
      const rows = res.json().resource as { id: number; updated_at: string }[];
      const row = rows[sequence % rows.length] as { id: number; updated_at: string };
      return {
        id: row.id,
        url: `/fire-code-permit-amounts/${row.id}/update`,
        body: {},
        readAt: row.updated_at,
      };
    },
  },
];

let sequence = 0;

async function stored(area: Area, id: number) {
  const [row] = await ctx.database.db
    .select({ value: area.column, updatedAt: area.table.updatedAt })
    .from(area.table)
    .where(eq(area.table.id, id));
  if (!row) throw new Error(`${area.area}: no row ${id}`);
  return { value: String(row.value), updatedAt: (row.updatedAt as Date).toISOString() };
}

function save(role: Role, record: EditedRecord, changes: Record<string, unknown>) {
  return ctx.call(role, { method: 'PATCH', url: record.url, payload: { ...record.body, ...changes } });
}

describe.each(AREAS)('$area', (area) => {
  const expected = (n: number) => (area.stored ?? area.value)(n);

  it('refuses a save over a newer version with 409 and leaves the newer save in the database', async () => {
    const record = await area.make();
    const first = sequence++;
    const second = sequence++;

    // Tab one saves over the version both tabs read: that is the current one, so it saves.
    const saved = await save('admin', record, { [area.field]: area.value(first), updated_at: record.readAt });
    expect(saved.statusCode, saved.body).toBe(200);
    const newer = saved.json().resource.updated_at as string;
    expect(newer).not.toBe(record.readAt);

    // Tab two still holds the version it read.
    const stale = await save(area.role, record, {
      [area.field]: area.value(second),
      updated_at: record.readAt,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      message: message('Ada Tester', newer),
      stale: { updated_at: newer, changed_by: 'Ada Tester' },
    });
    expect(await stored(area, record.id)).toEqual({ value: expected(first), updatedAt: newer });
  });

  it('saves over the version the client read, and without a version as before', async () => {
    const record = await area.make();
    const first = sequence++;
    const second = sequence++;

    const current = await save(area.role, record, {
      [area.field]: area.value(first),
      updated_at: record.readAt,
    });
    expect(current.statusCode, current.body).toBe(200);
    const version = current.json().resource.updated_at as string;
    expect(await stored(area, record.id)).toEqual({ value: expected(first), updatedAt: version });

    // A client that sends no version (older clients, scripts) keeps last-write-wins.
    const unversioned = await save(area.role, record, { [area.field]: area.value(second) });
    expect(unversioned.statusCode, unversioned.body).toBe(200);
    expect((await stored(area, record.id)).value).toBe(expected(second));
  });
});

describe('the version', () => {
  const productArea = AREAS[0] as Area;

  it('matches at the precision the API serializes, though PostgreSQL stores microseconds', async () => {
    const record = await productArea.make();
    await ctx.database.db.execute(
      sql`UPDATE products SET updated_at = '2026-03-04 05:06:07.891234+00' WHERE id = ${record.id}`,
    );
    const read = await ctx.call('staff', { method: 'GET', url: `/products/${record.id}/get` });
    const readAt = read.json().resource.updated_at as string;
    expect(readAt).toBe('2026-03-04T05:06:07.891Z');

    const res = await save('staff', record, { name: 'Microsecond Product', updated_at: readAt });
    expect(res.statusCode, res.body).toBe(200);
    // The next version is newer at that precision, whatever the clock says.
    expect(Date.parse(res.json().resource.updated_at)).toBeGreaterThan(Date.parse(readAt));
  });

  it('moves on every save, so two saves in one millisecond never share a version', async () => {
    const record = await productArea.make();
    const future = '2999-01-01 00:00:00.000+00';
    await ctx.database.db.execute(sql`UPDATE products SET updated_at = ${future} WHERE id = ${record.id}`);
    const res = await save('staff', record, { name: 'Clock Behind', updated_at: '2999-01-01T00:00:00.000Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.updated_at).toBe('2999-01-01T00:00:00.001Z');
    const stale = await save('staff', record, {
      name: 'Clock Behind Again',
      updated_at: '2999-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('names "another user" when no audit row says who changed the record', async () => {
    const person = await createTestUser(ctx.database, { email: 'unaudited@test.local', role: 'staff' });
    await ctx.database.db.execute(
      sql`UPDATE users SET updated_at = '2026-05-06 07:08:09.100+00' WHERE id = ${person.id}`,
    );
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/users/${person.id}/update`,
      payload: { ...userBody({ email: 'unaudited@test.local' }), updated_at: '2026-05-06T07:08:09.000Z' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'This record was changed by another user at May 6, 2026, 7:08 AM UTC. Reload to see the changes.',
    );
    expect(res.json().stale).toEqual({ updated_at: '2026-05-06T07:08:09.100Z', changed_by: 'another user' });
  });

  it('refuses a version that is not a date and time with 422 and changes nothing', async () => {
    const record = await productArea.make();
    const res = await save('staff', record, { name: 'Never Saved', updated_at: 'yesterday' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: 'The record version (updated_at) must be a date and time',
      errors: { updated_at: ['The record version (updated_at) must be a date and time'] },
    });
    expect((await stored(productArea, record.id)).value).toBe(String(record.body.name));
  });

  it('lets exactly one of two concurrent saves over the same version through', async () => {
    const record = await productArea.make();
    const [one, two] = await Promise.all([
      save('admin', record, { name: 'Concurrent One', updated_at: record.readAt }),
      save('staff', record, { name: 'Concurrent Two', updated_at: record.readAt }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? one : two;
    const loser = one.statusCode === 200 ? two : one;
    const winnerName = one.statusCode === 200 ? 'Ada Tester' : 'Sam Tester';
    const version = winner.json().resource.updated_at as string;
    expect(loser.json().message).toBe(message(winnerName, version));
    expect(await stored(productArea, record.id)).toEqual({
      value: winner.json().resource.name,
      updatedAt: version,
    });
  });
});
