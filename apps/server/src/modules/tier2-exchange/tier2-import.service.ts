import { TIER2_IMPORT_MSG } from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { createCustomerFor, writeTier2Plan } from './tier2-import-apply.service.ts';
import { makePlan, readUploadedFile } from './tier2-import-plan.service.ts';

/**
 * `POST /tier2/import`: a Tier II file read and planned (`tier2-import-plan.service.ts`), then,
 * unless a dry run, the plan written in one transaction (`tier2-import-apply.service.ts`) with its
 * audit row.
 */

export { IMPORTED_MFG_NAME } from './tier2-import-apply.service.ts';

/** `POST /tier2/import?dry_run=1`: what the file would write; reads only. */
export async function previewTier2Import(
  db: Db,
  bytes: Uint8Array,
  customerId: number | null,
  newProducts: ReadonlySet<string> = new Set(),
) {
  return (await makePlan(db, readUploadedFile(bytes), customerId, newProducts)).view;
}

/** `POST /tier2/import`: the plan written in one transaction; answers the plan and what was written. */
export async function applyTier2Import(
  db: Db,
  actor: Actor,
  bytes: Uint8Array,
  customerId: number | null,
  newProducts: ReadonlySet<string> = new Set(),
) {
  const dataset = readUploadedFile(bytes);
  return db.transaction(async (tx) => {
    // Planned again inside the transaction, so what is written is what the database holds now.
    const plan = await makePlan(tx, dataset, customerId, newProducts);
    const first = dataset.facilities[0];
    const owner = customerId ?? (first ? await createCustomerFor(tx, actor, first) : null);
    if (owner === null)
      throw new AppError(
        'VALIDATION',
        TIER2_IMPORT_MSG.required('facility', '/epcraTier2Dataset/dataset/facilities'),
      );
    const written = await writeTier2Plan(tx, actor, plan, owner);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'tier2_import',
      details: {
        year: dataset.reportYear,
        customer_id: owner,
        facilities: written.facility_ids.length,
        lines: written.line_ids.length,
        products_created: written.product_ids.length,
        contacts_created: written.contact_ids.length,
      },
    });
    return { plan: plan.view, written };
  });
}
