import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Digest } from './digest.ts';

/** gzip level of the table entries: 1 compresses COPY text about 4x at a fraction of level 6's time. */
const GZIP_LEVEL = 1;

/** A table's rows gzipped into a spool file, with what the manifest says of them. */
export interface SpooledTable {
  /** Rows read (COPY lines). */
  rows: number;
  /** Of the gzipped file: a tar entry needs its size before its first byte. */
  bytes: number;
  sha256: string;
}

/** Writes a table's COPY lines gzipped to `file`, counting the rows and hashing the gzipped bytes. */
export async function spoolRows(copy: Readable, file: string): Promise<SpooledTable> {
  const rows = new Digest();
  const gzipped = new Digest();
  await pipeline(copy, rows, createGzip({ level: GZIP_LEVEL }), gzipped, fs.createWriteStream(file));
  return { rows: rows.lines, bytes: gzipped.bytes, sha256: gzipped.hex() };
}
