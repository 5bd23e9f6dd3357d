/**
 * Uploads are judged by their first bytes, never by the name or the declared type, which the
 * client controls (OWASP File Upload Cheat Sheet: "validate the file type, don't trust the
 * Content-Type header"). https://cheatsheetseries.owasp.org/cheatsheets/File_Upload_Cheat_Sheet.html
 */
export const FILE_SIGNATURES = {
  // ISO 32000-2 §7.5.2: a PDF starts with its header `%PDF-` and the version.
  pdf: Buffer.from('%PDF-', 'latin1'),
  // An .xlsx is a zip package (ECMA-376 Part 2); a zip starts with a local file header.
  xlsx: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  // An .xls (BIFF8) sits in an OLE2 compound file ([MS-CFB] §2.2: the header signature).
  xls: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // ITU T.81 Annex B: a JPEG starts with the SOI marker FFD8, and the next segment's marker FF.
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  // PNG (ISO/IEC 15948 §5.2): the eight-byte signature.
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
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

/**
 * Whether a chunk of a text file could be CSV: no NUL and no control character other than tab,
 * line feed, form feed and carriage return. A workbook, an executable or UTF-16 text fails at once.
 */
export function isTextChunk(chunk: Buffer): boolean {
  for (const byte of chunk) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}
