import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  chemicalComponents,
  contactPhones,
  contacts,
  containers,
  containerUnits,
  customers,
  databaseEntries,
  facilities,
  facilityContacts,
  facilityCustomers,
  hazards,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProducts,
  productChemicalComponents,
  productHazards,
  products,
  regulatoryEntries,
  users,
} from '../src/db/schema/index.ts';
import { createTestContext, openTestDatabase, type TestContext } from './helper.ts';

/**
 * Issue 24: every list and detail route reads its page in at most 3 SQL statements whatever the
 * page size (no N+1). Statements are heard at the driver (openDatabase's `onQuery`, the drizzle
 * logger), on the real test database. The session check the auth hook runs on every request (its
 * lookup, and the occasional `last_used_at` touch) is the same for every route and is counted
 * apart: at most 2 statements, on the `sessions` table.
 *
 * Every GET route whose path ends in `/list`, `/get` or `/products` is measured: a route added
 * later joins on its own, and fails here until the test knows an id for its parameters.
 */
const ROWS = 12;
const LIMIT = 3;

let ctx: TestContext;
let heard: string[] | undefined;
const ids: Record<string, number | string> = {};

beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: (query) => heard?.push(query) });
  ctx = await createTestContext({}, database);
  const { db } = ctx.database;
  const n = Array.from({ length: ROWS }, (_, i) => i);
  await db.insert(users).values(
    n.flatMap((i) => [
      { email: `staff-${i}@list.local`, role: 'staff' as const, firstName: `Staff ${i}`, lastName: 'Lister' },
      {
        email: `tech-${i}@list.local`,
        role: 'technician' as const,
        firstName: `Tech ${i}`,
        lastName: 'Lister',
      },
    ]),
  );
  const hazardRows = await db
    .insert(hazards)
    .values(n.map((i) => ({ name: `Hazard ${i}` })))
    .returning();
  const containerRows = await db
    .insert(containers)
    .values(n.map((i) => ({ name: `Drum ${i}` })))
    .returning();
  const unitRows = await db
    .insert(containerUnits)
    .values(n.map((i) => ({ name: `Unit ${i}`, unitType: 'gal' as const })))
    .returning();
  const customerRows = await db
    .insert(customers)
    .values(n.map((i) => ({ name: `Customer ${i}` })))
    .returning();
  const facilityRows = await db
    .insert(facilities)
    .values(customerRows.map((customer, i) => ({ customerId: customer.id, name: `Plant ${i}` })))
    .returning();
  await db
    .insert(facilityCustomers)
    .values(facilityRows.map((facility) => ({ facilityId: facility.id, customerId: facility.customerId })));
  // Issue 25: every contact of the first customer, each with two phones, named by its first facility.
  const contactRows = await db
    .insert(contacts)
    .values(
      n.map((i) => ({
        customerId: customerRows[0]!.id,
        lastName: `Contact ${i}`,
        contactTypes: ['Emergency Contact'],
      })),
    )
    .returning();
  await db.insert(contactPhones).values(
    contactRows.flatMap((contact) => [
      { contactId: contact.id, position: 0, phoneNumber: '713-555-0100', phoneType: '24-hour' },
      { contactId: contact.id, position: 1, phoneNumber: '713-555-0101', phoneType: 'Work' },
    ]),
  );
  await db.insert(facilityContacts).values(
    contactRows.map((contact, position) => ({
      facilityId: facilityRows[0]!.id,
      contactId: contact.id,
      position,
    })),
  );
  const componentRows = await db
    .insert(chemicalComponents)
    .values(n.map((i) => ({ name: `Chemical ${i}`, number: `50-00-${i}` })))
    .returning();
  const productRows = await db
    .insert(products)
    .values(n.map((i) => ({ name: `Product ${i}`, mfgName: `Maker ${i}` })))
    .returning();
  const product = productRows[0]!;
  await db
    .insert(productHazards)
    .values(
      productRows.flatMap((p, i) =>
        [0, 1].map((k) => ({ productId: p.id, hazardId: hazardRows[(i + k) % ROWS]!.id })),
      ),
    );
  await db
    .insert(productChemicalComponents)
    .values(componentRows.map((component) => ({ productId: product.id, chemicalComponentId: component.id })));
  const inventoryRows = await db
    .insert(inventories)
    .values(
      facilityRows.map((facility) => ({
        year: 2025,
        customerId: facility.customerId,
        facilityId: facility.id,
      })),
    )
    .returning();
  const inventory = inventoryRows[0]!;
  const lineRows = await db
    .insert(inventoryProducts)
    .values(
      productRows.map((p) => ({
        inventoryId: inventory.id,
        productId: p.id,
        name: p.name,
        mfgName: p.mfgName,
        containerSize: '5',
        containerQuantity: '2',
      })),
    )
    .returning();
  await db
    .insert(inventoryProductHazards)
    .values(
      lineRows.flatMap((line, i) =>
        [0, 1].map((k) => ({ inventoryProductId: line.id, hazardId: hazardRows[(i + k) % ROWS]!.id })),
      ),
    );
  await db.insert(inventoryProductChemicalComponents).values(
    componentRows.map((component) => ({
      inventoryProductId: lineRows[0]!.id,
      chemicalComponentId: component.id,
    })),
  );
  const [upload] = await db
    .insert(databaseEntries)
    .values({ type: 'cercla', name: 'cercla.csv' })
    .returning();
  await db.insert(regulatoryEntries).values(
    n.map((i) => ({
      listType: 'cercla' as const,
      databaseEntryId: upload!.id,
      chemicalName: `Chemical ${i}`,
      casNumber: `50-00-${i}`,
    })),
  );
  await db.insert(auditLog).values(
    n.map((i) => ({
      userId: ctx.users.admin.id,
      action: 'update',
      entity: 'product',
      entityId: productRows[i]!.id,
    })),
  );
  const [someStaff] = await db.select({ id: users.id }).from(users).limit(1);
  Object.assign(ids, {
    users: ctx.users.staff.id,
    technicians: ctx.users.technician.id,
    customers: customerRows[0]!.id,
    facilities: facilityRows[0]!.id,
    contacts: contactRows[0]!.id,
    hazards: hazardRows[0]!.id,
    containers: containerRows[0]!.id,
    'container-units': unitRows[0]!.id,
    products: product.id,
    inventories: inventory.id,
    customerId: inventory.customerId,
    facilityId: inventory.facilityId,
    type: 'cercla',
    staff: someStaff!.id,
  });
  const [productLink] = await db.select().from(productChemicalComponents).limit(1);
  const [lineLink] = await db.select().from(inventoryProductChemicalComponents).limit(1);
  ids.productComponent = productLink!.id;
  ids.lineComponent = lineLink!.id;
  ids.line = lineRows[0]!.id;
});
afterAll(() => ctx.close());

