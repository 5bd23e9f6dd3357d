import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MSG } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { makePdf, storedFiles, storedPath, upload, uploadPdf } from '../../../test/uploads.ts';
import { buildApp } from '../../app.ts';
import { files, products } from '../../db/schema/index.ts';
import { createLocalFileStore } from '../../storage/file-store.ts';
import { deleteUnrecordedBytes, deleteUnreferencedFiles, storeFile } from './files.service.ts';

let ctx: TestContext;
let pdf: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  pdf = await makePdf('Acetone safety data sheet');
});
afterAll(() => ctx.close());

const KEY = /^sds\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/;
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(200, 1)]);
const MZ = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 0)]);

async function countFiles() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return row?.n ?? 0;
}

/** Runs a refused upload and checks that neither the database nor the disk (store, temp) kept anything. */
async function expectRefused(
  send: () => ReturnType<typeof upload>,
  status: number,
  body: { message: string; errors?: Record<string, string[]> },
) {
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual(body);
  expect(await countFiles()).toBe(0);
  expect(storedFiles(ctx)).toEqual([]);
}

// Refusals run first, on an empty store: "nothing remains" is then literally an empty folder.
describe('refused uploads', () => {
  it.each([
    ['an ELF executable', ELF],
    ['a Windows executable', MZ],
    ['a text file', Buffer.from('just some text, not a PDF')],
    ['a file shorter than the signature', Buffer.from('%PD')],
  ])('refuses %s named x.pdf and sent as application/pdf with 415', async (_label, content) => {
    await expectRefused(
      () => upload(ctx, [{ filename: 'x.pdf', contentType: 'application/pdf', content }]),
      415,
      { message: 'Only PDF files are allowed', errors: { file: ['Only PDF files are allowed'] } },
    );
  });

  it('refuses an empty file with 422', async () => {
    await expectRefused(() => upload(ctx, [{ filename: 'empty.pdf', content: Buffer.alloc(0) }]), 422, {
      message: UPLOAD_MSG.fileEmpty,
      errors: { file: [UPLOAD_MSG.fileEmpty] },
    });
  });

  it('refuses a request without a file part with 422', async () => {
    await expectRefused(() => upload(ctx, [{ field: 'name', value: 'sds.pdf' }]), 422, {
      message: 'A file is required',
      errors: { file: ['A file is required'] },
    });
  });

  it('refuses a file sent under another field name with 422', async () => {
    await expectRefused(() => upload(ctx, [{ field: 'document', filename: 'sds.pdf', content: pdf }]), 422, {
      message: 'A file is required',
      errors: { file: ['A file is required'] },
    });
  });

  it('refuses two file parts, keeping neither', async () => {
    await expectRefused(
      () =>
        upload(ctx, [
          { filename: 'one.pdf', content: pdf },
          { filename: 'two.pdf', content: pdf },
        ]),
      422,
      { message: UPLOAD_MSG.oneFile, errors: { file: [UPLOAD_MSG.oneFile] } },
    );
  });

  it('refuses too many form fields with 413', async () => {
    const fields = Array.from({ length: 8 }, (_, i) => ({ field: `f${i}`, value: 'x' }));
    await expectRefused(() => upload(ctx, [...fields, { filename: 'sds.pdf', content: pdf }]), 413, {
      message: UPLOAD_MSG.tooManyParts,
      errors: { file: [UPLOAD_MSG.tooManyParts] },
    });
  });

  it('refuses a JSON body with 415', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/file/upload',
      payload: { file: 'JVBERi0xLjQK', filename: 'sds.pdf' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: UPLOAD_MSG.multipartRequired,
      errors: { file: [UPLOAD_MSG.multipartRequired] },
    });
    expect(await countFiles()).toBe(0);
  });

  it('refuses a body of an unknown type with 415', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/file/upload',
      headers: { 'content-type': 'application/octet-stream' },
      payload: pdf,
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers a truncated multipart body with 400 and keeps nothing', async () => {
    const boundary = 'xyzBoundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf.subarray(0, 100),
    ]);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/file/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MSG.malformed, errors: { file: [UPLOAD_MSG.malformed] } });
    expect(await countFiles()).toBe(0);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('refuses an unknown kind', async () => {
    const res = await ctx.call('staff', { method: 'POST', url: '/file/upload?kind=exe', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.kind).toEqual(['The kind must be one of: general, sds, database, sds-photo']);
  });
});

