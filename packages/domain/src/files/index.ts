import { z } from 'zod';

/** A stored upload as resources carry it (a product's SDS, a reference list's last file). */
export const StoredFileSchema = z.object({
  filepath: z.string(),
  original_name: z.string(),
  mime_type: z.string(),
  size: z.number(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const UPLOAD_MSG = {
  pdfOnly: 'Only PDF files are allowed',
  fileRequired: 'A file is required',
  fileEmpty: 'The file is empty',
  oneFile: 'Send one file at a time',
  tooLarge: (maxBytes: number) => `The file may not be greater than ${formatFileSize(maxBytes)}`,
  multipartRequired: 'The request must be multipart/form-data with a file field',
  tooManyParts: 'The form has too many fields',
  malformed: 'The multipart body is malformed',
  generalTypes: 'Only PDF, XLS, XLSX and CSV files are allowed',
  databaseTypes: 'Only CSV, XLS and XLSX files are allowed',
  /** The name says one type and the bytes another (a binary renamed .xlsx, a workbook renamed .csv). */
  contentMismatch: (extension: string) => `The file is not a valid ${extension.toUpperCase()} file`,
  /** A zip bomb posing as a workbook, or a zip whose entries are not what they declare. */
  xlsxTooLarge: 'The XLSX file expands beyond the allowed size or is not a valid workbook',
  /** Kept (owner-password SDS files open in any viewer), but pdf-lib cannot merge it. */
  encryptedPdf: 'The PDF is encrypted: it is kept, but Print All SDS will list it as not included.',
  /** Issue 22: a technician's new product gets an SDS as a PDF or a photo of its label. */
  sdsOrPhotoTypes: 'Only PDF, JPEG and PNG files are allowed',
  /** An image whose pixels would not fit in memory to be put on a page (a decompression bomb too). */
  imageTooLarge: (megapixels: number) => `The image may not be larger than ${megapixels} megapixels`,
} as const;

/**
 * What an upload is for; it decides the accepted types and the storage folder (spec 02 §5):
 * `general` (the spec's upload call, which names no kind) takes .pdf, .xls, .xlsx and .csv;
 * `sds` takes PDFs only, judged by content whatever the name; `database` (a reference list) takes
 * .csv, .xls and .xlsx; `sds-photo` (issue 22, a technician's new product) takes a PDF or a JPEG
 * or PNG photo of the label, judged by content, and a photo is kept as a one-page PDF. Outside
 * `sds` and `sds-photo` the name's extension picks the type and the bytes must be of that type.
 */
export const UPLOAD_KINDS = ['general', 'sds', 'database', 'sds-photo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const FileUploadQuerySchema = z.object({
  kind: z
    .enum(UPLOAD_KINDS, { error: `The kind must be one of: ${UPLOAD_KINDS.join(', ')}` })
    .default('general'),
});

/** `POST /file/upload` answers `{ message, file }` (spec 02 §7: data.file). */
export const FileUploadResponseSchema = z.object({
  message: z.string(),
  file: StoredFileSchema,
  /** What the user should know about a file that was kept (an encrypted PDF, issue 12). */
  warnings: z.array(z.string()).optional(),
});
export type FileUploadResponse = z.infer<typeof FileUploadResponseSchema>;

/** Sizes as the screens show them: KB below one megabyte, MB above, one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0.1, Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * The name of a file the app makes (a report, Print All SDS), from the words that name it: each
 * space and dot becomes an underscore (spec 02 §4 "Report form"), and so do the characters a file
 * system or a header treats specially ("EPCRA 311/312"), so the name saves as it reads everywhere.
 */
export function generatedFileName(
  words: (string | number)[],
  extension: 'pdf' | 'xlsx' | 't2s' | 'zip',
): string {
  const stem = words
    .join(' ')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\s.<>:"/\\|?*]/g, '_');
  return `${stem}.${extension}`;
}
