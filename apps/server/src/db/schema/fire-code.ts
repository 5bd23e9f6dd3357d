import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, quantity, timestamps } from './columns.ts';

/**
 * The fire-code permit amounts (rules §10), one row per permit group, form (liquid, solid, gas)
 * and place (inside, outside): seeded from the rules document's table by the migration, then
 * adjusted by an admin, since jurisdictions amend them. `amount` null: the table sets none.
 * `permit_group` names the classes the row covers (the domain's FIRE_CODE_PERMIT_GROUPS): Class I
 * (IA, IB, IC) is one row, Classes II and IIIA another, every other class its own (issue 31).
 */
export const fireCodePermitAmounts = pgTable(
  'fire_code_permit_amounts',
  {
    id: id(),
    permitGroup: varchar({ length: 40 }).notNull(),
    form: varchar({ length: 10 }).notNull(),
    place: varchar({ length: 10 }).notNull(),
    amount: quantity(),
    ...timestamps,
  },
  (t) => [uniqueIndex('fire_code_permit_amounts_unique').on(t.permitGroup, t.form, t.place)],
);