describe('POST /file/upload', () => {
  it('stores a PDF under a generated key and records it', async () => {
    const res = await upload(ctx, [{ filename: 'Acetone SDS.pdf', content: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'File uploaded successfully',
      file: {
        filepath: expect.stringMatching(KEY),
        original_name: 'Acetone SDS.pdf',
        mime_type: 'application/pdf',
        size: pdf.length,
      },
    });
    const [row] = await ctx.database.db.select().from(files).where(eq(files.storageKey, body.file.filepath));
    expect(row).toMatchObject({
      originalName: 'Acetone SDS.pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      uploadedBy: ctx.users.staff.id,
    });
    expect(fs.readFileSync(storedPath(ctx, body.file.filepath)).equals(pdf)).toBe(true);
    // The temporary copy is gone once the file is in the store.
    expect(storedFiles(ctx).filter((file) => file.startsWith('tmp'))).toEqual([]);
  });

  it('accepts by content: a PDF named evil.exe is kept as evil.pdf', async () => {
    const res = await upload(ctx, [
      { filename: 'evil.exe', contentType: 'application/x-msdownload', content: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file).toMatchObject({ original_name: 'evil.pdf', mime_type: 'application/pdf' });
    expect(res.json().file.filepath).toMatch(KEY);
  });

  it.each([
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Users\\me\\Desktop\\Spec sheet.PDF', 'Spec sheet.pdf'],
    ['a<b>:c|d?.pdf', 'a_b__c_d_.pdf'],
    ['report.pdf.exe', 'report.pdf'],
    ['inv\u202Efdp.exe', 'invfdp.pdf'],
    ['Fiche de données de sécurité.pdf', 'Fiche de données de sécurité.pdf'],
    ['.pdf', 'file.pdf'],
    [`${'n'.repeat(300)}.pdf`, `${'n'.repeat(251)}.pdf`],
  ])('sanitises the name %j to %j', async (filename, expected) => {
    const file = await uploadPdf(ctx, filename, pdf);
    expect(file.original_name).toBe(expected);
    expect(file.filepath).toMatch(KEY);
  });

  it('accepts a PDF larger than the 1 MB JSON body limit', async () => {
    const big = await makePdf('Large SDS', 512 * 1024);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const file = await uploadPdf(ctx, 'large.pdf', big);
    expect(file.size).toBe(big.length);
    expect(fs.statSync(storedPath(ctx, file.filepath)).size).toBe(big.length);
  });
});

describe('upload size limit', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ uploadMaxBytes: 1024 });
  });
  afterAll(() => small.close());

  const pdfOfSize = (bytes: number) =>
    Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);

  it('refuses a file one byte over the limit with 413 and keeps nothing', async () => {
    const res = await upload(small, [{ filename: 'big.pdf', content: pdfOfSize(1025) }]);
    expect(res.statusCode, res.body).toBe(413);
    const message = 'The file may not be greater than 1 KB';
    expect(res.json()).toEqual({ message, errors: { file: [message] } });
    const [rows] = await small.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    expect(rows?.n).toBe(0);
    expect(storedFiles(small)).toEqual([]);
  });

  it('refuses a real PDF over the limit the same way', async () => {
    const res = await upload(small, [{ filename: 'big.pdf', content: await makePdf('big', 4096) }]);
    expect(res.statusCode).toBe(413);
    expect(storedFiles(small)).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const file = await uploadPdf(small, 'limit.pdf', pdfOfSize(1024));
    expect(file.size).toBe(1024);
  });
});

