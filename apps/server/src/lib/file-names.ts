export const MAX_FILE_NAME_LENGTH = 255;

// Characters Windows, macOS or a shell treat specially; a name shown back to users and sent in
// a Content-Disposition header carries none of them.
const RESERVED_CHARACTERS = /[<>:"/\\|?*]/g;
// Control characters and invisible format characters (bidi overrides turn "fdp.exe" into a
// name that displays as "exe.pdf").
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;
const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * A client's file name made safe to store and show: the last path segment only, no control,
 * invisible or reserved characters, at most 255 characters, and the extension of the content
 * we checked (`evil.exe` holding a PDF becomes `evil.pdf`). Never used to build a storage path.
 */
export function sanitizeFileName(name: string | undefined, extension: string): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  let stem = lastSegment
    .normalize('NFC')
    // Tabs and line breaks become spaces first; other control characters just go.
    .replace(/\s+/g, ' ')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(RESERVED_CHARACTERS, '_')
    .trim();
  if (EXTENSION.test(stem) && stem.replace(EXTENSION, '') !== '') stem = stem.replace(EXTENSION, '');
  // "report.pdf.exe" loses ".exe" above; do not add ".pdf" a second time.
  if (extension !== '' && stem.toLowerCase().endsWith(extension.toLowerCase())) {
    stem = stem.slice(0, -extension.length);
  }
  stem = stem.replace(/^[.\s]+|[.\s]+$/g, '');
  if (stem === '') stem = 'file';
  if (WINDOWS_DEVICE_NAMES.test(stem)) stem = `_${stem}`;
  // Cut by code points so a surrogate pair is never split.
  const room = MAX_FILE_NAME_LENGTH - extension.length;
  const points = Array.from(stem);
  if (points.length > room) stem = points.slice(0, room).join('').trimEnd();
  return `${stem}${extension}`;
}

/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 §4.3, RFC 8187), so
 * every browser saves the file under its own name and none renders it inline.
 */
export function attachmentDisposition(fileName: string): string {
  // Stored names are sanitised already; this keeps the header safe whatever it is given.
  const safe = fileName.replace(INVISIBLE_CHARACTERS, '').replace(RESERVED_CHARACTERS, '_') || 'file';
  const fallback = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
