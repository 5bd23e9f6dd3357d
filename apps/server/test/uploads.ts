import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RegulatoryListType, Role, StoredFile, UploadKind } from '@chemtrack/domain';
import PDFDocument from 'pdfkit';
import { expect } from 'vitest';
import type { TestContext } from './helper.ts';

export interface FilePart {
  field?: string;
  filename: string;
  contentType?: string;
  content: Buffer;
}

export interface FieldPart {
  field: string;
  value: string;
}

/** A multipart/form-data body written by hand, as a browser would send it. */
export function multipartBody(parts: (FilePart | FieldPart)[]): { payload: Buffer; contentType: string } {
  const boundary = `----ChemTrackBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('content' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
      );
      chunks.push(part.content, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real PDF drawn by pdfkit, optionally padded with extra pages of text to reach a size. */
export function makePdf(text = 'Safety Data Sheet', minBytes = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // No compression, so padding text grows the file predictably.
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(text);
    const filler = 'Section 3: composition and information on ingredients. '.repeat(40);
    for (let written = 0; written < minBytes; written += filler.length) {
      doc.fontSize(8).text(filler);
    }
    doc.end();
  });
}

/** An upload of `kind` (an SDS unless told; `null` sends none, as the spec's upload call does). */
export function upload(
  ctx: TestContext,
  parts: (FilePart | FieldPart)[],
  role: Role = 'staff',
  kind: UploadKind | null = 'sds',
) {
  const { payload, contentType } = multipartBody(parts);
  return ctx.call(role, {
    method: 'POST',
    url: kind ? `/file/upload?kind=${kind}` : '/file/upload',
    headers: { 'content-type': contentType },
    payload,
  });
}

/** Uploads a PDF and returns the answer's `file`. */
export async function uploadPdf(
  ctx: TestContext,
  filename = 'sds.pdf',
  content?: Buffer,
): Promise<StoredFile> {
  const res = await upload(ctx, [{ filename, content: content ?? (await makePdf(filename)) }]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as StoredFile;
}

/** Every regular file under the store and the upload temp folder, relative to the data dir. */
export function storedFiles(ctx: TestContext): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(ctx.dataDir, full));
    }
  };
  walk(path.join(ctx.dataDir, 'files'));
  walk(path.join(ctx.dataDir, 'tmp'));
  return found.sort();
}

export function storedPath(ctx: TestContext, key: string): string {
  return path.join(ctx.dataDir, 'files', key);
}

/** The MIME types a reference list is uploaded with, by extension. */
export const LIST_MIME_TYPES: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** A reference list file uploaded as an admin (kind `database` unless told). */
export function uploadListFile(
  ctx: TestContext,
  filename: string,
  content: Buffer,
  kind: UploadKind | null = 'database',
) {
  const extension = path.extname(filename).slice(1);
  return upload(
    ctx,
    [{ filename, content, contentType: LIST_MIME_TYPES[extension] ?? 'application/octet-stream' }],
    'admin',
    kind,
  );
}

/** Uploads a list file and makes it the list of its type through `POST /db-entry/create`, as the admin page does. */
export async function createListEntry(
  ctx: TestContext,
  type: RegulatoryListType,
  filename: string,
  content: Buffer,
) {
  const uploaded = await uploadListFile(ctx, filename, content);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { file } = uploaded.json();
  return ctx.call('admin', {
    method: 'POST',
    url: '/db-entry/create',
    payload: {
      type,
      name: filename,
      db_entry: { filepath: file.filepath, original_name: file.original_name },
    },
  });
}
