import type { FilingItem, ListPage } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { uploadedList } from '../../../test/report-files.ts';
import { regulatoryEntries } from '../../db/schema/index.ts';
import { addressBody, create } from '../../seed/factories.ts';

/**
 * Issue 36: the EPCRA 302 notification on the Filings screen (decision 036). Rule (rules §1): the
 * SERC and LEPC are notified within 60 days after an EHS first becomes present at or above its
 * TPQ; listed for the facility-year whose 302 report requires the notification while the
 * facility's previous year's did not, or that is its first year. By hand, with chlorine (EHS,
 * TPQ 100 lb; 302 tests ≥):
 * - Riverside Plant 2017: a drum of caustic only (no EHS) → no notification.
 *   2018: a 150 lb chlorine cylinder, 150 ≥ 100 → notification required, 2017's was not → listed;
 *   the EHS arrived 2018-03-10: due 10 March + 60 days = 21 days to 31 March, 30 in April (51),
 *   9 in May (60) → 2018-05-09, long past → late.
 *   2019: the same cylinder → required, but 2018's was too → not listed.
 * - Hilltop Site 2019, its first year: 3 cylinders of 50 lb = 150 ≥ 100 → listed; no arrival day
 *   recorded → no due date: "Due date unknown", saying what to enter.
 * - Low Shed 2019: one 50 lb cylinder, 50 < 100 → not required (it holds an EHS below its TPQ).
 */

let ctx: TestContext;
const ids = {
  customer: 0,
  riverside2017: 0,
  riverside2018: 0,
  riverside2019: 0,
  hilltopSite: 0,
  hilltop: 0,
  chlorine: 0,
};
const units = { pound: 0, cylinder: 0 };

function list(query: string) {
  return ctx.call('staff', { method: 'GET', url: `/filings/list?customer_id=${ids.customer}&${query}` });
}
async function notifications(query = 'status=all') {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { resource: ListPage<FilingItem> }).resource.items.filter(
    (item) => item.obligation === 'epcra_302',
  );
}

function cylinders(inventoryId: number, size: string, quantity: string) {
  return create.inventoryProduct(ctx, inventoryId, {
    product_id: ids.chlorine,
    container_id: units.cylinder,
    container_unit_id: units.pound,
    container_size: size,
    container_quantity: quantity,
    location_stored: 'GAS CAGE',
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values({
    listType: 'ehs',
    databaseEntryId: ehs,
    chemicalName: 'Chlorine',
    casNumber: '7782-50-5',
    thresholdQuantityLbs: '100',
    tpqText: '100',
  });
  ids.customer = (await create.customer(ctx, { name: 'Chlor Works Co' })).id;
  const site = async (name: string, street: string) =>
    (
      await create.facility(ctx, {
        name,
        customer_id: ids.customer,
        address: addressBody({ address: street }),
      })
    ).id;
  const riverside = await site('Riverside Plant', '1 River Rd');
  ids.hilltopSite = await site('Hilltop Site', '2 Hill Rd');
  const lowShed = await site('Low Shed', '3 Low Rd');
  const year = async (facilityId: number, value: number, extra: Record<string, string> = {}) =>
    (
      await create.inventory(ctx, {
        customer_id: ids.customer,
        facility_id: facilityId,
        year: value,
        ...extra,
      })
    ).id;
  ids.riverside2017 = await year(riverside, 2017);
  ids.riverside2018 = await year(riverside, 2018, { ehs_first_present_on: '2018-03-10' });
  ids.riverside2019 = await year(riverside, 2019);
  ids.hilltop = await year(ids.hilltopSite, 2019);
  const lowShedYear = await year(lowShed, 2019);

  units.pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  units.cylinder = (await create.container(ctx, { name: 'Cylinder' })).id;
  ids.chlorine = await create.productWithComponents(
    ctx,
    'Chlorine, liquified',
    {
      physical_state: 'liquified gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: '5.4',
    },
    [{ name: 'Chlorine', number: '7782-50-5', percentage_weight: '100' }],
  );
  // A line of a product on no list: 2017 holds no EHS at all.
  await create.inventoryProduct(ctx, ids.riverside2017);
  await cylinders(ids.riverside2018, '150', '1');
  await cylinders(ids.riverside2019, '150', '1');
  await cylinders(ids.hilltop, '50', '3');
  await cylinders(lowShedYear, '50', '1');
});
afterAll(() => ctx.close());

describe('the EPCRA 302 notification on GET /filings/list', () => {
  it('is listed in the year an EHS first reaches its TPQ, due 60 days after the day it arrived', async () => {
    const items = await notifications();
    expect(
      items.map((item) => [
        item.facility_name,
        item.year,
        item.obligation_label,
        item.due_on,
        item.status,
        item.missing,
      ]),
    ).toEqual([
      ['Riverside Plant', 2018, 'EPCRA 302 notification', '2018-05-09', 'late', null],
      [
        'Hilltop Site',
        2019,
        'EPCRA 302 notification',
        null,
        'undated',
        'Due 60 days after an EHS first reached its TPQ: enter that day as "EHS first at or above TPQ on" on the 2019 inventory.',
      ],
    ]);
  });

  it('gets its due date once the inventory records the day, and moves with the inventory lines', async () => {
    const dated = await ctx.call('staff', {
      method: 'PATCH',
      url: `/inventories/${ids.hilltop}/update`,
      payload: {
        year: 2019,
        customer_id: ids.customer,
        facility_id: ids.hilltopSite,
        ehs_first_present_on: '2019-12-15',
      },
    });
    expect(dated.statusCode, dated.body).toBe(200);
    // 15 December 2019 + 60: 16 days to 31 December, 31 in January (47), 13 in February (60) → 2020-02-13.
    const hilltop = (await notifications()).find((item) => item.facility_name === 'Hilltop Site');
    expect([hilltop?.due_on, hilltop?.status, hilltop?.missing]).toEqual(['2020-02-13', 'late', null]);

    // Chlorine counted in 2017 too: 2017 becomes Riverside's first year with it, and 2018 no longer is.
    const line = await cylinders(ids.riverside2017, '150', '1');
    expect(
      (await notifications())
        .filter((item) => item.facility_name === 'Riverside Plant')
        .map((item) => item.year),
    ).toEqual([2017]);
    const removed = await ctx.call('admin', {
      method: 'DELETE',
      url: `/inventories/${ids.riverside2017}/product/${line.id}/unlink`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await notifications())
        .filter((item) => item.facility_name === 'Riverside Plant')
        .map((item) => item.year),
    ).toEqual([2018]);
  });

  it('is marked as filed like the others, and leaves the due list', async () => {
    const marked = await ctx.call('staff', {
      method: 'POST',
      url: '/filings/mark-filed',
      payload: {
        inventory_id: ids.riverside2018,
        obligation: 'epcra_302',
        filed_on: '2018-04-30',
        method: 'paper',
        confirmation_number: 'LEPC-302-7',
      },
    });
    expect(marked.statusCode, marked.body).toBe(201);
    const riverside = (await notifications()).find((item) => item.facility_name === 'Riverside Plant');
    expect([riverside?.status, riverside?.filing?.filed_on, riverside?.filing?.confirmation_number]).toEqual([
      'filed',
      '2018-04-30',
      'LEPC-302-7',
    ]);
    expect((await notifications('status=open')).map((item) => item.facility_name)).toEqual(['Hilltop Site']);
  });
});
