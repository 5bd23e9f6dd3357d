import { inflateRawSync } from 'node:zlib';

/**
 * An .xlsx is a zip. A zip bomb (a few kilobytes that inflate to gigabytes) must be stopped before
 * a workbook reader inflates it into memory, and the sizes a zip declares may lie. So the central
 * directory is read first (entry count and declared sizes within limits), then every entry is
 * inflated with Node's `maxOutputLength` set to its declared size: an entry that grows past what
 * it declared stops at once, and the total can never pass the limit.
 * https://cheatsheetseries.owasp.org/cheatsheets/File_Upload_Cheat_Sheet.html
 * Zip format: PKWARE APPNOTE.TXT §4.3 (https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT).
 */

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

/** A 10,000-row sheet inflates to a few megabytes; these leave room and still stop a bomb. */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1_000, maxTotalBytes: 200 * 1024 * 1024 };

export class ZipRefusedError extends Error {}

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
  if (count > limits.maxEntries) throw new ZipRefusedError(`too many entries (${count})`);
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
    if (total > limits.maxTotalBytes) throw new ZipRefusedError('declared size over the limit');
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

function inflatedSize(zip: Buffer, entry: ZipEntry): number {
  const data = zipEntryData(zip, entry);
  if (entry.method === STORED) return data.length;
  if (entry.method !== DEFLATED) throw new ZipRefusedError(`compression method ${entry.method}`);
  try {
    // One byte over the declared size is enough to know it lied.
    return inflateRawSync(data, { maxOutputLength: entry.size + 1 }).length;
  } catch {
    throw new ZipRefusedError('entry does not inflate within its declared size');
  }
}

/**
 * Checks that the bytes are a zip whose entries, inflated, stay within the limits and match
 * their declared sizes, and returns the entry names. Throws `ZipRefusedError` otherwise.
 */
export function inspectZip(zip: Buffer, limits: ZipLimits = XLSX_LIMITS): string[] {
  if (zip.length < 22) throw new ZipRefusedError('too short');
  const entries = readZipEntries(zip, limits);
  for (const entry of entries) {
    if (inflatedSize(zip, entry) !== entry.size) throw new ZipRefusedError('size mismatch');
  }
  return entries.map((entry) => entry.name);
}

/** A zip that is an Office Open XML workbook: the parts every .xlsx has. */
export function isXlsxPackage(names: string[]): boolean {
  return names.includes('[Content_Types].xml') && names.some((name) => /^xl\/workbook\.xml$/i.test(name));
}
