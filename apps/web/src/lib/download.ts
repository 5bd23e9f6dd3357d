import { type DownloadedFile, IncompleteDownloadError } from './api.ts';

/** A PDF's last line is %%EOF, within its last 1024 bytes (ISO 32000-1 §7.5.5 and readers' leeway). */
const PDF_END = '%%EOF';
const PDF_END_WINDOW = 1024;

/**
 * The file, if it is a whole PDF; otherwise `IncompleteDownloadError`. For a PDF the server sends
 * as it makes it: one cut off where something between (a proxy) ended the answer cleanly instead
 * of failing it lacks its end. Not for a user's own uploaded file, which may carry bytes after it.
 */
export async function requireCompletePdf(file: DownloadedFile): Promise<DownloadedFile> {
  const tail = await file.blob.slice(Math.max(0, file.blob.size - PDF_END_WINDOW)).text();
  if (!tail.includes(PDF_END)) throw new IncompleteDownloadError();
  return file;
}

/**
 * Hands a downloaded file to the browser as a save. A plain `<a href>` to the API cannot carry
 * the bearer token, so files are fetched through the API client and saved from a blob URL.
 */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
