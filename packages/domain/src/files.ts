import { z } from 'zod';
import { StoredFileSchema } from './products/index.ts';

export const UPLOAD_MSG = {
  pdfOnly: 'Only PDF files are allowed',
  fileRequired: 'A file is required',
  fileEmpty: 'The file is empty',
  oneFile: 'Send one file at a time',
  tooLarge: (maxBytes: number) => `The file may not be greater than ${formatFileSize(maxBytes)}`,
  multipartRequired: 'The request must be multipart/form-data with a file field',
  tooManyParts: 'The form has too many fields',
  malformed: 'The multipart body is malformed',
} as const;

/**
 * What an upload is for; it decides the accepted content and the storage folder. Only SDS PDFs
 * exist today; reference database files (csv, xls, xlsx) will add their kind here.
 */
export const UPLOAD_KINDS = ['sds'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const FileUploadQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: `The kind must be one of: ${UPLOAD_KINDS.join(', ')}` }).default('sds'),
});

/** `POST /file/upload` answers `{ message, file }` (spec 02 §7: data.file). */
export const FileUploadResponseSchema = z.object({ message: z.string(), file: StoredFileSchema });
export type FileUploadResponse = z.infer<typeof FileUploadResponseSchema>;

/** Sizes as the screens show them: KB below one megabyte, MB above, one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0.1, Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}
