import type { Tier2ImportResponse } from '@chemtrack/domain';
import { uploadFile } from '../../lib/api.ts';

/**
 * `POST /tier2/import` (issue 25): the file with an optional customer, as a dry run (the preview,
 * nothing written) or for real (one transaction). Not CRUD, so not `resourceApi`.
 */
export function importTier2File(
  file: File,
  options: { customerId: number | null; dryRun: boolean; newProducts?: readonly string[] },
  signal?: AbortSignal,
): Promise<Tier2ImportResponse> {
  const fields: Record<string, string> = {
    ...(options.customerId === null ? {} : { customer_id: String(options.customerId) }),
    // Issue 33: the chemicals (by key) that get a new product instead of the catalogue's.
    ...(options.newProducts && options.newProducts.length > 0
      ? { new_products: options.newProducts.join(',') }
      : {}),
  };
  return uploadFile<Tier2ImportResponse>(
    options.dryRun ? '/tier2/import?dry_run=1' : '/tier2/import',
    file,
    undefined,
    signal,
    fields,
  );
}
