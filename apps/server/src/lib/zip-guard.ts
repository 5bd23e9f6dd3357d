import { inflateRawSync } from 'node:zlib';

/**
 * The one zip-bomb guard (decision 032): every zip we are sent (an .xlsx upload or reference list,
 * a Tier II .t2s) is opened here and nowhere else. A zip bomb (a few kilobytes that inflate to
 * gigabytes) must be stopped before anything inflates it into memory, and the sizes a zip declares
 * may lie. So the central directory is read first (entry count and declared sizes within limits),
 * then an entry is inflated with Node's `maxOutputLength` set to the most it may be (its declared
 * size for a workbook, the caller's cap for a .t2s): inflation stops as soon as it grows past that,
 * so the output is never larger than the limit.
 * https://cheatsheetseries.owasp.org/cheatsheets/File_Upload_Cheat_Sheet.html
 * Zip format: PKWARE APPNOTE.TXT §4.3 (https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT).
 */

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

/** A 10,000-row sheet inflates to a few megabytes; these leave room and still stop a bomb. */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1_000, maxTotalBytes: 200 * 1024 * 1024 };

/** Why a zip was refused: too many entries, more bytes than allowed (declared or inflated), or unreadable. */
export type ZipRefusal = 'entries' | 'size' | 'broken';

export class ZipRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: ZipRefusal = 'broken',
  ) {
    super(message);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new ZipRefusedError('no zip directory');
}

/** The central directory's entries, within the limits (count, declared total); `ZipRefusedError` otherwise. */
export function readZipEntries(zip: Buffer, limits: ZipLimits): ZipEntry[] {
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  // Zip64 (markers 0xFFFF / 0xFFFFFFFF) is for archives far larger than any upload we accept.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipRefusedError('zip64');
  if (count > limits.maxEntries) throw new ZipRefusedError(`too many entries (${count})`, 'entries');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw new ZipRefusedError('broken directory');
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    total += entry.size;
    if (total > limits.maxTotalBytes) throw new ZipRefusedError('declared size over the limit', 'size');
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The stored (compressed) bytes of an entry, found through its local header. */
export function zipEntryData(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) {
    throw new ZipRefusedError('broken entry');
  }
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipRefusedError('truncated entry');
  return data;
}

function isOutputTooLarge(error: unknown): boolean {
  return error instanceof RangeError && (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
}

/**
 * An entry's bytes, inflated (or as stored), refused with reason 'size' as soon as they pass
 * `maxBytes`: Node's `maxOutputLength` ends inflation there, so a bomb never inflates in full.
 * A broken entry or another compression method is refused with reason 'broken'.
 */
export function inflateZipEntry(zip: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  const data = zipEntryData(zip, entry);
  let bytes: Buffer;
  if (entry.method === STORED) bytes = data;
  else if (entry.method !== DEFLATED) {
    throw new ZipRefusedError(`compression method ${entry.method}`);
  } else {
    try {
      // maxOutputLength must be at least 1; a larger output is refused just below.
      bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (error) {
      if (isOutputTooLarge(error)) throw new ZipRefusedError('entry inflates past the limit', 'size');
      throw new ZipRefusedError('entry does not inflate');
    }
  }
  if (bytes.length > maxBytes) throw new ZipRefusedError('entry past the limit', 'size');
  return bytes;
}

/**
 * Checks that the bytes are a zip whose entries, inflated, stay within the limits and match
 * their declared sizes, and returns the entry names. Throws `ZipRefusedError` otherwise.
 */
export function inspectZip(zip: Buffer, limits: ZipLimits = XLSX_LIMITS): string[] {
  if (zip.length < 22) throw new ZipRefusedError('too short');
  const entries = readZipEntries(zip, limits);
  for (const entry of entries) {
    // Inflated up to its declared size and no further: an entry that lied stops there.
    if (inflateZipEntry(zip, entry, entry.size).length !== entry.size) {
      throw new ZipRefusedError('size mismatch', 'size');
    }
  }
  return entries.map((entry) => entry.name);
}

/** A zip that is an Office Open XML workbook: the parts every .xlsx has. */
export function isXlsxPackage(names: string[]): boolean {
  return names.includes('[Content_Types].xml') && names.some((name) => /^xl\/workbook\.xml$/i.test(name));
}
