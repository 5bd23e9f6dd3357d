import fs from 'node:fs';
import path from 'node:path';
import { REGULATORY_LIST_TYPES, type RegulatoryListType } from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { FILE_TYPES } from '../../modules/files/file-types.ts';
import { findFileByKey } from '../../modules/files/files.repository.ts';
import { storeFile } from '../../modules/files/files.service.ts';
import { findLatestUpload } from '../../modules/reference-lists/reference-lists.repository.ts';
import { importList, parseListFile } from '../../modules/reference-lists/reference-lists.service.ts';
import { SERVER_ROOT } from '../../runtime/server-root.ts';
import type { FileStore } from '../../storage/file-store.ts';

/**
 * The reference lists a fresh install starts with: partial, real samples of the public EPA and
 * OSHA lists (SOURCES.md beside them says where each row comes from), so reports work before an
 * admin uploads the current official lists. They go through the same parser and import as an
 * upload, and are stored as uploads, so the Database Entry page offers their files for download.
 */
export function seedListFileName(type: RegulatoryListType): string {
  return `list-${type}.csv`;
}

export function readSeedList(type: RegulatoryListType): Buffer {
  return fs.readFileSync(path.join(SERVER_ROOT, 'src/seed/reference-lists', seedListFileName(type)));
}

/** Loads every list that has never been uploaded; returns the types loaded. */
export async function seedReferenceLists(db: Db, store: FileStore): Promise<RegulatoryListType[]> {
  const loaded: RegulatoryListType[] = [];
  for (const type of REGULATORY_LIST_TYPES) {
    if (await findLatestUpload(db, type)) continue;
    const bytes = readSeedList(type);
    const parsed = await parseListFile(bytes, 'csv', type);
    const stored = await storeFile(db, store, {
      buffer: bytes,
      originalName: seedListFileName(type),
      mimeType: FILE_TYPES.csv.mimeType,
      folder: 'database',
    });
    const file = await findFileByKey(db, stored.storageKey);
    if (!file) throw new Error(`the seed list ${type} was not stored`);
    await importList(
      db,
      { userId: undefined, ip: undefined },
      {
        type,
        name: seedListFileName(type),
        file,
        upload: parsed,
        isSample: true,
      },
    );
    loaded.push(type);
  }
  return loaded;
}
