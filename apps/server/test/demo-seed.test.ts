import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryProducts, users } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { createTestContext, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.database.db, ctx.app.files);
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('gives a newcomer customers with facilities in several states, one without any', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/customers/list?ipp=100' });
    const rows = res.json().resource.items as { name: string; facility: { full_address: string } | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.find((r) => r.name === 'Harbor Marine Services')?.facility).toBeNull();
    const states = new Set(
      rows.flatMap((r) => (r.facility ? [r.facility.full_address.split(', ').at(-1)?.split(' ')[0]] : [])),
    );
    expect(states.size).toBeGreaterThanOrEqual(5);
  });

  it('has the usual hazard classes, container types and units with their unit types', async () => {
    const hazards = (await ctx.call('staff', { method: 'GET', url: '/hazards/list?ipp=100' })).json().resource
      .items;
    expect(hazards.map((h: { name: string }) => h.name)).toEqual(
      expect.arrayContaining(['Flammable', 'Corrosive', 'Compressed Gas']),
    );
    const units = (
      await ctx.call('staff', { method: 'GET', url: '/container-units/list?ipp=100&order_by=name' })
    ).json().resource.items;
    expect(units).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Drum (gal)', unit_type: 'gal' })]),
    );
    const [technicians] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'technician'));
    expect(technicians?.n).toBeGreaterThanOrEqual(4);
  });

  it('has about 30 products with hazard classes, components and a real SDS PDF each but the pending ones', async () => {
    const list = (await ctx.call('staff', { method: 'GET', url: '/products/list?ipp=100' })).json().resource;
    expect(list.meta.total).toBeGreaterThanOrEqual(28);
    const items = list.items as {
      id: number;
      name: string;
      sds_status: string;
      has_sds_file: boolean;
      hazards: unknown[];
    }[];
    expect(items.filter((p) => p.sds_status === 'pending').every((p) => !p.has_sds_file)).toBe(true);
    expect(items.filter((p) => p.sds_status !== 'pending').every((p) => p.has_sds_file)).toBe(true);
    expect(items.filter((p) => p.hazards.length > 0).length).toBeGreaterThan(20);

    const acid = items.find((p) => p.name.includes('Sulfuric'));
    expect(acid).toBeDefined();
    const components = (
      await ctx.call('staff', { method: 'GET', url: `/products/${acid?.id}/chemical-components/list` })
    ).json().resource.items as { number: string }[];
    expect(components.map((c) => c.number)).toContain('7664-93-9');
    const sds = await ctx.call('staff', { method: 'GET', url: `/products/${acid?.id}/sds-download` });
    expect(sds.statusCode).toBe(200);
    expect(sds.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has two years of inventories for two facilities, the later copied from the earlier and walked through', async () => {
    const list = (
      await ctx.call('staff', { method: 'GET', url: '/inventories/list?status=all&ipp=100&order_by=year' })
    ).json().resource.items as { id: number; year: number; facility__name: string; is_completed: boolean }[];
    const year = new Date().getFullYear();
    const refinery = list.filter((row) => row.facility__name === 'Pasadena Refinery');
    expect(refinery.map((row) => row.year)).toEqual([year - 2, year - 1]);
    expect(list.filter((row) => row.is_completed).map((row) => [row.facility__name, row.year])).toEqual([
      ['Chicago Plating Works', year - 2],
    ]);

    const [earlier, later] = refinery;
    const detail = (await ctx.call('staff', { method: 'GET', url: `/inventories/${later?.id}/get` })).json()
      .resource;
    expect(detail.duplicates.map((d: { id: number }) => d.id)).toEqual([earlier?.id]);
    expect(detail.technicians.map((t: { profile: { full_name: string } }) => t.profile.full_name)).toEqual([
      'James Chen',
      'Maria Lopez',
    ]);

    const lines = await ctx.database.db
      .select()
      .from(inventoryProducts)
      .where(sql`${inventoryProducts.inventoryId} IN (${earlier?.id}, ${later?.id})`);
    const of = (id: number | undefined) => lines.filter((line) => line.inventoryId === id);
    expect(of(earlier?.id)).toHaveLength(12);
    // One line gone, two new, the rest copied with the line they came from.
    expect(of(later?.id)).toHaveLength(13);
    expect(of(later?.id).filter((line) => line.sourceLineId !== null)).toHaveLength(11);
    // The worklist: copied lines nobody has looked at this year.
    expect(of(later?.id).filter((line) => line.checkedAt === null).length).toBeGreaterThan(5);
    expect(of(later?.id).filter((line) => !line.isResolveQuestion)).toHaveLength(1);
    const gasoline = of(later?.id).find((line) => line.name === 'Unleaded Gasoline (E10)');
    // 10,000 gal × 3 tanks, pounds by the product's pounds per gallon (spec 02 §9).
    expect(Number(gasoline?.maxGallons)).toBe(30000);
    expect(Number(gasoline?.maxPounds)).toBeCloseTo(30000 * Number(gasoline?.poundsPerGallon), 4);
    const cement = of(earlier?.id).find((line) => line.name.startsWith('Portland Cement'));
    expect([cement?.maxGallons, Number(cement?.maxPounds), cement?.locationStored]).toEqual([
      null,
      3760,
      'WAREHOUSE',
    ]);
  });
});
