import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  chemicalComponents,
  contactPhones,
  contacts,
  customers,
  facilities,
  files,
  productChemicalComponents,
  products,
} from '../src/db/schema/index.ts';
import { addressBody, contactBody, create, facilityBody } from '../src/seed/factories.ts';
import { createTestContext, type TestContext } from './helper.ts';
import {
  auditActions,
  clearRefusedAudits,
  expectInternalError,
  installAuditRefusals,
  refuseAudit,
} from './refused-audits.ts';
import { makePdf, storedFiles, storedPath, upload, uploadPdf } from './uploads.ts';

/**
 * Customers, facilities, products, their components and uploads write the change and its audit
 * row in one transaction. When the database refuses the audit row (refused-audits.ts), the change
 * written before it in the same request must be gone too, and so must any file the request stored.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await installAuditRefusals(ctx.database.db);
});
afterAll(() => ctx.close());
// Each test refuses its own audit rows only.
afterEach(() => clearRefusedAudits(ctx.database.db));

const refuse = (action: string, entity: string, entityId?: number) =>
  refuseAudit(ctx.database.db, action, entity, entityId);
const actionsOf = (entity: string, entityId: number) => auditActions(ctx.database.db, entity, entityId);

async function count(table: typeof addresses | typeof customers | typeof files | typeof chemicalComponents) {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

async function created(method: 'POST', url: string, payload: Record<string, unknown>) {
  const res = await ctx.call('admin', { method, url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as { id: number };
}

const address = addressBody();
const customerBody = { name: 'Gulf Coast Refining', address, is_same_billing_address: 1, encode: true };

describe('customers and facilities', () => {
  it('a customer whose create audit fails is not saved, nor are its addresses', async () => {
    const before = { customers: await count(customers), addresses: await count(addresses) };
    await refuse('create', 'customer');
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/customers/create',
      payload: { ...customerBody, name: 'Never Saved Inc' },
    });
    expectInternalError(res);
    expect({ customers: await count(customers), addresses: await count(addresses) }).toEqual(before);
  });

  it('an update or archive whose audit fails leaves the customer as it was', async () => {
    const { id } = await created('POST', '/customers/create', customerBody);
    const [before] = await ctx.database.db.select().from(customers).where(eq(customers.id, id));
    await refuse('update', 'customer', id);
    await refuse('archive', 'customer', id);

    const update = await ctx.call('admin', {
      method: 'PATCH',
      url: `/customers/${id}/update`,
      payload: { ...customerBody, name: 'Renamed Refining', address: { ...address, city: 'Houston' } },
    });
    expectInternalError(update);
    expectInternalError(await ctx.call('admin', { method: 'PATCH', url: `/customers/${id}/activate` }));

    expect(await ctx.database.db.select().from(customers).where(eq(customers.id, id))).toEqual([before]);
    const [company] = await ctx.database.db
      .select({ city: addresses.city })
      .from(addresses)
      .where(eq(addresses.id, before!.addressId!));
    expect(company).toEqual({ city: address.city });
    expect(await actionsOf('customer', id)).toEqual(['create']);
  });

  it('a facility whose update audit fails keeps its name and address', async () => {
    const owner = await created('POST', '/customers/create', { ...customerBody, name: 'Facility Owner' });
    const { id } = await created('POST', '/facilities/create', {
      name: 'North Plant',
      customer_id: owner.id,
      address,
      encode: true,
    });
    const [before] = await ctx.database.db.select().from(facilities).where(eq(facilities.id, id));
    await refuse('update', 'facility', id);
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/facilities/${id}/update`,
      payload: {
        name: 'South Plant',
        customer_id: owner.id,
        address: { ...address, city: 'Waco' },
        encode: true,
      },
    });
    expectInternalError(res);
    expect(await ctx.database.db.select().from(facilities).where(eq(facilities.id, id))).toEqual([before]);
    expect(await actionsOf('facility', id)).toEqual(['create']);
  });
});

const productBody = {
  name: 'Hydrochloric Acid 32%',
  mfg_name: 'Acme Chemical Co',
  mfg_phone: '(555) 123-4567',
  mfg_emergency_phone: '1-800-424-9300',
  physical_state: 'liquid',
};

describe('contacts (issue 25)', () => {
  it('a contact whose create audit fails is not saved, nor are its phones; a facility update whose audit fails keeps its contacts', async () => {
    const customer = await create.customer(ctx);
    const counts = async () => ({
      contacts: (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]!.n,
      phones: (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(contactPhones))[0]!.n,
    });
    const before = await counts();
    await refuse('create', 'contact');
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/contacts/create',
      payload: contactBody({ customer_id: customer.id }),
    });
    expectInternalError(res);
    expect(await counts()).toEqual(before);
    await clearRefusedAudits(ctx.database.db);

    const contact = await create.contact(ctx, { customer_id: customer.id });
    const facility = await create.facility(ctx, { customer_id: customer.id, contact_ids: [contact.id] });
    await refuse('update', 'facility', facility.id);
    const update = await ctx.call('admin', {
      method: 'PATCH',
      url: `/facilities/${facility.id}/update`,
      payload: facilityBody({
        customer_id: customer.id,
        name: 'Renamed',
        naics_code: '325110',
        contact_ids: [],
      }),
    });
    expectInternalError(update);
    const got = (await ctx.call('admin', { method: 'GET', url: `/facilities/${facility.id}/get` })).json()
      .resource;
    expect(got).toMatchObject({ name: facility.body.name, naics_code: '' });
    expect(got.contacts.map((c: { id: number }) => c.id)).toEqual([contact.id]);
  });
});

describe('products, their SDS and components', () => {
  it('a product update whose audit fails keeps its SDS, row and bytes, and the new upload', async () => {
    const first = await uploadPdf(ctx, 'first.pdf');
    const { id } = await created('POST', '/products/create', {
      ...productBody,
      sds: { filepath: first.filepath },
    });
    const [before] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    const second = await uploadPdf(ctx, 'second.pdf');
    await refuse('update', 'product', id);

    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/products/${id}/update`,
      payload: { ...productBody, name: 'Renamed Acid', sds: { filepath: second.filepath } },
    });
    expectInternalError(res);
    expect(await ctx.database.db.select().from(products).where(eq(products.id, id))).toEqual([before]);
    for (const key of [first.filepath, second.filepath]) {
      expect(await ctx.database.db.select().from(files).where(eq(files.storageKey, key))).toHaveLength(1);
      expect(fs.existsSync(storedPath(ctx, key))).toBe(true);
    }
    expect(await actionsOf('product', id)).toEqual(['create']);
  });

  it('an SDS delete whose audit fails keeps the file attached, recorded and stored', async () => {
    const sds = await uploadPdf(ctx, 'kept.pdf');
    const { id } = await created('POST', '/products/create', {
      ...productBody,
      name: 'Nitric Acid',
      sds: { filepath: sds.filepath },
    });
    const [before] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    await refuse('delete', 'product_sds', id);

    expectInternalError(await ctx.call('admin', { method: 'DELETE', url: `/products/${id}/sds-delete` }));
    expect(await ctx.database.db.select().from(products).where(eq(products.id, id))).toEqual([before]);
    expect(await ctx.database.db.select().from(files).where(eq(files.storageKey, sds.filepath))).toHaveLength(
      1,
    );
    expect(fs.existsSync(storedPath(ctx, sds.filepath))).toBe(true);
  });

  it('a component whose create audit fails adds neither the link nor the catalog entry', async () => {
    const { id } = await created('POST', '/products/create', { ...productBody, name: 'Acetone Blend' });
    const catalog = await count(chemicalComponents);
    await refuse('create', 'product_chemical_component');
    const res = await ctx.call('admin', {
      method: 'POST',
      url: `/products/${id}/chemical-components/create`,
      payload: { name: 'Acetone', number: '67-64-1', percentage_weight: 40 },
    });
    expectInternalError(res);
    expect(await count(chemicalComponents)).toBe(catalog);
    expect(
      await ctx.database.db
        .select()
        .from(productChemicalComponents)
        .where(eq(productChemicalComponents.productId, id)),
    ).toEqual([]);
  });
});

describe('uploads', () => {
  it('an upload whose audit fails leaves no row, no stored bytes and no temporary copy', async () => {
    const before = { rows: await count(files), stored: storedFiles(ctx) };
    await refuse('create', 'file');
    const res = await upload(ctx, [{ filename: 'refused.pdf', content: await makePdf('Refused') }]);
    expectInternalError(res);
    expect({ rows: await count(files), stored: storedFiles(ctx) }).toEqual(before);
  });
});
