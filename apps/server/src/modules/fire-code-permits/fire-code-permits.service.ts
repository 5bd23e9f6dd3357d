import {
  compliance,
  FIRE_CODE_FORM_UNITS,
  FIRE_CODE_HAZARD_CLASS_LABELS,
  isFireCodeHazardClass,
  PERMIT_AMOUNT_MSG,
  type PermitAmount,
  type PermitAmountResource,
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

/** A stored row as the domain reads it; a row naming no known class, form or place is skipped. */
function toPermitAmount(row: PermitAmountRow): PermitAmount | null {
  const form = FORMS.find((value) => value === row.form);
  const place = PLACES.find((value) => value === row.place);
  if (!isFireCodeHazardClass(row.hazardClass) || !form || !place) return null;
  return { hazard_class: row.hazardClass, form, place, amount: fromNumeric(row.amount) };
}

function toResource(row: PermitAmountRow): PermitAmountResource | null {
  const amount = toPermitAmount(row);
  if (!amount) return null;
  return {
    id: row.id,
    hazard_class: amount.hazard_class,
    class_label: FIRE_CODE_HAZARD_CLASS_LABELS[amount.hazard_class],
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

/** The table in the class list's order, liquid, solid, gas, inside before outside. */
async function list(db: Db): Promise<PermitAmountResource[]> {
  const rows = (await selectPermitAmounts(db))
    .map(toResource)
    .filter((row): row is PermitAmountResource => row !== null);
  return rows.sort(compliance.compareFireCodeKeys);
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
      details: { hazard_class: row.hazardClass, form: row.form, place: row.place },
      before: { amount: fromNumeric(before.amount) },
      after: { amount: fromNumeric(row.amount) },
    });
    return toResource(row) as PermitAmountResource;
  });
}

export const fireCodePermitsService = { list, update };
