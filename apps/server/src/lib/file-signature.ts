/**
 * Uploads are judged by their first bytes, never by the name or the declared type, which the
 * client controls (OWASP File Upload Cheat Sheet: "validate the file type, don't trust the
 * Content-Type header"). https://cheatsheetseries.owasp.org/cheatsheets/File_Upload_Cheat_Sheet.html
 */
export const FILE_SIGNATURES = {
  // ISO 32000-2 §7.5.2: a PDF starts with its header `%PDF-` and the version.
  pdf: Buffer.from('%PDF-', 'latin1'),
} as const;
export type SignedFileType = keyof typeof FILE_SIGNATURES;

/** How many leading bytes a caller must collect before asking `hasSignature`. */
export const SIGNATURE_LENGTH = Math.max(...Object.values(FILE_SIGNATURES).map((bytes) => bytes.length));

export function hasSignature(head: Buffer, type: SignedFileType): boolean {
  const signature = FILE_SIGNATURES[type];
  return head.length >= signature.length && head.subarray(0, signature.length).equals(signature);
}

export function isPdf(head: Buffer): boolean {
  return hasSignature(head, 'pdf');
}