describe('file store', () => {
  it('generates keys and refuses any other', async () => {
    const store = createLocalFileStore(ctx.dataDir);
    const key = await store.put(Buffer.from('%PDF-1.7 test'), {
      folder: 'sds',
      extension: '.pdf',
      now: new Date('2026-11-05T12:00:00Z'),
    });
    expect(key).toMatch(/^sds\/2026\/11\/[0-9a-f-]{36}\.pdf$/);
    expect(await store.exists(key)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.7 test');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key);

    for (const bad of ['../../etc/passwd', '/etc/passwd', 'sds/2026/11/../../../x.pdf', 'sds/x.pdf']) {
      await expect(store.read(bad)).rejects.toThrow('Invalid storage key');
      await expect(store.delete(bad)).rejects.toThrow('Invalid storage key');
    }
    await expect(store.put(Buffer.from('x'), { folder: '../up', extension: '.pdf' })).rejects.toThrow();
    await expect(store.put(Buffer.from('x'), { folder: 'sds', extension: '/../x' })).rejects.toThrow();
  });

  it('stores a buffer for the demo seeder, checking PDFs by content', async () => {
    const stored = await storeFile(ctx.database.db, ctx.app.files, {
      buffer: pdf,
      originalName: 'Demo/Acetone.pdf',
      mimeType: 'application/pdf',
    });
    expect(stored.storageKey).toMatch(KEY);
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, stored.id));
    expect(row).toMatchObject({ originalName: 'Acetone.pdf', sizeBytes: pdf.length, uploadedBy: null });
    expect(fs.readFileSync(storedPath(ctx, stored.storageKey)).equals(pdf)).toBe(true);
    await expect(
      storeFile(ctx.database.db, ctx.app.files, {
        buffer: MZ,
        originalName: 'fake.pdf',
        mimeType: 'application/pdf',
      }),
    ).rejects.toThrow('fake.pdf is not a PDF');
  });
});

describe('unreferenced uploads', () => {
  it('removes day-old uploads nothing points at, rows and bytes, and keeps the rest', async () => {
    const { db } = ctx.database;
    // Start from a clean slate: everything earlier in this file is unreferenced.
    await deleteUnreferencedFiles(db, ctx.app.files, { olderThan: new Date(Date.now() + 60_000) });
    const attached = await uploadPdf(ctx, 'attached.pdf', pdf);
    const orphan = await uploadPdf(ctx, 'orphan.pdf', pdf);
    const fresh = await uploadPdf(ctx, 'fresh.pdf', pdf);
    const [file] = await db.select().from(files).where(eq(files.storageKey, attached.filepath));
    await db.insert(products).values({ name: 'Holder', mfgName: 'Acme', sdsFileId: file!.id });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await db
      .update(files)
      .set({ createdAt: twoDaysAgo })
      .where(sql`${files.storageKey} IN (${attached.filepath}, ${orphan.filepath})`);

    expect(await deleteUnreferencedFiles(db, ctx.app.files)).toBe(1);
    const keys = (await db.select({ key: files.storageKey }).from(files)).map((row) => row.key).sort();
    expect(keys).toEqual([attached.filepath, fresh.filepath].sort());
    expect(fs.existsSync(storedPath(ctx, orphan.filepath))).toBe(false);
    expect(fs.existsSync(storedPath(ctx, attached.filepath))).toBe(true);
    expect(fs.existsSync(storedPath(ctx, fresh.filepath))).toBe(true);
  });
});

describe('stray bytes', () => {
  function age(file: string, days: number) {
    const when = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    fs.utimesSync(file, when, when);
  }

  it('removes old stored bytes no row records and old partial writes, and keeps recorded or new ones', async () => {
    const { db } = ctx.database;
    const recorded = await uploadPdf(ctx, 'recorded.pdf', pdf);
    const unrecordedOld = await ctx.app.files.put(pdf, { folder: 'sds', extension: '.pdf' });
    const unrecordedNew = await ctx.app.files.put(pdf, { folder: 'sds', extension: '.pdf' });
    const partial = `${storedPath(ctx, unrecordedOld)}.0b1c.partial`;
    fs.writeFileSync(partial, 'half a file');
    for (const file of [storedPath(ctx, recorded.filepath), storedPath(ctx, unrecordedOld), partial])
      age(file, 2);

    expect(await deleteUnrecordedBytes(db, ctx.app.files)).toBe(1);
    expect(fs.existsSync(storedPath(ctx, unrecordedOld))).toBe(false);
    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.existsSync(storedPath(ctx, recorded.filepath))).toBe(true);
    expect(fs.existsSync(storedPath(ctx, unrecordedNew))).toBe(true);
  });

  it('the sweep at start clears day-old temporary upload copies', async () => {
    const tempDir = path.join(ctx.dataDir, 'tmp', 'uploads');
    fs.mkdirSync(tempDir, { recursive: true });
    const stale = path.join(tempDir, 'stale-upload');
    const current = path.join(tempDir, 'current-upload');
    fs.writeFileSync(stale, 'left by a crash');
    fs.writeFileSync(current, 'being received');
    age(stale, 2);
    // A second app on the same data directory runs the start-up sweep.
    const second = await buildApp({ config: ctx.config, db: ctx.database.db });
    await second.ready();
    await second.close();
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(current)).toBe(true);
  });
});
