import net from 'node:net';
import { UPLOAD_MSG, type UploadKind } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import PDFKitDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files } from '../src/db/schema/index.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { APP_KEY, createTestContext, type TestContext } from './helper.ts';
import {
  type FieldPart,
  type FilePart,
  makePdf,
  multipartBody,
  storedFiles,
  storedPath,
  upload,
} from './uploads.ts';

/**
 * POST /file/upload under attack (issue 12): each attack gets a clear 4xx, or is accepted with
 * its name made safe; the process keeps answering, nothing is left in the store or the temp
 * folder, and the database is as it was (no file row, no audit row). The aborts go over a real
 * socket, since `inject` cannot drop a connection half-way.
 */

const LIMIT = 256 * 1024;
let ctx: TestContext;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ uploadMaxBytes: LIMIT });
  pdf = await makePdf('Acetone safety data sheet');
});
afterAll(() => ctx.close());

/** Rows of the tables an upload writes. */
async function databaseState() {
  const count = async (table: typeof files | typeof auditLog) => {
    const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  return { files: await count(files), audits: await count(auditLog) };
}

/** Runs an attack that must be refused: the answer, then the disk and the database as they were. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): { message?: string; errors?: unknown } }>,
  status: number,
  message: string,
) {
  const before = { files: storedFiles(ctx), database: await databaseState() };
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message, errors: { file: [message] } });
  expect(storedFiles(ctx)).toEqual(before.files);
  expect(await databaseState()).toEqual(before.database);
  await expectAlive();
}

async function expectAlive() {
  const res = await ctx.call('staff', { method: 'GET', url: '/auth/me' });
  expect(res.statusCode).toBe(200);
}

function send(parts: (FilePart | FieldPart)[], kind: UploadKind = 'sds') {
  return upload(ctx, parts, 'staff', kind);
}

/** A PDF from pdfkit with the given encryption options. */
function encryptedPdf(options: { userPassword?: string; ownerPassword: string }): Promise<Buffer> {
  const doc = new PDFKitDocument({ pdfVersion: '1.7ext3', ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.text('Encrypted safety data sheet');
  doc.end();
  return done;
}

/** Waits until `check` holds, up to a few seconds: the server cleans up after a dropped socket. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('uploads under attack', () => {
  it('a client that drops the connection mid-upload leaves nothing behind', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const big = await makePdf('Dropped half-way', 200_000);
    const { payload, contentType } = multipartBody([{ filename: 'dropped.pdf', content: big }]);
    const before = await databaseState();
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${API_PREFIX}/file/upload?kind=sds HTTP/1.1\r\nHost: localhost\r\nX-App-Key: ${APP_KEY}\r\n` +
        `Authorization: Bearer ${ctx.users.staff.token}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, Math.floor(payload.length / 2)));
    // The half already sent is being written to a temporary file...
    await eventually(() => storedFiles(ctx).some((file) => file.startsWith('tmp/')));
    socket.destroy();
    // ...which goes with the connection.
    await eventually(() => storedFiles(ctx).length === 0);
    expect(await databaseState()).toEqual(before);
    await expectAlive();
  });

  it('a body cut in the middle of a part is a 400', async () => {
    const { payload, contentType } = multipartBody([{ filename: 'cut.pdf', content: pdf }]);
    for (const cut of [60, payload.indexOf('\r\n\r\n') + 4 + 50, payload.length - 10]) {
      await expectRefused(
        () =>
          ctx.call('staff', {
            method: 'POST',
            url: '/file/upload?kind=sds',
            headers: { 'content-type': contentType },
            payload: payload.subarray(0, cut),
          }),
        400,
        UPLOAD_MSG.malformed,
      );
    }
  });

  it('many parts are a 413, many files a 422', async () => {
    const fields = Array.from({ length: 1000 }, (_, i) => ({ field: `f${i}`, value: 'x' }));
    await expectRefused(
      () => send([{ filename: 'sds.pdf', content: pdf }, ...fields]),
      413,
      UPLOAD_MSG.tooManyParts,
    );
    const many = Array.from({ length: 50 }, (_, i) => ({ filename: `sds${i}.pdf`, content: pdf }));
    await expectRefused(() => send(many), 422, UPLOAD_MSG.oneFile);
  });

  it('a zero-byte file is a 422', async () => {
    await expectRefused(
      () => send([{ filename: 'empty.pdf', content: Buffer.alloc(0) }]),
      422,
      UPLOAD_MSG.fileEmpty,
    );
  });

  it('a file one byte over the limit is a 413; one of exactly the limit is kept', async () => {
    const exact = Buffer.concat([pdf, Buffer.alloc(LIMIT - pdf.length, 0x20)]);
    await expectRefused(
      () => send([{ filename: 'over.pdf', content: Buffer.concat([exact, Buffer.from(' ')]) }]),
      413,
      UPLOAD_MSG.tooLarge(LIMIT),
    );
    const res = await send([{ filename: 'exact.pdf', content: exact }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file.size).toBe(LIMIT);
  });

  it.each([
    [
      'an ELF executable named sds.pdf',
      'sds',
      'sds.pdf',
      Buffer.from('\x7fELF\x02\x01\x01'.padEnd(300, '\0'), 'latin1'),
      UPLOAD_MSG.pdfOnly,
    ],
    [
      'a Windows executable named sds.pdf',
      'general',
      'sds.pdf',
      Buffer.from('MZ\x90\x00'.padEnd(300, '\0'), 'latin1'),
      UPLOAD_MSG.contentMismatch('pdf'),
    ],
    [
      'a Windows executable named list.xlsx',
      'database',
      'list.xlsx',
      Buffer.from('MZ\x90\x00'.padEnd(300, '\0'), 'latin1'),
      UPLOAD_MSG.contentMismatch('xlsx'),
    ],
    [
      'a script named list.csv',
      'database',
      'list.csv',
      Buffer.from('#!/bin/sh\nrm -rf /\n\0'),
      UPLOAD_MSG.contentMismatch('csv'),
    ],
  ] as const)('%s is a 415', async (_what, kind, filename, content, message) => {
    await expectRefused(
      () => upload(ctx, [{ filename, contentType: 'application/pdf', content }], 'admin', kind),
      415,
      message,
    );
  });

  it.each([
    '../../../../etc/passwd.pdf',
    '..\\..\\..\\Windows\\System32\\drivers\\etc\\hosts.pdf',
    '/var/lib/chemtrack/files/sds/2026/01/owned.pdf',
    '....//....//escape.pdf',
    '%2e%2e%2f%2e%2e%2fencoded.pdf',
    'con.pdf',
  ])('a path in the name (%s) is kept as a plain name under a generated key', async (filename) => {
    const res = await send([{ filename, content: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().file;
    expect(file.filepath).toMatch(/^sds\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(file.original_name).not.toMatch(/[/\\]/);
    expect(file.original_name).not.toMatch(/^\./);
    expect(file.original_name).toMatch(/\.pdf$/);
    expect(storedPath(ctx, file.filepath).startsWith(`${ctx.dataDir}/files/sds/`)).toBe(true);
    expect(storedFiles(ctx).every((stored) => stored.startsWith('files/sds/'))).toBe(true);
  });

  it.each([
    ['CJK', `${'安全データシート'.repeat(38)}.pdf`],
    ['emoji', `${'🧪'.repeat(300)}.pdf`],
    ['combining marks and a right-to-left override', `${'é'.repeat(296)}\u202Efdp.exe`],
  ])('a 300-character %s name is kept, cut to 255 characters', async (_what, filename) => {
    expect(Array.from(filename).length).toBeGreaterThanOrEqual(300);
    const res = await send([{ filename, content: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    const name: string = res.json().file.original_name;
    expect(Array.from(name).length).toBeLessThanOrEqual(255);
    expect(name).toMatch(/\.pdf$/);
    expect(name).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    // No lone surrogate: the cut never splits an emoji.
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it.each([
    ['with a user password', { userPassword: 'secret', ownerPassword: 'owner' }],
    ['with an owner password only (opens in any viewer)', { ownerPassword: 'owner' }],
  ])(
    'an encrypted PDF %s is kept, with a warning that Print All SDS cannot include it',
    async (_what, options) => {
      const encrypted = await encryptedPdf(options);
      const res = await send([{ filename: 'locked.pdf', content: encrypted }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        message: 'File uploaded successfully',
        warnings: [UPLOAD_MSG.encryptedPdf],
      });
    },
  );

  it('a PDF with a broken cross-reference table is kept as sent, and still reads', async () => {
    const text = pdf.toString('latin1');
    const xref = text.lastIndexOf('\nxref');
    const trailer = text.indexOf('trailer', xref);
    // Every offset of the table wrong, and the pointer to the table too.
    const broken = Buffer.from(
      text.slice(0, xref) +
        text.slice(xref, trailer).replace(/\d{10} (\d{5}) ([nf])/g, '9999999999 $1 $2') +
        text.slice(trailer).replace(/startxref\s+\d+/, 'startxref\n123'),
      'latin1',
    );
    expect(broken.equals(pdf)).toBe(false);
    const res = await send([{ filename: 'broken-xref.pdf', content: broken }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toBeUndefined();
    const stored = storedPath(ctx, res.json().file.filepath);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(stored);
    expect(bytes.equals(broken)).toBe(true);
    // pdf-lib reads objects in order rather than trusting the table, so Print All SDS includes it.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('an ordinary PDF carries no warning', async () => {
    const res = await send([{ filename: 'plain.pdf', content: pdf }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().warnings).toBeUndefined();
  });
});
