import { FILING_METHODS, FILING_OBLIGATIONS } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { inventories } from './inventories.ts';
import { users } from './users.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A filing marked as made (issue 36): one per inventory (facility-year) and obligation, with the
 * day, how and the agency's confirmation number. Due dates are computed, never stored.
 */
export const filings = pgTable(
  'filings',
  {
    id: id(),
    inventoryId: integer()
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    obligation: varchar({ length: 32 }).notNull(),
    filedOn: date({ mode: 'string' }).notNull(),
    method: varchar({ length: 16 }).notNull(),
    confirmationNumber: varchar({ length: 100 }).notNull().default(''),
    filedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('filings_inventory_obligation_unique').on(t.inventoryId, t.obligation),
    index('filings_filed_on_idx').on(t.filedOn),
    check('filings_obligation_known', sql`${t.obligation} IN (${quoted(FILING_OBLIGATIONS)})`),
    check('filings_method_known', sql`${t.method} IN (${quoted(FILING_METHODS)})`),
  ],
);
