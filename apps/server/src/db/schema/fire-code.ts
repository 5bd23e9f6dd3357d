import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, quantity, timestamps } from './columns.ts';

/**
 * The fire-code permit amounts (rules §10), one row per hazard class, form (liquid, solid, gas)
 * and place (inside, outside): seeded from the rules document's table by the migration, then
 * adjusted by an admin, since jurisdictions amend them. `amount` null: the table sets none.
 */
export const fireCodePermitAmounts = pgTable(
  'fire_code_permit_amounts',
  {
    id: id(),
    hazardClass: varchar({ length: 40 }).notNull(),
    form: varchar({ length: 10 }).notNull(),
    place: varchar({ length: 10 }).notNull(),
    amount: quantity(),
    ...timestamps,
  },
  (t) => [uniqueIndex('fire_code_permit_amounts_unique').on(t.hazardClass, t.form, t.place)],
);
