import { SDS_READ_MSG, type SdsReadResult } from '@chemtrack/domain';
import { fieldError } from '../../lib/app-error.ts';
import { UPLOAD_FIELD } from '../files/file-upload.ts';
import { readSdsInWorker, SdsUnreadableError } from './reader/index.ts';

/**
 * Reads an uploaded SDS and proposes what it says (issue 35). Nothing is written: no file is
 * kept, no product changes and no audit row is due; the user confirms the proposal in the
 * product's form, whose save is audited as any other.
 */
export async function readSds(bytes: Uint8Array): Promise<SdsReadResult> {
  try {
    return await readSdsInWorker(bytes);
  } catch (error) {
    if (error instanceof SdsUnreadableError) throw fieldError(UPLOAD_FIELD, SDS_READ_MSG.unreadable);
    throw error;
  }
}
