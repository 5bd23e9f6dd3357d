import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, isActive, quantity, timestamps, trigram } from './columns.ts';
import { unitTypeEnum } from './enums.ts';

export const hazards = pgTable(
  'hazards',
  {
    id: id(),
    name: varchar({ length: 50 }).notNull(),
    description: text().notNull().default(''),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [trigram('hazards_name_trgm', t.name)],
);

export const containers = pgTable(
  'containers',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(''),
    // SPCC (rules §7): one container's shell capacity and where it sits (a `CONTAINER_PLACEMENTS` key); a line may override both.
    shellCapacityGal: quantity(),
    placement: varchar({ length: 20 }),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [trigram('containers_name_trgm', t.name)],
);

export const containerUnits = pgTable(
  'container_units',
  {
    id: id(),
    /** Display name carrying the unit type in parentheses, e.g. `Drum (gal)`. */
    name: varchar({ length: 100 }).notNull(),
    /** What the container calculation reads. */
    unitType: unitTypeEnum().notNull(),
    description: text().notNull().default(''),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [trigram('container_units_name_trgm', t.name)],
);
