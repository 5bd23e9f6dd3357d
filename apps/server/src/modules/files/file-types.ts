/** What an upload may be: read by the upload check (file-upload.ts) and the services that store or read files. */
export const PDF_MIME_TYPE = 'application/pdf';

/** The file types uploads may be, with the content type recorded and the extension stored. */
export const FILE_TYPES = {
  pdf: { mimeType: PDF_MIME_TYPE, extension: '.pdf' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: '.xlsx' },
  xls: { mimeType: 'application/vnd.ms-excel', extension: '.xls' },
  csv: { mimeType: 'text/csv', extension: '.csv' },
  // Received only: a photo of a label is stored as the one-page PDF made of it (label-photo.ts).
  jpeg: { mimeType: 'image/jpeg', extension: '.jpg' },
  png: { mimeType: 'image/png', extension: '.png' },
} as const;
export type FileType = keyof typeof FILE_TYPES;

/** The file type of a stored content type (undefined for one we never store). */
export function fileTypeOf(mimeType: string): FileType | undefined {
  return (Object.keys(FILE_TYPES) as FileType[]).find((type) => FILE_TYPES[type].mimeType === mimeType);
}

/**
 * A file received and checked (file-upload.ts), kept in a temporary copy. Here, beside the types,
 * so the photo conversion (label-photo.ts) that file-upload.ts calls can name it without importing
 * file-upload.ts back.
 */
export interface ReceivedUpload {
  /** A temporary copy the caller moves into the store and then removes. */
  tempPath: string;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** A PDF with an `/Encrypt` dictionary: kept, but Print All SDS cannot include it. */
  isEncrypted: boolean;
  /** The PDF made of a photo of a label: kept as the product's SDS file but not an SDS (issue 33). */
  isLabelPhoto?: boolean;
}
