import type { StoredFile } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { makePng } from '../../../test/images.ts';
import { makePdf, upload } from '../../../test/uploads.ts';
import { create, inventoryProductBody, productBody } from '../../seed/factories.ts';

/**
 * Issue 33 point 9: a photo of a label is not an SDS. The product a technician creates with only
 * a label photo stays Pending SDS and is counted apart in the inventory header; a technician's
 * new product is marked for staff review, listed by the products list's Needs review filter,
 * and cleared when staff save it.
 */
let ctx: TestContext;
let inventoryId: number;
let unit: number;

beforeAll(async () => {
  ctx = await createTestContext();
  inventoryId = (await create.inventory(ctx, { technician_ids: [ctx.users.technician.id] })).id;
  unit = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
});
afterAll(() => ctx.close());

async function uploaded(filename: string, content: Buffer, contentType: string): Promise<StoredFile> {
  const res = await upload(ctx, [{ filename, content, contentType }], 'technician', 'sds-photo');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as StoredFile;
}

async function addLine(
  inventory: number,
  name: string,
  file: StoredFile | null,
  role: 'technician' | 'staff',
) {
  const res = await ctx.call(role, {
    method: 'POST',
    url: `/inventories/${inventory}/product/create`,
    payload: inventoryProductBody({
      name,
      mfg_name: 'Label Maker Inc',
      physical_state: 'liquid',
      specific_gravity: '1',
      container_unit_id: unit,
      ...(file ? { sds: { filepath: file.filepath, original_name: file.original_name } } : {}),
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as { product_id: number; sds_status: string; has_sds_file: boolean };
}

async function product(id: number) {
  const res = await ctx.call('staff', { method: 'GET', url: `/products/${id}/get` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource;
}

async function listed(query: string): Promise<number[]> {
  const res = await ctx.call('staff', { method: 'GET', url: `/products/list?ipp=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().resource.items as { id: number }[]).map((item) => item.id);
}

describe('a product created with only a label photo', () => {
  it('stays Pending SDS, listed by the Pending filter, and is counted apart in the header', async () => {
    const inventory = (await create.inventory(ctx, { technician_ids: [ctx.users.technician.id] })).id;
    const photo = await uploaded('label.png', makePng(20, 20), 'image/png');
    const line = await addLine(inventory, 'Photo Only Degreaser', photo, 'technician');
    expect(line).toMatchObject({ sds_status: 'pending', has_sds_file: true });
    expect(await product(line.product_id)).toMatchObject({
      sds_status: 'pending',
      sds_is_label_photo: true,
      sds_file: photo,
    });
    expect(await listed('sds_status=pending')).toContain(line.product_id);
    expect(await listed('sds_status=sds')).not.toContain(line.product_id);

    const pdf = await uploaded('sds.pdf', await makePdf('Real SDS'), 'application/pdf');
    const withSds = await addLine(inventory, 'Real SDS Degreaser', pdf, 'technician');
    expect(withSds.sds_status).toBe('sds');
    expect((await product(withSds.product_id)).sds_is_label_photo).toBe(false);

    const header = await ctx.call('technician', { method: 'GET', url: `/inventories/${inventory}/products` });
    expect(header.statusCode, header.body).toBe(200);
    expect(header.json().resource).toMatchObject({
      products_inventoried: 2,
      products_with_sds: 1,
      products_with_label_photo: 1,
    });
  });

  it('turns SDS when staff attach a real SDS PDF', async () => {
    const photo = await uploaded('label.png', makePng(20, 20), 'image/png');
    const line = await addLine(inventoryId, 'Photo Then Sds Oil', photo, 'technician');
    const pdf = await uploaded('sds.pdf', await makePdf('Real SDS'), 'application/pdf');
    const res = await ctx.call('staff', {
      method: 'PATCH',
      url: `/products/${line.product_id}/update`,
      payload: productBody({ name: 'Photo Then Sds Oil', sds: { filepath: pdf.filepath } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource).toMatchObject({ sds_status: 'sds', sds_is_label_photo: false });
  });
});

describe("a technician's new product is marked for staff review", () => {
  it('is listed by Needs review until staff save it; a technician cannot clear it', async () => {
    const techLine = await addLine(inventoryId, 'Review Me Cleaner', null, 'technician');
    const staffLine = await addLine(inventoryId, 'Staff Added Cleaner', null, 'staff');
    expect((await product(techLine.product_id)).needs_review).toBe(true);
    expect((await product(staffLine.product_id)).needs_review).toBe(false);

    const needingReview = await listed('needs_review=1');
    expect(needingReview).toContain(techLine.product_id);
    expect(needingReview).not.toContain(staffLine.product_id);
    const res = await ctx.call('staff', { method: 'GET', url: '/products/list?needs_review=1&ipp=100' });
    const row = (res.json().resource.items as { id: number; needs_review: boolean }[]).find(
      (item) => item.id === techLine.product_id,
    );
    expect(row?.needs_review).toBe(true);

    const byTechnician = await ctx.call('technician', {
      method: 'PATCH',
      url: `/products/${techLine.product_id}/update`,
      payload: productBody({ name: 'Review Me Cleaner' }),
    });
    expect(byTechnician.statusCode, byTechnician.body).toBe(403);
    expect((await product(techLine.product_id)).needs_review).toBe(true);

    const byStaff = await ctx.call('staff', {
      method: 'PATCH',
      url: `/products/${techLine.product_id}/update`,
      payload: productBody({ name: 'Review Me Cleaner' }),
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json().resource.needs_review).toBe(false);
    expect(await listed('needs_review=1')).not.toContain(techLine.product_id);
  });

  it('refuses a needs_review filter that is not 1 or 0 with 422', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/products/list?needs_review=yes' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ needs_review: ['The needs review filter must be 1 or 0'] });
  });
});