/** The route's path with its parameters filled from the seeded rows. */
function fill(url: string): string {
  const area = url.split('/')[4]!;
  return url
    .replace('/api/admin/v1', '')
    .replace(':customerId', String(ids.customerId))
    .replace(':facilityId', String(ids.facilityId))
    .replace(':type', String(ids.type))
    .replace(':productId', String(url.includes('/product/:productId') ? ids.line : ids.products))
    .replace(
      ':componentId',
      String(url.includes('/product/:productId/') ? ids.lineComponent : ids.productComponent),
    )
    .replace(':id', String(ids[area]));
}

async function statementsOf(url: string) {
  heard = [];
  const res = await ctx.call('admin', { method: 'GET', url });
  const all = heard;
  heard = undefined;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const session = all.filter((query) => /"sessions"/.test(query));
  return { route: all.filter((query) => !/"sessions"/.test(query)), session };
}

describe('SQL statements per request', () => {
  it('knows every list and detail route', () => {
    const measured = ctx.routes
      .filter((route) => route.method === 'GET' && /\/(list|get|products)$/.test(route.url))
      .map((route) => route.url);
    // Lists and records of every area, the inventory's lines, the reference data, the audit log.
    expect(measured.length).toBeGreaterThanOrEqual(28);
    for (const url of measured) expect(fill(url), url).not.toMatch(/:|undefined/);
  });

  it(`reads each list and detail in at most ${LIMIT} statements, the same at 2 and at ${ROWS} rows a page`, async () => {
    const measured = ctx.routes
      .filter((route) => route.method === 'GET' && /\/(list|get|products)$/.test(route.url))
      .map((route) => fill(route.url));
    const searches = measured
      .filter((url) => url.endsWith('/list') || url.endsWith('/products'))
      .map((url) => `${url}?search=1`);
    const counts: Record<string, number> = {};
    for (const url of [...measured, ...searches]) {
      const paged = /\/(list|products)(\?|$)/.test(url);
      const join = url.includes('?') ? '&' : '?';
      // Once unmeasured first: a per-process cache (the reference entries the Filings list's 302
      // check reads) fills on a process's first call, and what is measured is every call after.
      await statementsOf(paged ? `${url}${join}ipp=2` : url);
      const small = await statementsOf(paged ? `${url}${join}ipp=2` : url);
      const large = await statementsOf(paged ? `${url}${join}ipp=${ROWS}` : url);
      expect(small.session.length, `${url}: session statements`).toBeLessThanOrEqual(2);
      expect(large.route.length, `${url}: the same statements at 2 and ${ROWS} rows a page`).toBe(
        small.route.length,
      );
      counts[url] = large.route.length;
      if (process.env.SHOW_STATEMENTS && large.route.length > LIMIT)
        console.log(url, large.route.join('\n--\n'));
    }
    const over = Object.entries(counts).filter(([, count]) => count > LIMIT);
    expect(over, over.map(([url, count]) => `${url}: ${count}`).join('\n')).toEqual([]);
  });
});
