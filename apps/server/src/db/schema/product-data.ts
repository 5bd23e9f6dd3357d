import { boolean, date, integer, varchar } from 'drizzle-orm/pg-core';
import { quantity } from './columns.ts';
import { physicalStateEnum, sdsStatusEnum } from './enums.ts';

/**
 * The product data a product carries and an inventory product records as found at the facility
 * (a snapshot the technician may correct): one definition, so the snapshot cannot drift from the
 * product it is copied from. Called once per table, for fresh column builders.
 */
export const productDataColumns = () => ({
  name: varchar({ length: 200 }).notNull(),
  mfgName: varchar({ length: 200 }).notNull(),
  mfgProductNumber: varchar({ length: 100 }).notNull().default(''),
  mfgPhone: varchar({ length: 20 }).notNull().default(''),
  mfgEmergencyPhone: varchar({ length: 20 }).notNull().default(''),
  sdsDate: date(),
  sdsStatus: sdsStatusEnum().notNull().default('pending'),
  physicalState: physicalStateEnum(),
  specificGravity: quantity(10, 4),
  density: quantity(10, 2),
  poundsPerGallon: quantity(10, 2),
  conversionFactor: quantity(),
  flashPoints: integer(),
  nfpa: varchar({ length: 50 }).notNull().default(''),
  isSpcc: boolean().notNull().default(false),
  isSaraF: boolean().notNull().default(false),
  isSaraP: boolean().notNull().default(false),
  isSaraR: boolean().notNull().default(false),
  isSaraA: boolean().notNull().default(false),
  isSaraC: boolean().notNull().default(false),
});

/** What a chemical component is to a product, and to an inventory product's snapshot of it. */
export const componentDetailColumns = () => ({
  percentageWeight: quantity(7, 4),
  percentageVolume: quantity(7, 4),
  regulations: varchar({ length: 500 }).notNull().default(''),
  restrictions: varchar({ length: 500 }).notNull().default(''),
  reportingRequirements: varchar({ length: 500 }).notNull().default(''),
});
