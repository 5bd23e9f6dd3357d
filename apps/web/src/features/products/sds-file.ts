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
