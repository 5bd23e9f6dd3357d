import { FILING_MSG, type FilingItem, filingStatus, type ListPage } from '@chemtrack/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { auditLog, filings } from '../../db/schema/index.ts';
import { addressBody, create } from '../../seed/factories.ts';

/**
 * Issue 36 "Filing status". Due dates by hand (regulatory-rules.md §3: Tier II due 1 March for the
 * previous calendar year; §6: TRI due 1 July; 40 CFR 112.5(b): the SPCC plan reviewed at least
 * every five years):
 * - a 2015 inventory (the oldest year an inventory takes): Tier II due 2016-03-01, long past:
 *   late; TRI (a 313 report generated) due 2016-07-01: late;
 * - this year's inventory: Tier II due 1 March next year (its status, due or upcoming, depends on
 *   the day the suite runs: the domain's filingStatus, tested on fixed days, gives it);
 * - an SPCC review marked on 2016-06-15 for the 2015 inventory: this year's review is due
 *   2021-06-15 (five years on): late.
 */

const TODAY = new Date().toISOString().slice(0, 10);
const THIS_YEAR = Number(TODAY.slice(0, 4));
const NEXT_MARCH = `${THIS_YEAR + 1}-03-01`;
const NEXT_MARCH_STATUS = filingStatus(NEXT_MARCH, false, TODAY);

let ctx: TestContext;
const ids = { customer: 0, texas: 0, ohio: 0, old: 0, future: 0, ohioYear: 0 };

function list(query = '', role: 'admin' | 'staff' | 'technician' = 'staff') {
  return ctx.call(role, { method: 'GET', url: `/filings/list?${query}` });
}
function itemsOf(res: { json(): unknown }) {
  return (res.json() as { resource: ListPage<FilingItem> }).resource.items;
}
function mark(body: Record<string, unknown>, role: 'admin' | 'staff' | 'technician' = 'staff') {
  return ctx.call(role, { method: 'POST', url: '/filings/mark-filed', payload: body });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const customer = await create.customer(ctx, { name: 'Gulf Terminals' });
  ids.customer = customer.id;
  const texas = await create.facility(ctx, { customer_id: customer.id, name: 'Houston Terminal' });
  const ohio = await create.facility(ctx, {
    customer_id: customer.id,
    name: 'Toledo Depot',
    address: addressBody({ state: 'OH', city: 'Toledo', zip: '43604' }),
  });
  ids.texas = texas.id;
  ids.ohio = ohio.id;
  const inventory = async (facilityId: number, year: number) =>
    (await create.inventory(ctx, { customer_id: customer.id, facility_id: facilityId, year })).id;
  ids.old = await inventory(texas.id, 2015);
  ids.future = await inventory(texas.id, THIS_YEAR);
  ids.ohioYear = await inventory(ohio.id, THIS_YEAR);
  await create.inventoryProduct(ctx, ids.old);
  // A TRI report generated for 2015 puts its Form R on the list.
  const generated = await ctx.call('staff', {
    method: 'POST',
    url: '/report/generate',
    payload: {
      type: 'epcra_313_otherwise_used',
      customer_id: customer.id,
      facility_id: texas.id,
      year: 2015,
      format: 'xlsx',
    },
  });
  expect(generated.statusCode, generated.body).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /filings/list', () => {
  it('lists each facility-year with its due dates, late first, and leaves TRI to the years with a 313 report', async () => {
    const res = await list(`customer_id=${ids.customer}`);
    expect(res.statusCode).toBe(200);
    expect(
      itemsOf(res).map((item) => [item.facility_name, item.year, item.obligation, item.due_on, item.status]),
    ).toEqual([
      ['Houston Terminal', 2015, 'tier2', '2016-03-01', 'late'],
      ['Houston Terminal', 2015, 'tri_form_r', '2016-07-01', 'late'],
      ['Houston Terminal', THIS_YEAR, 'tier2', NEXT_MARCH, NEXT_MARCH_STATUS],
      ['Toledo Depot', THIS_YEAR, 'tier2', NEXT_MARCH, NEXT_MARCH_STATUS],
    ]);
    const tri = itemsOf(res)[1]!;
    expect(tri.reports).toMatchObject([
      { type: 'epcra_313_otherwise_used', format: 'xlsx', inventory_changed_since: false },
    ]);
    expect(tri.reports[0]!.generated_by).toBeTruthy();
  });

  it('filters by state, due month and status; a technician may not read it', async () => {
    const ohio = await list(`customer_id=${ids.customer}&state=oh`);
    expect(itemsOf(ohio).map((item) => item.facility_name)).toEqual(['Toledo Depot']);
    const march = await list(`customer_id=${ids.customer}&due_month=2016-03`);
    expect(itemsOf(march).map((item) => [item.year, item.obligation])).toEqual([[2015, 'tier2']]);
    const late = await list(`customer_id=${ids.customer}&status=late`);
    expect(itemsOf(late)).toHaveLength(2);
    const bad = await list('due_month=2020-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { due_month: [FILING_MSG.dueMonthInvalid] } });
    expect((await list('', 'technician')).statusCode).toBe(403);
  });

  it('says a report drawn before its inventory changed is out of date', async () => {
    await create.inventoryProduct(ctx, ids.old);
    const tri = itemsOf(await list(`customer_id=${ids.customer}&status=late`)).find(
      (item) => item.obligation === 'tri_form_r',
    );
    expect(tri?.reports[0]?.inventory_changed_since).toBe(true);
  });
});

