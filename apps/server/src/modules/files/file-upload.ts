import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Action, isAllowed, UPLOAD_MSG, type UploadKind } from '@chemtrack/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fieldError, forbidden } from '../../lib/app-error.ts';
import {
  hasSignature,
  isTextChunk,
  SIGNATURE_LENGTH,
  type SignedFileType,
} from '../../lib/file-signature.ts';
import { createPdfEncryptionScanner } from '../../lib/pdf-encryption.ts';
import { inspectZip, isXlsxPackage, ZipRefusedError } from '../../lib/zip-guard.ts';
import { FILE_TYPES, type FileType, type ReceivedUpload } from './file-types.ts';
import { photoToPdfUpload } from './label-photo.ts';

/** The multipart field the file travels in (spec 02 §7). */
export const UPLOAD_FIELD = 'file';

/**
 * What each upload kind accepts (spec 02 §5). An SDS is a PDF whatever its name, and an SDS or
 * label photo (issue 22) a PDF, a JPEG or a PNG whatever its name: the bytes say which. The other
 * kinds take the type the name's extension says, and the bytes must then be of that type.
 */
const ACCEPTED: Record<UploadKind, { types: FileType[]; isNamed: boolean; refusal: string }> = {
  general: { types: ['pdf', 'xls', 'xlsx', 'csv'], isNamed: true, refusal: UPLOAD_MSG.generalTypes },
  sds: { types: ['pdf'], isNamed: false, refusal: UPLOAD_MSG.pdfOnly },
  database: { types: ['csv', 'xls', 'xlsx'], isNamed: true, refusal: UPLOAD_MSG.databaseTypes },
  'sds-photo': { types: ['pdf', 'jpeg', 'png'], isNamed: false, refusal: UPLOAD_MSG.sdsOrPhotoTypes },
};

/** The types an upload may be (one, unless its content chooses), and the refusal when its bytes are none. */
interface Expected {
  types: FileType[];
  refusal: string;
}

function expectedType(kind: UploadKind, filename: string): Expected {
  const accepted = ACCEPTED[kind];
  if (!accepted.isNamed) return { types: accepted.types, refusal: accepted.refusal };
  const extension = path.extname(filename).slice(1).toLowerCase();
  const type = accepted.types.find((candidate) => candidate === extension);
  if (!type) throw refuse('UNSUPPORTED_MEDIA_TYPE', accepted.refusal);
  return { types: [type], refusal: UPLOAD_MSG.contentMismatch(type) };
}

function refuse(code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'BAD_REQUEST', message: string) {
  return new AppError(code, message, { [UPLOAD_FIELD]: [message] });
}

/** Fastify-multipart's and busboy's failures, as the spec's `{ message, errors.file }` answers. */
function toUploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge(maxBytes));
    case 'FST_FILES_LIMIT':
      return fieldError(UPLOAD_FIELD, UPLOAD_MSG.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return refuse('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooManyParts);
  }
  // Busboy reports a broken body with a bare Error; file-system errors carry a code and stay 500s.
  if (code === undefined && statusCode === undefined) return refuse('BAD_REQUEST', UPLOAD_MSG.malformed);
  return error;
}

/**
 * Hashes and counts the bytes as they pass, and stops the stream as soon as the bytes show the
 * content is not of an expected type (an executable is refused before it reaches the disk in
 * full): a signature for PDF, XLSX, XLS, JPEG and PNG, text all through for CSV. `type` is the
 * type the bytes turned out to be.
 */
function createInspector(expected: Expected) {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  // CSV is only ever expected alone (a named kind): it has no signature, only text.
  const isText = expected.types.includes('csv');
  const signedTypes = expected.types.filter((type): type is SignedFileType => type !== 'csv');
  const detected = (): FileType | undefined =>
    isText ? 'csv' : signedTypes.find((type) => hasSignature(head, type));
  const encryption = expected.types.includes('pdf') ? createPdfEncryptionScanner() : undefined;
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      encryption?.push(chunk);
      if (isText && !isTextChunk(chunk)) {
        callback(refuse('UNSUPPORTED_MEDIA_TYPE', expected.refusal));
        return;
      }
      if (head.length < SIGNATURE_LENGTH) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_LENGTH - head.length)]);
        if (head.length >= SIGNATURE_LENGTH && !detected()) {
          callback(refuse('UNSUPPORTED_MEDIA_TYPE', expected.refusal));
          return;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      // Shorter than a signature but not empty: not an expected type either.
      if (size > 0 && !detected()) {
        callback(refuse('UNSUPPORTED_MEDIA_TYPE', expected.refusal));
        return;
      }
      callback();
    },
  });
  return {
    inspector,
    result: () => {
      const type = detected();
      return {
        type,
        size,
        sha256: hash.digest('hex'),
        // Only a PDF's bytes are scanned for an /Encrypt dictionary that matters.
        isEncrypted: type === 'pdf' && (encryption?.isEncrypted ?? false),
      };
    },
  };
}

/**
 * A zip is not yet a workbook: the package must hold a workbook part, and must not inflate past
 * the limits (a zip bomb posing as .xlsx is refused here, before anything parses it).
 */
