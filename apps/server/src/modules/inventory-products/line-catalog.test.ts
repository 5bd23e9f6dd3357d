import { calculateContainer, INVENTORY_PRODUCT_MSG, type InventoryProductResource } from '@chemtrack/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import {
  clearRefusedAudits,
  expectInternalError,
  installAuditRefusals,
  refuseAudit,
} from '../../../test/refused-audits.ts';
import { auditLog, inventories, products } from '../../db/schema/index.ts';
import { create, inventoryProductBody, productBody } from '../../seed/factories.ts';

/**
 * Issue 22 point 4: a catalogue change reaches the lines of open inventories in its transaction,
 * completed and archived inventories keep their year's copy, and a line whose copy differs says
 * so and can be refreshed.
 */
let ctx: TestContext;
const ids = { customer: 0, drum: 0, gallon: 0, flammable: 0, toxic: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  await installAuditRefusals(ctx.database.db);
  ids.customer = (await create.customer(ctx)).id;
  ids.drum = (await create.container(ctx, { name: 'Drum' })).id;
  ids.gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  ids.flammable = (await create.hazard(ctx, { name: 'Flammable' })).id;
  ids.toxic = (await create.hazard(ctx, { name: 'Toxic' })).id;
});
afterAll(() => ctx.close());
afterEach(() => clearRefusedAudits(ctx.database.db));

type ProductOverrides = Parameters<typeof productBody>[0];

/** A liquid without pounds per gallon (the line's Max Pounds cannot be computed yet). */
async function newProduct(overrides: ProductOverrides = {}) {
  const body = productBody({
    pounds_per_gallon: '',
    specific_gravity: '',
    hazard_ids: [ids.flammable],
    ...overrides,
  });
  const { id } = await ctx
    .call('admin', { method: 'POST', url: '/products/create', payload: body })
    .then((res) => {
      expect(res.statusCode).toBe(201);
      return res.json() as { resource: { id: number } };
    })
    .then(({ resource }) => resource);
  return { id, body };
}

async function updateProduct(
  id: number,
  body: ReturnType<typeof productBody>,
  role: 'admin' | 'staff' = 'staff',
) {
  return ctx.call(role, { method: 'PATCH', url: `/products/${id}/update`, payload: body });
}

async function setInventory(id: number, state: { isCompleted?: boolean; isActive?: boolean }) {
  await ctx.database.db.update(inventories).set(state).where(eq(inventories.id, id));
}

/** A line of four 55-gallon drums of the product in a new inventory of the customer. */
async function newLine(productId: number) {
  const inventory = await create.inventory(ctx, { customer_id: ids.customer });
  const res = await ctx.call('staff', {
    method: 'POST',
    url: `/inventories/${inventory.id}/product/create`,
    payload: inventoryProductBody({
      product_id: productId,
      container_id: ids.drum,
      container_unit_id: ids.gallon,
      container_size: '55',
      container_quantity: '4',
    }),
  });
  expect(res.statusCode).toBe(201);
  const { resource } = res.json() as { resource: InventoryProductResource };
  return { inventoryId: inventory.id, lineId: resource.id };
}

async function getLine({ inventoryId, lineId }: { inventoryId: number; lineId: number }) {
  const res = await ctx.call('staff', {
    method: 'GET',
    url: `/inventories/${inventoryId}/product/${lineId}/get`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { resource: InventoryProductResource }).resource;
}

function refresh(
  { inventoryId, lineId }: { inventoryId: number; lineId: number },
  role: 'admin' | 'staff' | 'technician' = 'staff',
) {
  return ctx.call(role, {
    method: 'PATCH',
    url: `/inventories/${inventoryId}/product/${lineId}/refresh-from-catalog`,
  });
}

/** The line's audit rows written from the catalogue, oldest first. */
async function catalogAudits(lineId: number) {
  const rows = await ctx.database.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'inventory_product'), eq(auditLog.entityId, lineId)))
    .orderBy(asc(auditLog.id));
  return rows.filter((row) => row.details?.from_catalog !== undefined);
}

const maxPoundsOf = (poundsPerGallon: string) =>
  calculateContainer({
    physical_state: 'liquid',
    unit_type: 'gal',
    unit_name: 'Gallon',
    container_size: '55',
    container_quantity: '4',
    pounds_per_gallon: poundsPerGallon,
    specific_gravity: null,
    conversion_factor: null,
  }).max_pounds;

