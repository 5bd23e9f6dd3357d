import { REPORT_MSG, type ReportChanges } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 36 "What changed since last year": one facility, inventories of 2024 and 2025, every line
 * in pound bags (the container calculation: size × count = pounds), mixtures reported whole, no
 * reference list uploaded (so no chemical is an EHS and no programme covers any); each product a
 * fire hazard (the legacy flag), so each is a hazardous chemical Tier II lists.
 *
 * Hand computation (rules §3: Tier II range codes, 40 CFR 370.43(a); threshold 10,000 lb for a
 * chemical that is not an EHS, 370.10(a)(2)(ii)):
 * - Acetone: 2024 40 × 50 = 2,000 lb → code 04 (1,000-4,999); 2025 120 × 50 = 6,000 lb → code 05
 *   (5,000-9,999). Average 1,500 lb both years → 04 both; 365 days both; both under 10,000 lb, so
 *   not reported either year. One change: the maximum amount code, 04 → 05.
 * - Toluene: 2024 only, 12 × 50 = 600 lb → code 03 (500-999): removed.
 * - Xylene: 2025 only, 16 × 50 = 800 lb → code 03: added.
 * So exactly three changes: Xylene added, Toluene removed, Acetone's maximum code 04 → 05.
 */

const ACETONE = '67-64-1';
const TOLUENE = '108-88-3';
const XYLENE = '1330-20-7';

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Solvent Works' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const product = (name: string, cas: string) =>
    create.productWithComponents(
      ctx,
      name,
      { physical_state: 'liquid', specific_gravity: '', pounds_per_gallon: '', is_sara_f: 1 },
      [{ name, number: cas, percentage_weight: '100' }],
    );
  const acetone = await product('Acetone', ACETONE);
  const toluene = await product('Toluene', TOLUENE);
  const xylene = await product('Xylene', XYLENE);
  const inventoryOf = async (year: number, lines: [number, string][]) => {
    const inventory = (
      await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year })
    ).id;
    for (const [productId, bags] of lines) {
      await create.inventoryProduct(ctx, inventory, {
        product_id: productId,
        container_id: bag,
        container_unit_id: pound,
        container_size: '50',
        container_quantity: bags,
        location_stored: 'WAREHOUSE',
        average_pounds: productId === acetone ? '1500' : '300',
        days_on_site: 365,
      });
    }
  };
  await inventoryOf(2024, [
    [acetone, '40'],
    [toluene, '12'],
  ]);
  await inventoryOf(2025, [
    [acetone, '120'],
    [xylene, '16'],
  ]);
});
afterAll(() => ctx.close());

function changes(query: Record<string, string | number>, role: 'admin' | 'staff' | 'technician' = 'admin') {
  const search = new URLSearchParams(
    Object.entries({
      type: 'epcra_311_312_tier2',
      customer_id: ids.customer,
      facility_id: ids.facility,
      ...query,
    }).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return ctx.call(role, { method: 'GET', url: `/report/changes?${search}` });
}

describe('GET /report/changes', () => {
  it('lists the chemical added, the one removed and the range code that moved, and nothing else', async () => {
    const res = await changes({ year: 2025 }, 'staff');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { resource: ReportChanges }).resource).toEqual({
      previous_year: 2024,
      added: [
        { cas_number: XYLENE, name: 'Xylene', max_amount_code: '03', reported_on_tier2: 'not covered' },
      ],
      removed: [
        { cas_number: TOLUENE, name: 'Toluene', max_amount_code: '03', reported_on_tier2: 'not covered' },
      ],
      changed: [
        {
          cas_number: ACETONE,
          name: 'Acetone',
          field: 'max_amount_code',
          label: 'Maximum amount code',
          before: '04',
          after: '05',
        },
      ],
    });
  });

  it('answers a first year with no previous year and nothing listed', async () => {
    const res = await changes({ year: 2024 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resource: { previous_year: null, added: [], removed: [], changed: [] } });
  });

  it('answers 404 for a year without an inventory, 422 for a bad type, 403 for a technician', async () => {
    const missing = await changes({ year: 2023 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: REPORT_MSG.noInventory });
    const badType = await changes({ year: 2025, type: 'tier3' });
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: { type: ['Type is required'] } });
    expect((await changes({ year: 2025 }, 'technician')).statusCode).toBe(403);
  });
});
