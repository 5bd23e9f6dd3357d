import { INVENTORY_MSG, type InventoryResource, SERVER_MSG } from '@chemtrack/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import {
  auditActions,
  clearRefusedAudits,
  expectInternalError,
  installAuditRefusals,
  refuseAudit,
} from '../../../test/refused-audits.ts';
import {
  auditLog,
  facilityCustomers,
  inventories,
  inventoryDuplicates,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProducts,
  inventoryTechnicians,
} from '../../db/schema/index.ts';
import { create, inventoryBody } from '../../seed/factories.ts';

let ctx: TestContext;
const THIS_YEAR = new Date().getFullYear();
const LAST_YEAR = THIS_YEAR - 1;

/** Gulf Coast Refining owns Baytown Plant and shares Pasadena Terminal, which Harbor Logistics owns. */
const ids = {
  gulf: 0,
  harbor: 0,
  baytown: 0,
  pasadena: 0,
  harborYard: 0,
  tomas: 0,
  rita: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  await installAuditRefusals(ctx.database.db);
  ids.gulf = (await create.customer(ctx, { name: 'Gulf Coast Refining' })).id;
  ids.harbor = (await create.customer(ctx, { name: 'Harbor Logistics' })).id;
  ids.baytown = (await create.facility(ctx, { name: 'Baytown Plant', customer_id: ids.gulf })).id;
  ids.pasadena = (await create.facility(ctx, { name: 'Pasadena Terminal', customer_id: ids.harbor })).id;
  ids.harborYard = (await create.facility(ctx, { name: 'Harbor Yard', customer_id: ids.harbor })).id;
  await ctx.database.db.insert(facilityCustomers).values({ facilityId: ids.pasadena, customerId: ids.gulf });
  ids.tomas = (await create.technician(ctx, { first_name: 'Tomas', last_name: 'Reyes' })).id;
  ids.rita = (await create.technician(ctx, { first_name: 'Rita', last_name: 'Okafor' })).id;
});
afterAll(() => ctx.close());
afterEach(() => clearRefusedAudits(ctx.database.db));

type Role = 'admin' | 'staff' | 'technician';

