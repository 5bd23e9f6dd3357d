import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INVENTORY_PRODUCT_MSG, PRODUCT_MSG, type StoredFile, UPLOAD_MSG } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { LABEL_JPEG, makePng, withExifOrientation } from '../../../test/images.ts';
import { makePdf, storedFiles, storedPath, upload } from '../../../test/uploads.ts';
import { files, inventoryProducts, products } from '../../db/schema/index.ts';
import { create, inventoryProductBody } from '../../seed/factories.ts';
import { PNG_MAX_MEGAPIXELS } from '../files/label-photo.ts';

/**
 * Issue 22 point 7: a technician adding a line names a new product and gives its SDS as a PDF or
 * a photo of its label, uploaded first (`POST /file/upload?kind=sds-photo`) and then named by the
 * line's save as the product form names its SDS. A photo is kept as a one-page PDF of it.
 */
let ctx: TestContext;
let own: number;
let other: number;
let unit: number;

beforeAll(async () => {
  ctx = await createTestContext();
  own = (await create.inventory(ctx, { technician_ids: [ctx.users.technician.id] })).id;
  other = (await create.inventory(ctx)).id;
  unit = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
});
afterAll(() => ctx.close());

function uploadPhoto(target: TestContext, filename: string, content: Buffer, contentType = 'image/png') {
  return upload(target, [{ filename, content, contentType }], 'technician', 'sds-photo');
}

async function uploaded(filename: string, content: Buffer, contentType?: string): Promise<StoredFile> {
  const res = await uploadPhoto(ctx, filename, content, contentType);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as StoredFile;
}

function addLine(
  inventoryId: number,
  name: string,
  file: StoredFile | null,
  role: 'technician' | 'staff' = 'technician',
) {
  return ctx.call(role, {
    method: 'POST',
    url: `/inventories/${inventoryId}/product/create`,
    payload: inventoryProductBody({
      name,
      mfg_name: 'Label Maker Inc',
      physical_state: 'liquid',
      specific_gravity: '1',
      container_unit_id: unit,
      ...(file ? { sds: { filepath: file.filepath, original_name: file.original_name } } : {}),
    }),
  });
}

