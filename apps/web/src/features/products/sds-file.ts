/** Every PDF starts with these bytes, whatever its name or the type the browser guesses. */
const PDF_SIGNATURE = '%PDF-';

function readHead(file: Blob, length: number): Promise<ArrayBuffer> {
  // FileReader rather than Blob.arrayBuffer(): the test DOM (jsdom) has only the former.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** True when the file's first bytes are `%PDF-`: checked before uploading (the server checks again). */
export async function hasPdfSignature(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await readHead(file, PDF_SIGNATURE.length));
  return String.fromCharCode(...head) === PDF_SIGNATURE;
}

/** A JPEG's SOI marker and the next segment's FF; the PNG signature (as the server reads them). */
const PHOTO_SIGNATURES = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
];

/** True for a PDF, a JPEG or a PNG by its first bytes: an SDS or a photo of the label (issue 22). */
export async function hasSdsOrPhotoSignature(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await readHead(file, 8));
  if (String.fromCharCode(...head.subarray(0, PDF_SIGNATURE.length)) === PDF_SIGNATURE) return true;
  return PHOTO_SIGNATURES.some(
    (signature) => head.length >= signature.length && signature.every((byte, index) => head[index] === byte),
  );
}