async function createInventory(body: Record<string, unknown>, role: Role = 'staff') {
  const res = await ctx.call(role, {
    method: 'POST',
    url: '/inventories/create',
    payload: inventoryBody({ customer_id: ids.gulf, facility_id: ids.baytown, ...body }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as InventoryResource;
}

/** A facility of Gulf Coast Refining of its own, so each test's years do not meet another's. */
async function newFacility(name: string): Promise<number> {
  return (await create.facility(ctx, { name, customer_id: ids.gulf })).id;
}

async function inventoryRows() {
  return ctx.database.db.select().from(inventories).orderBy(asc(inventories.id));
}

async function snapshot() {
  const db = ctx.database.db;
  return {
    inventories: await inventoryRows(),
    technicians: await db.select().from(inventoryTechnicians),
    duplicates: await db.select().from(inventoryDuplicates),
    lines: await db.select({ n: sql<number>`count(*)::int` }).from(inventoryProducts),
  };
}

const ref = (id: number, name: string) => ({ id, name });

describe('create and get', () => {
  it('creates an inventory with its technicians and answers it as get does', async () => {
    const facility = await newFacility('Channelview Works');
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: inventoryBody({
        year: String(LAST_YEAR),
        customer_id: ids.gulf,
        facility_id: facility,
        technician_ids: [ids.tomas, ids.rita, ids.tomas],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(`Inventory ${LAST_YEAR} of Channelview Works created successfully`);
    expect(body.resource).toEqual({
      id: expect.any(Number),
      year: LAST_YEAR,
      customer_id: ids.gulf,
      facility_id: facility,
      customer: ref(ids.gulf, 'Gulf Coast Refining'),
      facility: ref(facility, 'Channelview Works'),
      technicians: [
        { id: ids.rita, profile: { first_name: 'Rita', last_name: 'Okafor', full_name: 'Rita Okafor' } },
        { id: ids.tomas, profile: { first_name: 'Tomas', last_name: 'Reyes', full_name: 'Tomas Reyes' } },
      ],
      duplicates: [],
      is_completed: false,
      is_active: true,
      certifier_name: '',
      certifier_title: '',
      date_signed: null,
      ehs_first_present_on: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await ctx.call('technician', { method: 'GET', url: `/inventories/${body.resource.id}/get` });
    expect(got.statusCode).toBe(403);
    const staffGot = await ctx.call('staff', { method: 'GET', url: `/inventories/${body.resource.id}/get` });
    expect(staffGot.json()).toEqual({ resource: body.resource });
    expect(await auditActions(ctx.database.db, 'inventory', body.resource.id)).toEqual(['create']);
  });

  it('accepts a facility the customer shares, and ignores is_completed on create', async () => {
    const created = await createInventory({ facility_id: ids.pasadena, is_completed: 1, year: 2015 });
    expect(created.facility).toEqual(ref(ids.pasadena, 'Pasadena Terminal'));
    expect(created.is_completed).toBe(false);
    expect(created.year).toBe(2015);
  });

  it('answers 404 for an inventory that does not exist', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/inventories/999999/get' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Inventory not found.' });
  });

  it.each([
    ['no year', { year: undefined }, 'year', INVENTORY_MSG.yearRequired],
    ['an empty year', { year: '' }, 'year', INVENTORY_MSG.yearRequired],
    ['a year that is no number', { year: 'last' }, 'year', INVENTORY_MSG.yearRequired],
    ['2014', { year: 2014 }, 'year', `Year must be between 2015 and ${THIS_YEAR}.`],
    ['next year', { year: THIS_YEAR + 1 }, 'year', `Year must be between 2015 and ${THIS_YEAR}.`],
    ['no customer', { customer_id: undefined }, 'customer_id', INVENTORY_MSG.customerRequired],
    ['no facility', { facility_id: '' }, 'facility_id', INVENTORY_MSG.facilityRequired],
    ['a customer that does not exist', { customer_id: 999999 }, 'customer_id', 'Customer is required.'],
    ['a facility that does not exist', { facility_id: 999999 }, 'facility_id', 'Facility is required.'],
    [
      "another customer's facility",
      { facility_id: 'harborYard' },
      'facility_id',
      'The facility does not belong to the customer.',
    ],
    [
      'a user who is no technician',
      { technician_ids: 'staff' },
      'technician_ids',
      'Each technician must be an existing technician.',
    ],
    [
      'technicians that are no list',
      { technician_ids: 'x' },
      'technician_ids',
      'Each technician must be an existing technician.',
    ],
  ])('refuses %s with its message, saving nothing', async (_what, patch, field, message) => {
    const resolved: Record<string, unknown> = { ...patch };
    if (resolved.facility_id === 'harborYard') resolved.facility_id = ids.harborYard;
    if (resolved.technician_ids === 'staff') resolved.technician_ids = [ctx.users.staff.id];
    const before = await snapshot();
    const payload: Record<string, unknown> = {
      ...inventoryBody({ customer_id: ids.gulf, facility_id: ids.baytown, year: 2016 }),
      ...resolved,
    };
    for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
    const res = await ctx.call('staff', { method: 'POST', url: '/inventories/create', payload });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a second inventory of the customer, facility and year with 409 naming the first', async () => {
    const facility = await newFacility('Deer Park Unit');
    const first = await createInventory({ facility_id: facility, year: 2020 });
    await ctx.call('admin', { method: 'PATCH', url: `/inventories/${first.id}/activate` });
    const before = await snapshot();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2020 }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'An inventory of Deer Park Unit for 2020 already exists.',
      errors: { year: ['An inventory of Deer Park Unit for 2020 already exists.'] },
      existing: {
        id: first.id,
        year: 2020,
        customer: ref(ids.gulf, 'Gulf Coast Refining'),
        facility: ref(facility, 'Deer Park Unit'),
        is_active: false,
      },
    });
    expect(await snapshot()).toEqual(before);
    // Another customer sharing the facility has years of its own.
    const harbors = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: inventoryBody({ customer_id: ids.harbor, facility_id: ids.pasadena, year: 2015 }),
    });
    expect(harbors.statusCode, harbors.body).toBe(201);
  });

  it('lets only one of two saves of the same year at once through', async () => {
    const facility = await newFacility('Beaumont Terminal');
    const send = () =>
      ctx.call('staff', {
        method: 'POST',
        url: '/inventories/create',
        payload: inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2023 }),
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.database.db.select().from(inventories).where(eq(inventories.facilityId, facility));
    expect(rows).toHaveLength(1);
  });

  it('keeps the change and its audit row together: a refused audit row leaves no inventory', async () => {
    const facility = await newFacility('Texas City Depot');
    const before = await snapshot();
    await refuseAudit(ctx.database.db, 'create', 'inventory');
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: inventoryBody({ customer_id: ids.gulf, facility_id: facility, technician_ids: [ids.tomas] }),
    });
    expectInternalError(res);
    expect(await snapshot()).toEqual(before);
  });
});