async function count(table: typeof files | typeof products | typeof inventoryProducts): Promise<number> {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

async function counts() {
  return {
    files: await count(files),
    products: await count(products),
    lines: await count(inventoryProducts),
  };
}

/** The catalogue product a line names, as staff see it. */
async function productOf(line: { product_id: number }) {
  const res = await ctx.call('staff', { method: 'GET', url: `/products/${line.product_id}/get` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource;
}

/** The stored PDF's one page rendered at 10 dpi by poppler: its size and an RGB pixel reader. */
function renderPage(pdf: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'label-photo-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '10', '-singlefile', path.join(dir, 'in.pdf'), path.join(dir, 'out')]);
    const ppm = fs.readFileSync(path.join(dir, 'out.ppm'));
    // P6 header: "P6\n<w> <h>\n255\n", then RGB bytes.
    const [magic, width, height, max] = ppm.toString('latin1', 0, 40).split(/\s+/);
    expect(magic).toBe('P6');
    expect(max).toBe('255');
    const headerLength = `P6\n${width} ${height}\n255\n`.length;
    const w = Number(width);
    return {
      width: w,
      height: Number(height),
      at(x: number, y: number): [number, number, number] {
        const offset = headerLength + (y * w + x) * 3;
        return [ppm[offset]!, ppm[offset + 1]!, ppm[offset + 2]!];
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: [number, number, number]) => b > 200 && r < 60 && g < 60;

describe('a technician adds a line of a new product with its SDS or label photo', () => {
  it('keeps a PNG photo as the new product SDS, a one-page PDF holding the image', async () => {
    const png = makePng(30, 60, (_x, y) => (y < 30 ? [255, 0, 0] : [0, 0, 255]));
    const file = await uploaded('drum label.png', png);
    expect(file).toMatchObject({ original_name: 'drum label.pdf', mime_type: 'application/pdf' });
    expect(file.filepath).toMatch(/^sds\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);

    const res = await addLine(own, 'Drum Label Solvent', file);
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json().resource;
    // A label photo is kept but is not an SDS: the product stays Pending SDS (issue 33 point 9).
    expect(line).toMatchObject({ name: 'Drum Label Solvent', has_sds_file: true, sds_status: 'pending' });
    const product = await productOf(line);
    expect(product.sds_status).toBe('pending');
    expect(product.sds_file).toEqual(file);

    const stored = fs.readFileSync(storedPath(ctx, file.filepath));
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(stored);
    expect(pdf.getPageCount()).toBe(1);
    // Taller than wide: a portrait Letter page, the photo's top (red) at the top.
    const page = renderPage(stored);
    expect([page.width, page.height]).toEqual([85, 110]);
    expect(isRed(page.at(42, 35))).toBe(true);
    expect(isBlue(page.at(42, 75))).toBe(true);

    // What the staff download gives is that PDF.
    const download = await ctx.call('staff', {
      method: 'GET',
      url: `/products/${line.product_id}/sds-download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(stored)).toBe(true);
  });

  it('turns a JPEG as its EXIF orientation says (6: a quarter turn clockwise)', async () => {
    // Stored 40×20, red left, blue right; seen turned clockwise: 20×40, red on top, blue below.
    const file = await uploaded('IMG_0001.JPG', withExifOrientation(LABEL_JPEG, 6), 'image/jpeg');
    const res = await addLine(own, 'Turned Label Cleaner', file);
    expect(res.statusCode, res.body).toBe(201);
    const page = renderPage(fs.readFileSync(storedPath(ctx, file.filepath)));
    expect([page.width, page.height]).toEqual([85, 110]);
    expect(isRed(page.at(42, 30))).toBe(true);
    expect(isBlue(page.at(42, 80))).toBe(true);
  });

  it('lays a wide JPEG without orientation on a landscape page', async () => {
    const file = await uploaded('wide.jpg', LABEL_JPEG, 'image/jpeg');
    const page = renderPage(fs.readFileSync(storedPath(ctx, file.filepath)));
    expect([page.width, page.height]).toEqual([110, 85]);
    expect(isRed(page.at(30, 42))).toBe(true);
    expect(isBlue(page.at(80, 42))).toBe(true);
  });

  it('keeps an SDS PDF as it is', async () => {
    const sds = await makePdf('Label Maker SDS');
    const file = await uploaded('sds.pdf', sds, 'application/pdf');
    expect(file).toMatchObject({ original_name: 'sds.pdf', size: sds.length });
    const res = await addLine(own, 'Plain SDS Degreaser', file);
    expect(res.statusCode, res.body).toBe(201);
    expect((await productOf(res.json().resource)).sds_file).toEqual(file);
    expect(fs.readFileSync(storedPath(ctx, file.filepath)).equals(sds)).toBe(true);
  });

  it('includes the photo in Print All SDS like any SDS', async () => {
    const inventory = (await create.inventory(ctx, { technician_ids: [ctx.users.technician.id] })).id;
    const file = await uploaded('label.png', makePng(20, 20));
    expect((await addLine(inventory, 'Printed Label Oil', file)).statusCode).toBe(201);
    const res = await ctx.call('staff', { method: 'GET', url: `/inventories/${inventory}/print-all-sds-v2` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.trailers).toEqual({ 'x-sds-included': '1', 'x-sds-not-included': '0' });
    // The index page, then the photo's page.
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(2);
  });
});

describe('what is refused, and leaves nothing behind', () => {
  it('refuses a text file named .jpg with 415, storing nothing', async () => {
    const before = await counts();
    const res = await uploadPhoto(
      ctx,
      'label.jpg',
      Buffer.from('just some text, not a photo\n'),
      'image/jpeg',
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({
      message: UPLOAD_MSG.sdsOrPhotoTypes,
      errors: { file: ['Only PDF, JPEG and PNG files are allowed'] },
    });
    expect(await counts()).toEqual(before);
    expect(storedFiles(ctx).filter((name) => name.startsWith('tmp'))).toEqual([]);
  });

  it('refuses a JPEG signature followed by no image with 415', async () => {
    const before = await counts();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]);
    const res = await uploadPhoto(ctx, 'label.jpg', fake, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toBe('The file is not a valid JPEG file');
    expect(await counts()).toEqual(before);
  });

  it('refuses a PNG whose image data is broken with 415', async () => {
    const before = await counts();
    const png = makePng(20, 20);
    // The IDAT chunk's compressed bytes overwritten: the header reads, the pixels do not.
    const idat = png.indexOf('IDAT', 0, 'latin1') + 4;
    png.fill(0x00, idat, idat + 20);
    const res = await uploadPhoto(ctx, 'broken.png', png);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().message).toBe('The file is not a valid PNG file');
    expect(await counts()).toEqual(before);
  });

  it('refuses a PNG declaring more pixels than may be decoded with 413', async () => {
    const before = await counts();
    const bomb = makePng(4, 4, undefined, { width: 10_000, height: 10_000 });
    const res = await uploadPhoto(ctx, 'bomb.png', bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      message: `The image may not be larger than ${PNG_MAX_MEGAPIXELS} megapixels`,
      errors: { file: [`The image may not be larger than ${PNG_MAX_MEGAPIXELS} megapixels`] },
    });
    expect(await counts()).toEqual(before);
    expect(storedFiles(ctx).filter((name) => name.startsWith('tmp'))).toEqual([]);
  });

  it('refuses a photo over the upload limit with 413', async () => {
    const small = await createTestContext({ uploadMaxBytes: 1024 });
    try {
      const big = makePng(64, 64, (x, y) => [(x * 37 + y * 11) % 256, (x * y) % 256, (x + y * 53) % 256]);
      expect(big.length).toBeGreaterThan(1024);
      const res = await uploadPhoto(small, 'big.png', big);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe('The file may not be greater than 1 KB');
      const [rows] = await small.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
      expect(rows?.n).toBe(0);
      expect(storedFiles(small)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('answers a technician not assigned to the inventory 403, and creates no product', async () => {
    const file = await uploaded('label.png', makePng(10, 10));
    const before = await counts();
    const res = await addLine(other, 'Elsewhere Solvent', file);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
    expect(await counts()).toEqual(before);
    const holders = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(files, eq(files.id, products.sdsFileId))
      .where(eq(files.storageKey, file.filepath));
    expect(holders).toEqual([]);
  });

  it('refuses an SDS on a line of a catalogue product with 422', async () => {
    const file = await uploaded('label.png', makePng(10, 10));
    const catalog = await create.product(ctx, { name: 'Catalogue Wax' });
    const res = await ctx.call('technician', {
      method: 'POST',
      url: `/inventories/${own}/product/create`,
      payload: inventoryProductBody({ product_id: catalog.id, sds: { filepath: file.filepath } }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ sds: [INVENTORY_PRODUCT_MSG.sdsOnlyNewProduct] });
  });

  it('refuses a file another product already holds, and the line and product with it', async () => {
    const file = await uploaded('label.png', makePng(10, 10));
    expect((await addLine(own, 'First Holder Oil', file)).statusCode).toBe(201);
    const before = await counts();
    const res = await addLine(own, 'Second Holder Oil', file);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ sds: [PRODUCT_MSG.sdsFileUnknown] });
    expect(await counts()).toEqual(before);
  });
});