describe('POST /filings/mark-filed', () => {
  it('refuses a bad body with the field messages and writes nothing', async () => {
    const res = await mark({ inventory_id: ids.old, obligation: 'tier2', filed_on: '', method: 'fax' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { filed_on: [FILING_MSG.filedOnRequired], method: [FILING_MSG.methodRequired] },
    });
    const future = await mark({
      inventory_id: ids.old,
      obligation: 'tier2',
      filed_on: '2999-01-01',
      method: 'paper',
    });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({ errors: { filed_on: [FILING_MSG.filedOnFuture] } });
    const missing = await mark({
      inventory_id: 999_999,
      obligation: 'tier2',
      filed_on: '2016-02-20',
      method: 'paper',
    });
    expect(missing.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(filings)).toEqual([]);
  });

  it('marks a filing with its audit row, moves it out of the due list, and refuses a second mark with 409', async () => {
    const body = {
      inventory_id: ids.old,
      obligation: 'tier2',
      filed_on: '2016-02-20',
      method: 't2s',
      confirmation_number: 'TX-2016-0042',
    };
    const res = await mark(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: FILING_MSG.marked });
    const id = (res.json() as { resource: { id: number } }).resource.id;
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'filing'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ action: 'create' });

    const open = itemsOf(await list(`customer_id=${ids.customer}`));
    expect(open.some((item) => item.year === 2015 && item.obligation === 'tier2')).toBe(false);
    const filed = itemsOf(await list(`customer_id=${ids.customer}&status=filed`));
    expect(filed).toMatchObject([
      {
        year: 2015,
        obligation: 'tier2',
        status: 'filed',
        filing: { filed_on: '2016-02-20', method: 't2s', confirmation_number: 'TX-2016-0042' },
      },
    ]);

    const again = await mark({ ...body, confirmation_number: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: FILING_MSG.alreadyFiled });
    const rows = await ctx.database.db.select().from(filings).where(eq(filings.inventoryId, ids.old));
    expect(rows.map((row) => row.confirmationNumber)).toEqual(['TX-2016-0042']);
  });

  it('runs the SPCC review five years from the last one marked', async () => {
    const res = await mark({
      inventory_id: ids.old,
      obligation: 'spcc_review',
      filed_on: '2016-06-15',
      method: 'paper',
    });
    expect(res.statusCode).toBe(201);
    // This year shows its review once an SPCC plan is generated for it.
    const generated = await ctx.call('staff', {
      method: 'POST',
      url: '/report/generate',
      payload: {
        type: 'spcc_plan',
        customer_id: ids.customer,
        facility_id: ids.texas,
        year: THIS_YEAR,
        format: 'xlsx',
      },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const review = itemsOf(await list(`customer_id=${ids.customer}`)).find(
      (item) => item.year === THIS_YEAR && item.obligation === 'spcc_review',
    );
    expect(review).toMatchObject({ due_on: '2021-06-15', status: 'late', facility_name: 'Houston Terminal' });
  });

  it('lets an admin take a mark back, not staff', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(filings)
      .where(and(eq(filings.inventoryId, ids.old), eq(filings.obligation, 'tier2')));
    expect(
      (await ctx.call('staff', { method: 'DELETE', url: `/filings/${row!.id}/unmark` })).statusCode,
    ).toBe(403);
    const res = await ctx.call('admin', { method: 'DELETE', url: `/filings/${row!.id}/unmark` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FILING_MSG.unmarked });
    expect(await ctx.database.db.select().from(filings).where(eq(filings.id, row!.id))).toEqual([]);
    expect(
      (await ctx.call('admin', { method: 'DELETE', url: `/filings/${row!.id}/unmark` })).statusCode,
    ).toBe(404);
  });
});

describe('GET /filings/export', () => {
  it('writes the whole filtered list as CSV with the screen columns', async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/filings/export?customer_id=${ids.customer}&state=OH`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="filings-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // UTF-8 with its byte order mark, which Excel needs to read it as UTF-8.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Customer,Facility,State,Year,Filing,Due on,Status,Filed on,How,Confirmation number,Filed by,Last report generated,Inventory changed since',
      `Gulf Terminals,Toledo Depot,OH,${THIS_YEAR},Tier II (EPCRA 311/312),${NEXT_MARCH},${NEXT_MARCH_STATUS},,,,,,`,
      '',
    ]);
  });
});
