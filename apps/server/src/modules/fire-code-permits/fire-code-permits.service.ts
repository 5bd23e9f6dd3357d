import {
  compliance,
  FIRE_CODE_FORM_UNITS,
  isFireCodePermitGroup,
  PERMIT_AMOUNT_MSG,
  type PermitAmount,
  type PermitAmountResource,
  permitGroupClasses,
  permitGroupLabel,
  type UpdatePermitAmount,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import {
  checkPermitAmountVersion,
  findPermitAmount,
  type PermitAmountRow,
  selectPermitAmounts,
  updatePermitAmount,
} from './fire-code-permits.repository.ts';

const ENTITY = 'fire_code_permit_amount';

const FORMS = ['liquid', 'solid', 'gas'] as const;
const PLACES = ['inside', 'outside'] as const;

/** A stored row as the domain reads it; a row naming no known permit group, form or place is skipped. */
function toPermitAmount(row: PermitAmountRow): PermitAmount | null {
  const form = FORMS.find((value) => value === row.form);
  const place = PLACES.find((value) => value === row.place);
  if (!isFireCodePermitGroup(row.permitGroup) || !form || !place) return null;
  return { permit_group: row.permitGroup, form, place, amount: fromNumeric(row.amount) };
}

function toResource(row: PermitAmountRow): PermitAmountResource | null {
  const amount = toPermitAmount(row);
  if (!amount) return null;
  return {
    id: row.id,
    permit_group: amount.permit_group,
    classes: [...permitGroupClasses(amount.permit_group)],
    class_label: permitGroupLabel(amount.permit_group),
    form: amount.form,
    place: amount.place,
    unit: FIRE_CODE_FORM_UNITS[amount.form],
    amount: amount.amount,
    updated_at: toIso(row.updatedAt),
  };
}

/** The permit amounts in force, as the compliance engine reads them (the reports service calls this). */
export async function permitAmountsInForce(db: Db): Promise<PermitAmount[]> {
  return (await selectPermitAmounts(db))
    .map(toPermitAmount)
    .filter((row): row is PermitAmount => row !== null);
}

/** The table in the groups' order (the class list's), liquid, solid, gas, inside before outside. */
async function list(db: Db): Promise<PermitAmountResource[]> {
  const rows = (await selectPermitAmounts(db))
    .map(toResource)
    .filter((row): row is PermitAmountResource => row !== null);
  return rows.sort(compliance.comparePermitKeys);
}

async function update(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdatePermitAmount,
): Promise<PermitAmountResource> {
  return db.transaction(async (tx) => {
    const before = await findPermitAmount(tx, id);
    if (!before || toResource(before) === null) throw new AppError('NOT_FOUND', PERMIT_AMOUNT_MSG.notFound);
    await checkPermitAmountVersion(tx, { entity: ENTITY, id, readAt: body.updated_at });
    const row = await updatePermitAmount(tx, id, toNumeric(body.amount));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      details: { permit_group: row.permitGroup, form: row.form, place: row.place },
      before: { amount: fromNumeric(before.amount) },
      after: { amount: fromNumeric(row.amount) },
    });
    return toResource(row) as PermitAmountResource;
  });
}

export const fireCodePermitsService = { list, update };