describe('a catalogue change', () => {
  it('reaches the lines of open inventories, with their audit rows, and not completed or archived ones', async () => {
    const product = await newProduct();
    const open = await newLine(product.id);
    const completed = await newLine(product.id);
    const archived = await newLine(product.id);
    await setInventory(completed.inventoryId, { isCompleted: true });
    await setInventory(archived.inventoryId, { isActive: false });
    expect((await getLine(open)).max_pounds).toBeNull();

    const res = await updateProduct(product.id, {
      ...product.body,
      pounds_per_gallon: '15.3',
      nfpa: '3-2-1',
    });
    expect(res.statusCode).toBe(200);

    const line = await getLine(open);
    expect(line.pounds_per_gallon).toBe(15.3);
    expect(line.nfpa).toBe('3-2-1');
    expect(line.max_pounds).toBe(maxPoundsOf('15.3'));
    expect(line.max_pounds).toBe(3366);
    expect(line.catalog_differs).toBe(false);
    expect(line.catalog_differences).toEqual([]);
    const [audit, ...more] = await catalogAudits(open.lineId);
    expect(more).toEqual([]);
    expect(audit?.action).toBe('update');
    expect(audit?.details).toMatchObject({
      inventory_id: open.inventoryId,
      product_id: product.id,
      from_catalog: 'product change',
      changes: {
        pounds_per_gallon: { before: null, after: 15.3 },
        nfpa: { before: product.body.nfpa, after: '3-2-1' },
        max_pounds: { before: null, after: 3366 },
      },
    });

    for (const kept of [completed, archived]) {
      const stale = await getLine(kept);
      expect(stale.pounds_per_gallon).toBeNull();
      expect(stale.max_pounds).toBeNull();
      expect(stale.nfpa).toBe(product.body.nfpa);
      expect(stale.catalog_differs).toBe(true);
      expect(stale.catalog_differences).toEqual(['pounds_per_gallon', 'nfpa']);
      expect(await catalogAudits(kept.lineId)).toEqual([]);
    }
  });

  it('brings the hazard classes the line still holds at the catalogue’s previous list', async () => {
    const product = await newProduct();
    const open = await newLine(product.id);
    const res = await updateProduct(product.id, { ...product.body, hazard_ids: [ids.flammable, ids.toxic] });
    expect(res.statusCode).toBe(200);
    const line = await getLine(open);
    expect(line.hazards.map((hazard) => hazard.name)).toEqual(['Flammable', 'Toxic']);
    expect(line.catalog_differs).toBe(false);
  });

  it('keeps a field the line holds at another value than the catalogue’s previous one, and says the line differs', async () => {
    const product = await newProduct();
    const line = await newLine(product.id);
    // The line misses a change while its inventory is completed, then the inventory is reopened.
    await setInventory(line.inventoryId, { isCompleted: true });
    expect((await updateProduct(product.id, { ...product.body, pounds_per_gallon: '7' })).statusCode).toBe(
      200,
    );
    await setInventory(line.inventoryId, { isCompleted: false });

    const next = { ...product.body, pounds_per_gallon: '7.5', flash_points: '60' };
    expect((await updateProduct(product.id, next)).statusCode).toBe(200);

    const after = await getLine(line);
    // 7.5 replaced 7, but the line held neither: its own figure stays; the flash point it did hold is taken.
    expect(after.pounds_per_gallon).toBeNull();
    expect(after.flash_points).toBe(60);
    expect(after.catalog_differences).toEqual(['pounds_per_gallon']);
    expect(after.catalog_differs).toBe(true);
    const [audit] = await catalogAudits(line.lineId);
    expect(Object.keys((audit?.details?.changes ?? {}) as object)).toEqual(['flash_points']);
  });

  it('is undone with the product change when a line’s audit row fails', async () => {
    const product = await newProduct();
    const line = await newLine(product.id);
    await refuseAudit(ctx.database.db, 'update', 'inventory_product', line.lineId);
    expectInternalError(await updateProduct(product.id, { ...product.body, pounds_per_gallon: '9' }));
    const [stored] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(stored?.poundsPerGallon).toBeNull();
    expect((await getLine(line)).pounds_per_gallon).toBeNull();
  });
});

describe('PATCH /inventories/:id/product/:productId/refresh-from-catalog', () => {
  async function staleLine() {
    const product = await newProduct();
    const line = await newLine(product.id);
    await setInventory(line.inventoryId, { isCompleted: true });
    const next = { ...product.body, pounds_per_gallon: '15.3', hazard_ids: [ids.toxic] };
    expect((await updateProduct(product.id, next)).statusCode).toBe(200);
    return { product, line };
  }

  it('copies the catalogue onto the line with its audit row, and the notice goes', async () => {
    const { product, line } = await staleLine();
    await setInventory(line.inventoryId, { isCompleted: false });
    const before = await getLine(line);
    expect(before.catalog_differences).toEqual(['pounds_per_gallon', 'hazards']);

    const res = await refresh(line);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; resource: InventoryProductResource };
    expect(body.message).toBe(
      `Inventory product ${product.body.name} refreshed from the catalogue successfully`,
    );
    expect(body.resource).toMatchObject({
      pounds_per_gallon: 15.3,
      max_pounds: 3366,
      hazards: [{ id: ids.toxic, name: 'Toxic' }],
      catalog_differs: false,
      catalog_differences: [],
    });
    expect(await getLine(line)).toEqual(body.resource);
    const audits = await catalogAudits(line.lineId);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({
      from_catalog: 'refresh',
      changes: { pounds_per_gallon: { before: null, after: 15.3 } },
    });

    // A line that matches is answered as it is, with no second audit row.
    expect((await refresh(line)).statusCode).toBe(200);
    expect(await catalogAudits(line.lineId)).toHaveLength(1);
  });

  it('is refused to staff on a completed inventory (403) and allowed to an admin', async () => {
    const { line } = await staleLine();
    const refused = await refresh(line, 'staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: INVENTORY_PRODUCT_MSG.closedInventory });
    expect((await getLine(line)).pounds_per_gallon).toBeNull();
    expect(await catalogAudits(line.lineId)).toEqual([]);

    const res = await refresh(line, 'admin');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { resource: InventoryProductResource }).resource.pounds_per_gallon).toBe(15.3);
  });

  it('answers 404 for a line that is not the inventory’s, and 403 to a technician', async () => {
    const { line } = await staleLine();
    await setInventory(line.inventoryId, { isCompleted: false });
    const other = await create.inventory(ctx, { customer_id: ids.customer });
    const missing = await refresh({ inventoryId: other.id, lineId: line.lineId });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Inventory product not found.' });
    expect((await refresh(line, 'technician')).statusCode).toBe(403);
    expect((await getLine(line)).catalog_differs).toBe(true);
  });
});
