import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
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
});
