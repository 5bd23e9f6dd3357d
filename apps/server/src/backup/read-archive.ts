import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import {
  type ArchiveHeader,
  ArchiveHeaderSchema,
  HEADER_ENTRY,
  knownMigrations,
  MANIFEST_ENTRY,
  type Manifest,
  ManifestSchema,
} from './archive-format.ts';
import { Digest } from './digest.ts';

/** A restore that must not go on: the message is for the operator, as is (exit code 1). */
export class RestoreRefusedError extends Error {}

const DAMAGED = 'The archive is damaged or incomplete';
const JSON_ENTRY_MAX_BYTES = 64 * 1024 * 1024;

export interface ArchiveEntry {
  name: string;
  size: number;
  stream: Readable;
}

/**
 * The tar's entries in order; each must be read (or drained) before the next arrives. A tar cut
 * short, or bytes that are no tar, end in a `RestoreRefusedError`.
 */
export async function* archiveEntries(source: Readable): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const fed = pipeline(source, extract);
  let failure: unknown;
  fed.catch((error: unknown) => {
    failure = error;
    extract.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, stream: entry as unknown as Readable };
    }
    await fed;
  } catch (error) {
    throw new RestoreRefusedError(`${DAMAGED} (${reasonOf(failure ?? error)}).`);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function readJsonEntry(entry: ArchiveEntry): Promise<unknown> {
  if (entry.size > JSON_ENTRY_MAX_BYTES)
    throw new RestoreRefusedError(`${DAMAGED} (${entry.name} is too large).`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RestoreRefusedError(`${DAMAGED} (${entry.name} is not valid JSON).`);
  }
}

export function parseHeader(value: unknown): ArchiveHeader {
  const parsed = ArchiveHeaderSchema.safeParse(value);
  if (!parsed.success)
    throw new RestoreRefusedError(`${DAMAGED} (its header is not a ChemTrack backup header).`);
  return parsed.data;
}

/** Refuses an archive whose schema this code does not have (a newer version's, or another branch's). */
export function checkSchema(header: ArchiveHeader): void {
  const known = knownMigrations();
  const same = known[header.last_migration.index];
  if (!same || same.hash !== header.last_migration.hash) {
    throw new RestoreRefusedError(
      `The archive comes from a newer schema (its last migration is ${header.last_migration.tag}; ` +
        `this version of ChemTrack knows up to ${known.at(-1)?.tag ?? 'none'}). Restore it with a newer ChemTrack.`,
    );
  }
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * Reads the whole archive once and checks it, writing nothing: the header first (a newer schema
 * is refused before anything else is read), every entry's size and SHA-256 against the manifest,
 * no entry missing and none unknown. Returns the manifest a restore then follows.
 */
export async function verifyArchive(source: Readable): Promise<Manifest> {
  try {
    return await checkEntries(source);
  } catch (error) {
    // A read cut short inside an entry fails in the reader's hands, not the tar parser's.
    if (error instanceof RestoreRefusedError) throw error;
    throw new RestoreRefusedError(`${DAMAGED} (${reasonOf(error)}).`);
  }
}

async function checkEntries(source: Readable): Promise<Manifest> {
  let header: ArchiveHeader | undefined;
  let manifest: Manifest | undefined;
  const seen = new Map<string, { size: number; sha256: string }>();
  for await (const entry of archiveEntries(source)) {
    if (!header) {
      if (entry.name !== HEADER_ENTRY)
        throw new RestoreRefusedError(`${DAMAGED} (it does not start with ${HEADER_ENTRY}).`);
      header = parseHeader(await readJsonEntry(entry));
      checkSchema(header);
      continue;
    }
    if (manifest) throw new RestoreRefusedError(`${DAMAGED} (an entry follows the manifest).`);
    if (entry.name === MANIFEST_ENTRY) {
      const parsed = ManifestSchema.safeParse(await readJsonEntry(entry));
      if (!parsed.success) throw new RestoreRefusedError(`${DAMAGED} (its manifest does not parse).`);
      manifest = parsed.data;
      continue;
    }
    const digest = new Digest();
    await pipeline(entry.stream, digest, discard());
    seen.set(entry.name, { size: digest.bytes, sha256: digest.hex() });
  }
  if (!header) throw new RestoreRefusedError(`${DAMAGED} (it is empty).`);
  if (!manifest) throw new RestoreRefusedError(`${DAMAGED} (it ends before its manifest).`);
  checkManifest(header, manifest, seen);
  return manifest;
}

function checkManifest(
  header: ArchiveHeader,
  manifest: Manifest,
  seen: Map<string, { size: number; sha256: string }>,
): void {
  if (JSON.stringify(header.last_migration) !== JSON.stringify(manifest.last_migration)) {
    throw new RestoreRefusedError(`${DAMAGED} (its header and manifest disagree).`);
  }
  const expected = [
    ...manifest.tables.map((table) => ({ entry: table.entry, size: table.bytes, sha256: table.sha256 })),
    ...manifest.files.map((file) => ({ entry: file.entry, size: file.size, sha256: file.sha256 })),
  ];
  for (const item of expected) {
    const found = seen.get(item.entry);
    if (!found) throw new RestoreRefusedError(`${DAMAGED} (${item.entry} is missing).`);
    if (found.size !== item.size || found.sha256 !== item.sha256) {
      throw new RestoreRefusedError(`${DAMAGED} (${item.entry} does not match its checksum).`);
    }
    seen.delete(item.entry);
  }
  const [unknown] = seen.keys();
  if (unknown !== undefined) throw new RestoreRefusedError(`${DAMAGED} (${unknown} is not in its manifest).`);
}