async function checkXlsxPackage(tempPath: string, refusal: string): Promise<void> {
  let names: string[];
  try {
    names = inspectZip(await fs.promises.readFile(tempPath));
  } catch (error) {
    if (error instanceof ZipRefusedError) throw fieldError(UPLOAD_FIELD, UPLOAD_MSG.xlsxTooLarge);
    throw error;
  }
  if (!isXlsxPackage(names)) throw refuse('UNSUPPORTED_MEDIA_TYPE', refusal);
}

async function writeTemporary(
  part: MultipartFile,
  options: { tempDir: string; maxBytes: number; kind: UploadKind },
): Promise<ReceivedUpload> {
  const expected = expectedType(options.kind, part.filename);
  await fs.promises.mkdir(options.tempDir, { recursive: true });
  const tempPath = path.join(options.tempDir, `${randomUUID()}.upload`);
  const { inspector, result } = createInspector(expected);
  const output = fs.createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(part.file, inspector, output);
    // Busboy stops at `fileSize` and marks the stream truncated rather than failing it.
    if (part.file.truncated) throw refuse('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge(options.maxBytes));
    const { type, size, sha256, isEncrypted } = result();
    if (size === 0 || type === undefined) throw fieldError(UPLOAD_FIELD, UPLOAD_MSG.fileEmpty);
    if (type === 'xlsx') await checkXlsxPackage(tempPath, expected.refusal);
    const received: ReceivedUpload = {
      tempPath,
      originalName: part.filename,
      mimeType: FILE_TYPES[type].mimeType,
      size,
      sha256,
      isEncrypted,
    };
    // A photo of a label is kept as the one-page PDF made of it, so every reader of an SDS
    // (download, Print All SDS) keeps reading PDFs (decision 013 addendum).
    return type === 'jpeg' || type === 'png' ? await photoToPdfUpload(received, type) : received;
  } catch (error) {
    // A refusal can reject the pipeline while the file is still being opened; removing it before
    // the stream has closed would leave the file the open then creates (seen under load in CI).
    if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  }
}

/** Reads a part we do not keep to its end, so the parser moves on to the next one. */
function discard(part: MultipartFile): Promise<void> {
  return pipeline(
    part.file,
    new Writable({
      write: (_chunk, _encoding, callback) => callback(),
    }),
  );
}

/**
 * Streams the request's `file` part to a temporary file while hashing it, counting it and
 * checking its first bytes. Anything refused leaves nothing behind on disk.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { tempDir: string; maxBytes: number; kind: UploadKind },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.multipartRequired);
  let received: ReceivedUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD || received) {
        await discard(part);
        continue;
      }
      received = await writeTemporary(part, options);
    }
  } catch (error) {
    if (received) await fs.promises.rm(received.tempPath, { force: true });
    throw toUploadError(error, options.maxBytes);
  }
  if (!received) throw fieldError(UPLOAD_FIELD, UPLOAD_MSG.fileRequired);
  return received;
}

/** An upload read into memory (a file another area reads at once and does not store), with the form's fields. */
export interface UploadInMemory {
  bytes: Buffer;
  originalName: string;
  fields: Record<string, string>;
}

/**
 * Reads the request's `file` part into memory, within the upload size (413 past it), with the
 * form's text fields in whatever order they come; `accepts` checks the first bytes (415 with
 * `refusal` otherwise), so a file of another kind is stopped at its start. For files an area
 * reads and throws away (a Tier II import); files that are kept go through `receiveUpload`.
 */
export async function receiveUploadInMemory(
  request: FastifyRequest,
  options: { maxBytes: number; accepts: (head: Buffer) => boolean; refusal: string },
): Promise<UploadInMemory> {
  if (!request.isMultipart()) throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.multipartRequired);
  let received: UploadInMemory | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || received) {
        await discard(part);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (!checked && size >= SIGNATURE_LENGTH) {
          checked = true;
          if (!options.accepts(Buffer.concat(chunks)))
            throw refuse('UNSUPPORTED_MEDIA_TYPE', options.refusal);
        }
      }
      if (part.file.truncated) throw refuse('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge(options.maxBytes));
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) throw fieldError(UPLOAD_FIELD, UPLOAD_MSG.fileEmpty);
      if (!checked && !options.accepts(bytes)) throw refuse('UNSUPPORTED_MEDIA_TYPE', options.refusal);
      received = { bytes, originalName: part.filename, fields };
    }
  } catch (error) {
    throw toUploadError(error, options.maxBytes);
  }
  if (!received) throw fieldError(UPLOAD_FIELD, UPLOAD_MSG.fileRequired);
  return received;
}

/**
 * A whole-file upload for one action (a Tier II import, an SDS read): refused with 403 before its
 * body is read when the role may not, and, whenever it is refused while the body is still coming,
 * answered with `Connection: close` so the rest of a large body is not read.
 */
export async function receiveUploadInMemoryFor(
  request: FastifyRequest,
  reply: FastifyReply,
  action: Action,
  options: { maxBytes: number; accepts: (head: Buffer) => boolean; refusal: string },
): Promise<UploadInMemory> {
  if (!isAllowed(request.user?.role, action)) {
    if (!request.raw.complete) reply.header('Connection', 'close');
    throw forbidden();
  }
  try {
    return await receiveUploadInMemory(request, options);
  } catch (error) {
    if (!request.raw.complete) reply.header('Connection', 'close');
    throw error;
  }
}
