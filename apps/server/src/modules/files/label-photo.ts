import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MSG } from '@chemtrack/domain';
import { degrees, PDFDocument, type PDFImage } from 'pdf-lib';
import { AppError } from '../../lib/app-error.ts';
import { startWorker } from '../../lib/start-worker.ts';
import { PDF_MIME_TYPE, type ReceivedUpload } from './file-types.ts';

/**
 * A PNG is decoded to RGBA in memory to be put on a page (4 bytes a pixel, plus the copies
 * pdf-lib makes): past this many pixels it is refused rather than risk the process's memory (a
 * small PNG can declare a huge image). A JPEG is copied into the PDF as it is, never decoded, so
 * the upload's byte limit is its only limit. 30 megapixels is above any phone's default photo.
 */
export const PNG_MAX_MEGAPIXELS = 30;

/** US Letter, the size of the SDS sheets it sits among in Print All SDS; 0.5 in margins. */
const PAGE = { width: 612, height: 792, margin: 36 } as const;

const FIELD = 'file';

/** The photo worker's heap ceiling: a PNG within PNG_MAX_MEGAPIXELS needs well under it. */
const WORKER_MAX_HEAP_MB = 1024;

/** What the photo worker (label-photo-worker.ts) is given and answers. */
export interface PhotoToWorker {
  bytes: Uint8Array;
  type: 'jpeg' | 'png';
}
export type PhotoFromWorker =
  | { type: 'done'; pdf: Uint8Array }
  | { type: 'refused'; code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE'; message: string }
  | { type: 'failed'; message: string };

/**
 * A phone stores a photo as the sensor saw it and says in its EXIF `Orientation` tag how to turn
 * it (CIPA DC-008 §4.6.4, tag 0x0112): 3 is upside down, 6 needs a quarter turn clockwise, 8 a
 * quarter turn anticlockwise. Mirrored values (2, 4, 5, 7) come from no phone camera and are drawn
 * as stored. Anything unreadable is 1 (as stored).
 */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return 1;
    const marker = bytes[offset + 1]!;
    // Start of scan: the image data follows, no more metadata segments.
    if (marker === 0xda) return 1;
    const length = view.getUint16(offset + 2);
    if (length < 2) return 1;
    const start = offset + 4;
    if (marker === 0xe1 && start + 14 <= bytes.length && readAscii(bytes, start, 6) === 'Exif\0\0') {
      return tiffOrientation(view, start + 6, Math.min(bytes.length, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return 1;
}

function readAscii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function tiffOrientation(view: DataView, tiff: number, end: number): number {
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = view.getUint16(ifd, little);
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Width and height a PNG declares in its IHDR chunk (always the first, ISO/IEC 15948 §11.2.2). */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || readAscii(bytes, 12, 4) !== 'IHDR') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A PNG whose header is unreadable (415) or that declares more pixels than may be decoded (413). */
function checkPngSize(bytes: Uint8Array): void {
  const size = pngSize(bytes);
  if (!size) throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.contentMismatch('png'));
  if (size.width * size.height > PNG_MAX_MEGAPIXELS * 1_000_000) {
    throw refuse('PAYLOAD_TOO_LARGE', UPLOAD_MSG.imageTooLarge(PNG_MAX_MEGAPIXELS));
  }
}

function refuse(code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE', message: string): AppError {
  return new AppError(code, message, { [FIELD]: [message] });
}

async function embed(pdf: PDFDocument, bytes: Uint8Array, type: 'jpeg' | 'png'): Promise<PDFImage> {
  if (type === 'png') checkPngSize(bytes);
  try {
    return type === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    // A signature followed by something pdf-lib cannot read (no frame header, a broken chunk).
    throw refuse('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.contentMismatch(type));
  }
}

/**
 * One page holding the photo, turned as the camera said, as large as fits within the margins (a
 * small photo is enlarged too: a label is read on screen and printed), landscape when the photo
 * is wider than tall.
 */
export async function photoToPdf(bytes: Uint8Array, type: 'jpeg' | 'png'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Label photo');
  pdf.setProducer('ChemTrack');
  pdf.setCreator('ChemTrack');
  const image = await embed(pdf, bytes, type);
  const orientation = type === 'jpeg' ? jpegOrientation(bytes) : 1;
  const isTurned = orientation === 6 || orientation === 8;
  // The photo as seen: a quarter turn swaps its width and height.
  const shownWidth = isTurned ? image.height : image.width;
  const shownHeight = isTurned ? image.width : image.height;
  const isLandscape = shownWidth > shownHeight;
  const pageWidth = isLandscape ? PAGE.height : PAGE.width;
  const pageHeight = isLandscape ? PAGE.width : PAGE.height;
  const scale = Math.min(
    (pageWidth - 2 * PAGE.margin) / shownWidth,
    (pageHeight - 2 * PAGE.margin) / shownHeight,
  );
  const boxWidth = shownWidth * scale;
  const boxHeight = shownHeight * scale;
  const left = (pageWidth - boxWidth) / 2;
  const bottom = (pageHeight - boxHeight) / 2;
  const width = image.width * scale;
  const height = image.height * scale;
  const page = pdf.addPage([pageWidth, pageHeight]);
  // pdf-lib turns an image about its lower-left corner: that corner moves so the turned image
  // lands on the box.
  if (orientation === 6)
    page.drawImage(image, { x: left, y: bottom + width, width, height, rotate: degrees(-90) });
  else if (orientation === 8)
    page.drawImage(image, { x: left + height, y: bottom, width, height, rotate: degrees(90) });
  else if (orientation === 3)
    page.drawImage(image, { x: left + width, y: bottom + height, width, height, rotate: degrees(180) });
  else page.drawImage(image, { x: left, y: bottom, width, height });
  return pdf.save();
}

/**
 * `photoToPdf` in a worker thread: a PNG's pixels are decoded in JavaScript (about three seconds
 * for 12 megapixels on a small machine), which would stall every other request on the event loop.
 */
function photoToPdfInWorker(bytes: Uint8Array, type: 'jpeg' | 'png'): Promise<Uint8Array> {
  const input: PhotoToWorker = { bytes, type };
  const worker = startWorker('label-photo-worker', new URL('./label-photo-worker.ts', import.meta.url), {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MAX_HEAP_MB },
  });
  return new Promise<Uint8Array>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    worker.on('message', (message: PhotoFromWorker) => {
      if (message.type === 'done') finish(() => resolve(message.pdf));
      else if (message.type === 'refused') finish(() => reject(refuse(message.code, message.message)));
      else finish(() => reject(new Error(`label photo: ${message.message}`)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() =>
        reject(new Error(`the label photo worker stopped (exit code ${code}) before it finished`)),
      ),
    );
  });
}

/**
 * A received photo replaced by the PDF made of it: a new temporary file, hashed and counted as
 * the upload it now is; the photo's temporary copy is removed whatever happens.
 */
export async function photoToPdfUpload(
  upload: ReceivedUpload,
  type: 'jpeg' | 'png',
): Promise<ReceivedUpload> {
  const tempPath = path.join(path.dirname(upload.tempPath), `${randomUUID()}.upload`);
  try {
    const bytes = await fs.promises.readFile(upload.tempPath);
    let pdf: Uint8Array;
    if (type === 'png') {
      // Refused here without starting a thread at all.
      checkPngSize(bytes);
      pdf = await photoToPdfInWorker(bytes, type);
    } else {
      // A JPEG is copied, not decoded: milliseconds, not worth a thread.
      pdf = await photoToPdf(bytes, type);
    }
    await fs.promises.writeFile(tempPath, pdf, { flag: 'wx' });
    return {
      tempPath,
      originalName: upload.originalName,
      mimeType: PDF_MIME_TYPE,
      size: pdf.byteLength,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      isEncrypted: false,
      isLabelPhoto: true,
    };
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(upload.tempPath, { force: true });
  }
}