describe('update, completion and archive', () => {
  async function update(role: Role, id: number, body: Record<string, unknown>) {
    return ctx.call(role, { method: 'PATCH', url: `/inventories/${id}/update`, payload: body });
  }

  it('updates year and technicians, keeping what it was copied from', async () => {
    const facility = await newFacility('La Porte Site');
    const created = await createInventory({ facility_id: facility, year: 2018, technician_ids: [ids.tomas] });
    const res = await update(
      'staff',
      created.id,
      inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2019, technician_ids: [ids.rita] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Inventory 2019 of La Porte Site updated successfully');
    expect(res.json().resource).toMatchObject({
      id: created.id,
      year: 2019,
      technicians: [{ id: ids.rita }],
      is_completed: false,
    });
    expect(await auditActions(ctx.database.db, 'inventory', created.id)).toEqual(['create', 'update']);
  });

  it('answers 404 for an update of an inventory that does not exist', async () => {
    const res = await update(
      'admin',
      999999,
      inventoryBody({ customer_id: ids.gulf, facility_id: ids.baytown }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Inventory not found.' });
  });

  it('refuses a year another inventory of the facility has, with 409', async () => {
    const facility = await newFacility('Pasadena Annex');
    await createInventory({ facility_id: facility, year: 2017 });
    const second = await createInventory({ facility_id: facility, year: 2018 });
    const before = await snapshot();
    const res = await update(
      'staff',
      second.id,
      inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2017 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An inventory of Pasadena Annex for 2017 already exists.');
    expect(await snapshot()).toEqual(before);
  });

  it('lets only an admin complete an inventory, and then only an admin change it', async () => {
    const facility = await newFacility('Sweeny Complex');
    const created = await createInventory({ facility_id: facility, year: 2021 });
    const body = inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2021 });

    let before = await snapshot();
    const staffCompletes = await update('staff', created.id, { ...body, is_completed: 1 });
    expect(staffCompletes.statusCode).toBe(403);
    expect(staffCompletes.json()).toEqual({ message: INVENTORY_MSG.completeAdminOnly });
    expect(await snapshot()).toEqual(before);
    // Sending the completion as it stands is no change.
    expect((await update('staff', created.id, { ...body, is_completed: 0 })).statusCode).toBe(200);

    const adminCompletes = await update('admin', created.id, { ...body, is_completed: true });
    expect(adminCompletes.statusCode, adminCompletes.body).toBe(200);
    expect(adminCompletes.json().resource.is_completed).toBe(true);

    before = await snapshot();
    for (const patch of [{}, { is_completed: 0 }, { year: 2020 }]) {
      const refused = await update('staff', created.id, { ...body, ...patch });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'A completed inventory can be changed by an admin only.' });
    }
    expect(await snapshot()).toEqual(before);

    const adminEdits = await update('admin', created.id, { ...body, technician_ids: [ids.tomas] });
    expect(adminEdits.statusCode).toBe(200);
    expect(adminEdits.json().resource).toMatchObject({
      is_completed: true,
      technicians: [{ id: ids.tomas }],
    });
    const reopened = await update('admin', created.id, { ...body, is_completed: 0 });
    expect(reopened.json().resource.is_completed).toBe(false);
    expect((await update('staff', created.id, body)).statusCode).toBe(200);
  });

  it('archives and unarchives for an admin only', async () => {
    const facility = await newFacility('Freeport Yard');
    const created = await createInventory({ facility_id: facility, year: 2022 });
    const before = await snapshot();
    const staff = await ctx.call('staff', { method: 'PATCH', url: `/inventories/${created.id}/activate` });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: SERVER_MSG.forbidden });
    expect(await snapshot()).toEqual(before);

    const archived = await ctx.call('admin', { method: 'PATCH', url: `/inventories/${created.id}/activate` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().message).toBe('Inventory 2022 of Freeport Yard archived successfully');
    expect(archived.json().resource.is_active).toBe(false);
    const unarchived = await ctx.call('admin', {
      method: 'PATCH',
      url: `/inventories/${created.id}/activate`,
    });
    expect(unarchived.json().message).toBe('Inventory 2022 of Freeport Yard unarchived successfully');
    expect(unarchived.json().resource.is_active).toBe(true);
    expect(await auditActions(ctx.database.db, 'inventory', created.id)).toEqual([
      'create',
      'archive',
      'unarchive',
    ]);
    const missing = await ctx.call('admin', { method: 'PATCH', url: '/inventories/999999/activate' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the Tier II certifier and the EHS day (issue 36)', () => {
  const patch = (id: number, body: Record<string, unknown>) =>
    ctx.call('staff', { method: 'PATCH', url: `/inventories/${id}/update`, payload: body });

  it('keeps them on create, answers them as get does, and records them in the audit row', async () => {
    const facility = await newFacility('Certified Works');
    const created = await createInventory({
      facility_id: facility,
      year: 2020,
      certifier_name: ' Dana Reyes ',
      certifier_title: 'Plant Manager',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
    });
    expect(created).toMatchObject({
      certifier_name: 'Dana Reyes',
      certifier_title: 'Plant Manager',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
    });
    const [row] = await ctx.database.db.select().from(inventories).where(eq(inventories.id, created.id));
    expect(row).toMatchObject({
      certifierName: 'Dana Reyes',
      certifierTitle: 'Plant Manager',
      dateSigned: '2021-02-20',
      ehsFirstPresentOn: '2020-03-10',
    });
    const got = await ctx.call('staff', { method: 'GET', url: `/inventories/${created.id}/get` });
    expect(got.json().resource).toEqual(created);
  });

  it('leaves out of an update what it does not send, clears what it sends empty', async () => {
    const facility = await newFacility('Partial Works');
    const created = await createInventory({
      facility_id: facility,
      year: 2020,
      certifier_name: 'Dana Reyes',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
    });
    const base = inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2020 });
    // A title alone: the stored name goes with it.
    const titled = await patch(created.id, { ...base, certifier_title: 'President' });
    expect(titled.statusCode, titled.body).toBe(200);
    expect(titled.json().resource).toMatchObject({
      certifier_name: 'Dana Reyes',
      certifier_title: 'President',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
    });
    const cleared = await patch(created.id, {
      ...base,
      certifier_name: '',
      certifier_title: null,
      date_signed: '',
      ehs_first_present_on: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().resource).toMatchObject({
      certifier_name: '',
      certifier_title: '',
      date_signed: null,
      ehs_first_present_on: null,
    });
    expect(await auditActions(ctx.database.db, 'inventory', created.id)).toEqual([
      'create',
      'update',
      'update',
    ]);
  });

  it.each([
    [
      { certifier_title: 'President' },
      'certifier_name',
      'Certifier name is required with a title or a date signed.',
    ],
    [
      { certifier_name: 'Dana Reyes', date_signed: '2999-01-01' },
      'date_signed',
      'Date signed cannot be in the future.',
    ],
    [
      { certifier_name: 'Dana Reyes', date_signed: '2021-02-30' },
      'date_signed',
      'Date signed must be a valid date.',
    ],
    [
      { certifier_name: 'x'.repeat(101) },
      'certifier_name',
      'Certifier name may not be greater than 100 characters.',
    ],
    [
      { ehs_first_present_on: '2021-01-01' },
      'ehs_first_present_on',
      'EHS first present on cannot be after the inventory year 2020.',
    ],
    [
      { ehs_first_present_on: '2999-01-01' },
      'ehs_first_present_on',
      'EHS first present on cannot be in the future.',
    ],
  ])('refuses %j with 422 and its message, saving nothing', async (fields, field, message) => {
    const facility = await newFacility(`Refused Works ${field} ${message.length}`);
    const created = await createInventory({ facility_id: facility, year: 2020 });
    const before = await snapshot();
    const res = await patch(created.id, {
      ...inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2020 }),
      ...fields,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a date signed sent alone when the stored name is empty (the rule on what would be stored)', async () => {
    const facility = await newFacility('Unnamed Works');
    const created = await createInventory({ facility_id: facility, year: 2020 });
    const before = await snapshot();
    // certifier_name left out: the stored '' goes with the new date.
    const res = await patch(created.id, {
      ...inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: 2020 }),
      date_signed: '2021-02-20',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Certifier name is required with a title or a date signed.',
      errors: { certifier_name: ['Certifier name is required with a title or a date signed.'] },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('copying an earlier year', () => {
  /** Lines recorded straight in the database: the inventory-products calls are another slice. */
  async function addLines(inventoryId: number) {
    const db = ctx.database.db;
    const hazard = await create.hazard(ctx);
    const component = await create.component(ctx);
    const product = await create.product(ctx);
    const container = await create.container(ctx);
    const unit = await create.containerUnit(ctx, { unit_type: 'gal' });
    const [componentRow] = await db
      .select({ chemicalComponentId: sql<number>`chemical_component_id` })
      .from(sql`product_chemical_components`)
      .where(sql`id = ${component.id}`);
    const lines = await db
      .insert(inventoryProducts)
      .values([
        {
          inventoryId,
          productId: product.id,
          name: 'Parts Cleaner',
          mfgName: 'Acme Chemical Co',
          physicalState: 'liquid',
          poundsPerGallon: '6.60',
          containerId: container.id,
          containerUnitId: unit.id,
          containerSize: '55.0000',
          containerQuantity: '3.0000',
          locationStored: 'WAREHOUSE B',
          maxGallons: '165.0000',
          maxPounds: '1089.0000',
          isSaraF: true,
          notes: 'Is the third drum empty?',
          isResolveQuestion: false,
        },
        {
          inventoryId,
          productId: product.id,
          name: 'Parts Cleaner',
          mfgName: 'Acme Chemical Co',
          physicalState: 'liquid',
          containerId: container.id,
          containerUnitId: unit.id,
          containerSize: '5.0000',
          containerQuantity: '2.0000',
          locationStored: 'SHOP',
        },
      ])
      .returning();
    await db
      .insert(inventoryProductHazards)
      .values({ inventoryProductId: lines[0]!.id, hazardId: hazard.id });
    await db.insert(inventoryProductChemicalComponents).values({
      inventoryProductId: lines[0]!.id,
      chemicalComponentId: componentRow!.chemicalComponentId,
      percentageWeight: '40.0000',
      regulations: 'EPCRA 313',
    });
    return { lines, hazard: hazard.id, component: componentRow!.chemicalComponentId };
  }

  async function linesOf(inventoryId: number) {
    return ctx.database.db
      .select()
      .from(inventoryProducts)
      .where(eq(inventoryProducts.inventoryId, inventoryId))
      .orderBy(asc(inventoryProducts.id));
  }

  it("starts this year's inventory from last year's lines, each copy naming its source", async () => {
    const facility = await newFacility('Baytown East');
    const earlier = await createInventory({ facility_id: facility, year: LAST_YEAR });
    const { lines, hazard, component } = await addLines(earlier.id);
    const sourceBefore = await linesOf(earlier.id);

    const copy = await createInventory({
      facility_id: facility,
      year: THIS_YEAR,
      inventory_ids: [earlier.id],
    });
    expect(copy.duplicates).toEqual([
      {
        id: earlier.id,
        year: LAST_YEAR,
        customer: ref(ids.gulf, 'Gulf Coast Refining'),
        facility: ref(facility, 'Baytown East'),
      },
    ]);
    const copied = await linesOf(copy.id);
    expect(copied).toHaveLength(2);
    const kept = ({
      id: _id,
      inventoryId: _inv,
      createdAt: _c,
      updatedAt: _u,
      ...rest
    }: (typeof copied)[number]) => rest;
    expect(copied.map(kept)).toEqual(
      lines.map((line) => ({
        ...kept(line),
        // Last year's question stays with last year; the copy waits to be checked.
        notes: '',
        isResolveQuestion: true,
        sourceLineId: line.id,
        checkedAt: null,
      })),
    );
    const db = ctx.database.db;
    const copiedIds = copied.map((line) => line.id);
    expect(
      await db
        .select({
          line: inventoryProductHazards.inventoryProductId,
          hazard: inventoryProductHazards.hazardId,
        })
        .from(inventoryProductHazards)
        .where(inArray(inventoryProductHazards.inventoryProductId, copiedIds)),
    ).toEqual([{ line: copied[0]!.id, hazard }]);
    expect(
      await db
        .select({
          line: inventoryProductChemicalComponents.inventoryProductId,
          component: inventoryProductChemicalComponents.chemicalComponentId,
          weight: inventoryProductChemicalComponents.percentageWeight,
          regulations: inventoryProductChemicalComponents.regulations,
        })
        .from(inventoryProductChemicalComponents)
        .where(inArray(inventoryProductChemicalComponents.inventoryProductId, copiedIds)),
    ).toEqual([{ line: copied[0]!.id, component, weight: '40.0000', regulations: 'EPCRA 313' }]);
    expect(await linesOf(earlier.id)).toEqual(sourceBefore);

    // What it was copied from is fixed once made; sending it unchanged is fine.
    const body = inventoryBody({ customer_id: ids.gulf, facility_id: facility, year: THIS_YEAR });
    const same = await ctx.call('staff', {
      method: 'PATCH',
      url: `/inventories/${copy.id}/update`,
      payload: { ...body, inventory_ids: [earlier.id] },
    });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await ctx.call('staff', {
      method: 'PATCH',
      url: `/inventories/${copy.id}/update`,
      payload: { ...body, inventory_ids: [] },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toEqual({ inventory_ids: [INVENTORY_MSG.duplicatesFixed] });
    // Moving it to a year before its source would make the source no earlier one.
    const backwards = await ctx.call('staff', {
      method: 'PATCH',
      url: `/inventories/${copy.id}/update`,
      payload: { ...body, year: LAST_YEAR - 1 },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ inventory_ids: [INVENTORY_MSG.duplicateInvalid] });
    expect(await auditActions(db, 'inventory', copy.id)).toEqual(['create', 'update']);
  });

  it('copies only earlier inventories of the same facility, saving nothing otherwise', async () => {
    const facility = await newFacility('Mont Belvieu');
    const other = await createInventory({ facility_id: await newFacility('Mont Belvieu North'), year: 2016 });
    const later = await createInventory({ facility_id: facility, year: 2024 });
    await addLines(later.id);
    for (const [year, source] of [
      [2023, later.id],
      [2024, later.id],
      [2025, other.id],
      [2025, 999999],
    ] as const) {
      const before = await snapshot();
      const res = await ctx.call('staff', {
        method: 'POST',
        url: '/inventories/create',
        payload: inventoryBody({
          customer_id: ids.gulf,
          facility_id: facility,
          year,
          inventory_ids: [source],
        }),
      });
      expect(res.statusCode, `${year} from ${source}`).toBe(422);
      expect(res.json().errors).toEqual({ inventory_ids: [INVENTORY_MSG.duplicateInvalid] });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('leaves no inventory and no copied line when the write fails', async () => {
    const facility = await newFacility('Galena Park');
    const earlier = await createInventory({ facility_id: facility, year: 2019 });
    await addLines(earlier.id);
    const before = await snapshot();
    await refuseAudit(ctx.database.db, 'create', 'inventory');
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: inventoryBody({
        customer_id: ids.gulf,
        facility_id: facility,
        year: 2020,
        inventory_ids: [earlier.id],
      }),
    });
    expectInternalError(res);
    expect(await snapshot()).toEqual(before);
  });

  // Two years ticked under "Copy Products From" give the union of their products, not the sum: a
  // product counted in both years copied twice would double every figure it gives.
  describe('from several years, a product counted in more than one of them', () => {
    type LineValues = typeof inventoryProducts.$inferInsert;
    async function addLine(
      inventoryId: number,
      values: Omit<LineValues, 'inventoryId' | 'name' | 'mfgName'>,
    ) {
      const [row] = await ctx.database.db
        .insert(inventoryProducts)
        .values({ inventoryId, name: 'Hydrochloric Acid', mfgName: 'Acme Chemical Co', ...values })
        .returning();
      return row!;
    }

    async function extrasOf(lineIds: number[]) {
      const db = ctx.database.db;
      const hazards = await db
        .select({
          line: inventoryProductHazards.inventoryProductId,
          hazard: inventoryProductHazards.hazardId,
        })
        .from(inventoryProductHazards)
        .where(inArray(inventoryProductHazards.inventoryProductId, lineIds))
        .orderBy(asc(inventoryProductHazards.inventoryProductId), asc(inventoryProductHazards.hazardId));
      const components = await db
        .select({
          line: inventoryProductChemicalComponents.inventoryProductId,
          component: inventoryProductChemicalComponents.chemicalComponentId,
          weight: inventoryProductChemicalComponents.percentageWeight,
        })
        .from(inventoryProductChemicalComponents)
        .where(inArray(inventoryProductChemicalComponents.inventoryProductId, lineIds))
        .orderBy(asc(inventoryProductChemicalComponents.inventoryProductId));
      return { hazards, components };
    }

    async function copiedLinesAudited(inventoryId: number) {
      const rows = await ctx.database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'inventory'), eq(auditLog.entityId, inventoryId)))
        .orderBy(asc(auditLog.id));
      return rows.map((row) => row.details?.copied_lines);
    }

    it("copies the newest year's line of a product, container, unit and size held in both, and every other line", async () => {
      const facility = await newFacility('La Porte Works');
      const y2024 = await createInventory({ facility_id: facility, year: 2024 });
      const y2025 = await createInventory({ facility_id: facility, year: 2025 });
      const product = (await create.product(ctx)).id;
      const other = (await create.product(ctx)).id;
      const container = (await create.container(ctx)).id;
      const unit = (await create.containerUnit(ctx, { unit_type: 'gal' })).id;
      const [hazard2024, hazard2025] = [(await create.hazard(ctx)).id, (await create.hazard(ctx)).id];
      const component = await create.component(ctx);
      const [componentRow] = await ctx.database.db
        .select({ id: sql<number>`chemical_component_id` })
        .from(sql`product_chemical_components`)
        .where(sql`id = ${component.id}`);
      const drum = {
        productId: product,
        containerId: container,
        containerUnitId: unit,
        containerSize: '55.0000',
      };

      const shared2024 = await addLine(y2024.id, {
        ...drum,
        containerQuantity: '12.0000',
        locationStored: 'OLD YARD',
      });
      const only2024 = await addLine(y2024.id, { ...drum, productId: other, containerQuantity: '1.0000' });
      const shared2025 = await addLine(y2025.id, {
        ...drum,
        containerQuantity: '7.0000',
        locationStored: 'TANK FARM',
      });
      const only2025 = await addLine(y2025.id, {
        ...drum,
        containerSize: '5.0000',
        containerQuantity: '4.0000',
      });
      const db = ctx.database.db;
      await db.insert(inventoryProductHazards).values([
        { inventoryProductId: shared2024.id, hazardId: hazard2024 },
        { inventoryProductId: shared2025.id, hazardId: hazard2025 },
      ]);
      await db.insert(inventoryProductChemicalComponents).values([
        {
          inventoryProductId: shared2024.id,
          chemicalComponentId: componentRow!.id,
          percentageWeight: '10.0000',
        },
        {
          inventoryProductId: shared2025.id,
          chemicalComponentId: componentRow!.id,
          percentageWeight: '40.0000',
        },
      ]);

      // The older year first in the body: the newest year wins whatever the order ticked.
      const copy = await createInventory({
        facility_id: facility,
        year: 2026,
        inventory_ids: [y2024.id, y2025.id],
      });
      expect(copy.duplicates.map((d) => d.id).sort()).toEqual([y2024.id, y2025.id].sort());
      const copied = await linesOf(copy.id);
      expect(copied).toHaveLength(3);
      expect(
        copied
          .map((line) => [line.sourceLineId, line.productId, line.containerSize, line.containerQuantity])
          .sort((a, b) => Number(a[0]) - Number(b[0])),
      ).toEqual([
        [only2024.id, other, '55.0000', '1.0000'],
        [shared2025.id, product, '55.0000', '7.0000'],
        [only2025.id, product, '5.0000', '4.0000'],
      ]);
      const shared = copied.find((line) => line.sourceLineId === shared2025.id)!;
      expect(shared.locationStored).toBe('TANK FARM');
      expect(await extrasOf(copied.map((line) => line.id))).toEqual({
        hazards: [{ line: shared.id, hazard: hazard2025 }],
        components: [{ line: shared.id, component: componentRow!.id, weight: '40.0000' }],
      });
      // The count the create records is the lines the inventory holds.
      expect(await copiedLinesAudited(copy.id)).toEqual([3]);
    });

    it('takes lines with no container, unit or size as the same combination, into an empty inventory too', async () => {
      const facility = await newFacility('La Porte South');
      const y2023 = await createInventory({ facility_id: facility, year: 2023 });
      const y2024 = await createInventory({ facility_id: facility, year: 2024 });
      const product = (await create.product(ctx)).id;
      const bare = { productId: product, containerId: null, containerUnitId: null, containerSize: null };
      await addLine(y2023.id, { ...bare, containerQuantity: '3.0000' });
      const newer = await addLine(y2024.id, { ...bare, containerQuantity: '2.0000' });
      const empty = await createInventory({ facility_id: facility, year: 2025 });
      const res = await ctx.call('staff', {
        method: 'POST',
        url: `/inventories/${empty.id}/copy-products`,
        payload: { inventory_ids: [y2024.id, y2023.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await linesOf(empty.id)).map((line) => [line.sourceLineId, line.containerQuantity])).toEqual([
        [newer.id, '2.0000'],
      ]);
      expect(await copiedLinesAudited(empty.id)).toEqual([undefined, 1]);
    });

    it('still copies every line of a single source, two of the same combination included', async () => {
      const facility = await newFacility('La Porte North');
      const earlier = await createInventory({ facility_id: facility, year: 2024 });
      const product = (await create.product(ctx)).id;
      const container = (await create.container(ctx)).id;
      const drum = {
        productId: product,
        containerId: container,
        containerUnitId: null,
        containerSize: '55.0000',
      };
      const first = await addLine(earlier.id, {
        ...drum,
        containerQuantity: '2.0000',
        locationStored: 'SHED',
      });
      const second = await addLine(earlier.id, {
        ...drum,
        containerQuantity: '3.0000',
        locationStored: 'DOCK',
      });
      const copy = await createInventory({ facility_id: facility, year: 2025, inventory_ids: [earlier.id] });
      expect((await linesOf(copy.id)).map((line) => [line.sourceLineId, line.containerQuantity])).toEqual([
        [first.id, '2.0000'],
        [second.id, '3.0000'],
      ]);
      expect(await copiedLinesAudited(copy.id)).toEqual([2]);
    });
  });

  // Issue 33 point 10: an inventory made without "copy from" can still take last year's lines.
  describe('later, into an empty inventory (POST /inventories/{id}/copy-products)', () => {
    const copyInto = (id: number, payload: Record<string, unknown>, role: Role = 'staff') =>
      ctx.call(role, { method: 'POST', url: `/inventories/${id}/copy-products`, payload });

    it('copies the earlier year as the create form would, records it, and refuses a second copy with 409', async () => {
      const facility = await newFacility('Deer Park');
      const earlier = await createInventory({ facility_id: facility, year: 2021 });
      const source = await addLines(earlier.id);
      const empty = await createInventory({ facility_id: facility, year: 2022 });
      const res = await copyInto(empty.id, { inventory_ids: [earlier.id] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resource.duplicates.map((d: { id: number }) => d.id)).toEqual([earlier.id]);
      const copied = await linesOf(empty.id);
      expect(copied.map((line) => [line.locationStored, line.sourceLineId])).toEqual([
        ['WAREHOUSE B', source.lines[0]!.id],
        ['SHOP', source.lines[1]!.id],
      ]);
      expect(await auditActions(ctx.database.db, 'inventory', empty.id)).toEqual(['create', 'update']);

      const before = await snapshot();
      const again = await copyInto(empty.id, { inventory_ids: [earlier.id] });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(INVENTORY_MSG.copyIntoEmptyOnly);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a later year, another facility, no source and a technician, saving nothing', async () => {
      const facility = await newFacility('Channelview');
      const empty = await createInventory({ facility_id: facility, year: 2020 });
      const later = await createInventory({ facility_id: facility, year: 2023 });
      await addLines(later.id);
      const elsewhere = await createInventory({
        facility_id: await newFacility('Channelview East'),
        year: 2019,
      });
      const before = await snapshot();
      for (const source of [later.id, elsewhere.id, 999_999]) {
        const res = await copyInto(empty.id, { inventory_ids: [source] });
        expect(res.statusCode, String(source)).toBe(422);
        expect(res.json().errors).toEqual({ inventory_ids: [INVENTORY_MSG.duplicateInvalid] });
      }
      const none = await copyInto(empty.id, { inventory_ids: [] });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ inventory_ids: [INVENTORY_MSG.copySourceRequired] });
      expect((await copyInto(empty.id, { inventory_ids: [later.id] }, 'technician')).statusCode).toBe(403);
      expect((await copyInto(2_000_000, { inventory_ids: [later.id] })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });
});

describe('list, autocomplete and years', () => {
  /** Lists of their own: a customer no other test uses. */
  const own = { customer: 0, north: 0, south: 0, n2019: 0, n2020: 0, s2020: 0, s2021: 0 };

  beforeAll(async () => {
    own.customer = (await create.customer(ctx, { name: 'Zephyr Polymers' })).id;
    own.north = (await create.facility(ctx, { name: 'Zephyr North', customer_id: own.customer })).id;
    own.south = (await create.facility(ctx, { name: 'Zephyr South', customer_id: own.customer })).id;
    const make = async (facility: number, year: number, technicians: number[]) =>
      (
        await createInventory({
          customer_id: own.customer,
          facility_id: facility,
          year,
          technician_ids: technicians,
        })
      ).id;
    own.n2019 = await make(own.north, 2019, [ids.tomas, ids.rita]);
    own.n2020 = await make(own.north, 2020, []);
    own.s2020 = await make(own.south, 2020, [ids.rita]);
    own.s2021 = await make(own.south, 2021, []);
    const body = inventoryBody({ customer_id: own.customer, facility_id: own.south, year: 2021 });
    await ctx.call('admin', {
      method: 'PATCH',
      url: `/inventories/${own.s2021}/update`,
      payload: { ...body, is_completed: 1 },
    });
    await ctx.call('admin', { method: 'PATCH', url: `/inventories/${own.n2020}/activate` });
  });

  async function list(query: string) {
    const res = await ctx.call('staff', { method: 'GET', url: `/inventories/list?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resource as { items: { id: number }[]; meta: { total: number } };
  }

  it('lists rows with the spec fields, newest change first', async () => {
    const page = await list('search=Zephyr');
    expect(page.items.map((row) => row.id)).toEqual([own.n2020, own.s2021, own.s2020, own.n2019]);
    expect(page.items[3]).toEqual({
      id: own.n2019,
      year: 2019,
      customer: ref(own.customer, 'Zephyr Polymers'),
      facility: ref(own.north, 'Zephyr North'),
      customer__name: 'Zephyr Polymers',
      facility__name: 'Zephyr North',
      technician__names: 'Rita Okafor, Tomas Reyes',
      is_completed: false,
      is_active: true,
      updated_at: expect.any(String),
    });
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 4 });
  });

  it.each([
    ['status=active', ['n2019', 's2020']],
    ['status=completed', ['s2021']],
    ['status=inactive', ['n2020']],
    ['status=', ['n2019', 'n2020', 's2020', 's2021']],
    // Spec 02 §4 names the inventories' filters all, active, completed and inactive.
    ['status=all', ['n2019', 'n2020', 's2020', 's2021']],
  ] as const)('filters by %s', async (status, expected) => {
    const page = await list(`search=Zephyr&${status}&order_by=created_at&order_dir=asc`);
    expect(page.items.map((row) => row.id)).toEqual(expected.map((key) => own[key]));
  });

  it.each([
    ['the customer', 'zephyr poly', ['n2019', 'n2020', 's2020', 's2021']],
    ['the facility', 'Zephyr South', ['s2020', 's2021']],
    ['a technician', 'Rita Oka', ['n2019', 's2020']],
  ] as const)('searches by %s', async (_what, search, expected) => {
    const page = await list(`search=${encodeURIComponent(search)}&order_by=created_at&order_dir=asc`);
    const mine = page.items.map((row) => row.id).filter((id) => Object.values(own).includes(id));
    expect(mine).toEqual(expected.map((key) => own[key]));
  });

  it('searches by year', async () => {
    const page = await list('search=2019&ipp=100');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((row) => (row as unknown as { year: number }).year === 2019)).toBe(true);
    expect(page.items.map((row) => row.id)).toContain(own.n2019);
  });

  it('sorts by year, facility and technician names', async () => {
    const ids2 = async (query: string) => (await list(`search=Zephyr&${query}`)).items.map((row) => row.id);
    // Ties keep the order the inventories were made in.
    expect(await ids2('order_by=year&order_dir=desc')).toEqual([own.s2021, own.n2020, own.s2020, own.n2019]);
    expect(await ids2('order_by=facility_name&order_dir=asc')).toEqual([
      own.n2019,
      own.n2020,
      own.s2020,
      own.s2021,
    ]);
    expect((await ids2('order_by=technician_names&order_dir=desc'))[0]).toBe(own.n2019);
  });

  it('refuses an unknown status and order', async () => {
    const status = await ctx.call('staff', { method: 'GET', url: '/inventories/list?status=archived' });
    expect(status.statusCode).toBe(422);
    expect(status.json().errors.status).toEqual([
      'The status must be one of: all, active, completed, inactive',
    ]);
    const order = await ctx.call('staff', { method: 'GET', url: '/inventories/list?order_by=name' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.order_by).toEqual([
      'The order by must be one of: year, customer_name, facility_name, technician_names, updated_at, created_at',
    ]);
  });

  it("offers a facility's active inventories in the picker, newest year first", async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/autocomplete-list?customer_id=${own.customer}&facility_id=${own.south}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.items).toEqual([
      {
        id: own.s2021,
        name: '2021 - Zephyr Polymers - Zephyr South',
        year: 2021,
        customer: ref(own.customer, 'Zephyr Polymers'),
        facility: ref(own.south, 'Zephyr South'),
      },
      {
        id: own.s2020,
        name: '2020 - Zephyr Polymers - Zephyr South',
        year: 2020,
        customer: ref(own.customer, 'Zephyr Polymers'),
        facility: ref(own.south, 'Zephyr South'),
      },
    ]);
    const north = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/autocomplete-list?facility_id=${own.north}`,
    });
    // The archived 2020 inventory is not offered.
    expect(north.json().resource.items.map((item: { id: number }) => item.id)).toEqual([own.n2019]);
  });

  it("lists the years of a customer's facility: active inventories, newest first", async () => {
    const south = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${own.customer}/${own.south}/years-list`,
    });
    expect(south.statusCode).toBe(200);
    expect(south.json()).toEqual({
      resource: [
        { id: own.s2021, year: 2021 },
        { id: own.s2020, year: 2020 },
      ],
    });
    const north = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${own.customer}/${own.north}/years-list`,
    });
    expect(north.json()).toEqual({ resource: [{ id: own.n2019, year: 2019 }] });
    const notTheirs = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${ids.harbor}/${own.north}/years-list`,
    });
    expect(notTheirs.json()).toEqual({ resource: [] });
    const noCustomer = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/999999/${own.north}/years-list`,
    });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json()).toEqual({ message: 'Customer not found.' });
    const noFacility = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${own.customer}/999999/years-list`,
    });
    expect(noFacility.statusCode).toBe(404);
    expect(noFacility.json()).toEqual({ message: 'Facility not found.' });
    const bad = await ctx.call('staff', { method: 'GET', url: `/inventories/abc/${own.north}/years-list` });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ customerId: ['The customer id must be a number'] });
  });

  it("lists the years of all a customer's active facilities (the Reports screen's all facilities), each once", async () => {
    const years = (customerId: number | string) =>
      ctx.call('staff', { method: 'GET', url: `/inventories/${customerId}/years-list` });
    // North's 2020 inventory is archived, but South has one that year.
    const all = await years(own.customer);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ resource: [2021, 2020, 2019] });

    // An archived facility's inventories, and an archived inventory, offer no year.
    const customer = (await create.customer(ctx, { name: 'Quill Coatings' })).id;
    const kept = (await create.facility(ctx, { name: 'Quill Main', customer_id: customer })).id;
    const closed = (await create.facility(ctx, { name: 'Quill Old Shed', customer_id: customer })).id;
    expect((await years(customer)).json()).toEqual({ resource: [] });
    await createInventory({ customer_id: customer, facility_id: kept, year: 2022 });
    const archived = await createInventory({ customer_id: customer, facility_id: kept, year: 2021 });
    await ctx.call('admin', { method: 'PATCH', url: `/inventories/${archived.id}/activate` });
    await createInventory({ customer_id: customer, facility_id: closed, year: 2018 });
    expect((await years(customer)).json()).toEqual({ resource: [2022, 2018] });
    const archive = await ctx.call('admin', { method: 'PATCH', url: `/facilities/${closed}/activate` });
    expect(archive.statusCode, archive.body).toBe(200);
    expect((await years(customer)).json()).toEqual({ resource: [2022] });

    const noCustomer = await years(999999);
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json()).toEqual({ message: 'Customer not found.' });
    const bad = await years('abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ customerId: ['The customer id must be a number'] });
  });
});

describe('who may call what', () => {
  it('keeps technicians out of every inventory call but their own list', async () => {
    // Issue 22: the list answers a technician their own inventories only; this one has none.
    const own = await ctx.call('technician', { method: 'GET', url: '/inventories/list' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().resource.items).toEqual([]);
    for (const [method, url] of [
      ['GET', '/inventories/autocomplete-list'],
      ['POST', '/inventories/create'],
    ] as const) {
      const res = await ctx.call('technician', {
        method,
        url,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(403);
    }
    const count = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(inventories)
      .where(and(eq(inventories.customerId, ids.gulf), eq(inventories.year, 1999)));
    expect(count[0]?.n).toBe(0);
  });
});
