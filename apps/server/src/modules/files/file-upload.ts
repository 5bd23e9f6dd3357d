import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MSG, type UploadKind } from '@chemtrack/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hasSignature, SIGNATURE_LENGTH, type SignedFileType } from '../../lib/file-signature.ts';
import { PDF_MIME_TYPE } from './files.service.ts';

/** The multipart field the file travels in (spec 02 §7). */
export const UPLOAD_FIELD = 'file';

/** What each upload kind accepts: the content signature, and the type we record for it. */
const ACCEPTED: Record<UploadKind, { signature: SignedFileType; mimeType: string; refusal: string }> = {
  sds: { signature: 'pdf', mimeType: PDF_MIME_TYPE, refusal: UPLOAD_MSG.pdfOnly },
};

export interface ReceivedUpload {
  /** A temporary copy the caller moves into the store and then removes. */
  tempPath: string;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
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
 * Hashes and counts the bytes as they pass, and stops the stream as soon as the first bytes show
 * the content is not of the accepted type (an executable is refused before it reaches the disk
 * in full).
 */
function createInspector(accepted: (typeof ACCEPTED)[UploadKind]) {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < SIGNATURE_LENGTH) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_LENGTH - head.length)]);
        if (head.length >= SIGNATURE_LENGTH && !hasSignature(head, accepted.signature)) {
          callback(refuse('UNSUPPORTED_MEDIA_TYPE', accepted.refusal));
          return;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      // Shorter than a signature but not empty: not the accepted type either.
      if (size > 0 && !hasSignature(head, accepted.signature)) {
        callback(refuse('UNSUPPORTED_MEDIA_TYPE', accepted.refusal));
        return;
      }
      callback();
    },
  });
  return { inspector, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function writeTemporary(
  part: MultipartFile,
  options: { tempDir: string; maxBytes: number; kind: UploadKind },
): Promise<ReceivedUpload> {
  const accepted = ACCEPTED[options.kind];
  await fs.promises.mkdir(options.tempDir, { recursive: true });
  const tempPath = path.join(options.tempDir, `${randomUUID()}.upload`);
  const { inspector, result } = createInspector(accepted);
  try {
    await pipeline(part.file, inspector, fs.createWriteStream(tempPath, { flags: 'wx' }));
    // Busboy stops at `fileSize` and marks the stream truncated rather than failing it.
    if (part.file.truncated) throw refuse('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge(options.maxBytes));
    const { size, sha256 } = result();
    if (size === 0) throw fieldError(UPLOAD_FIELD, UPLOAD_MSG.fileEmpty);
    return { tempPath, originalName: part.filename, mimeType: accepted.mimeType, size, sha256 };
  } catch (error) {
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
