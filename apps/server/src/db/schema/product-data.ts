import { sql } from 'drizzle-orm';
import { boolean, date, integer, text, varchar } from 'drizzle-orm/pg-core';
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
  /**
   * The Tier II GHS hazard categories (rules §0.5) that apply, as the data standard's exact labels;
   * the SARA flags above stay for reporting years before 2017. Validated against the 23 labels by
   * the domain schema, not by an enum type, so a relabelled standard is a code change only.
   */
  tier2HazardCategories: text().array().notNull().default(sql`'{}'::text[]`),
  /**
   * Fire-code hazard classes (rules §10: `FIRE_CODE_HAZARD_CLASSES` keys), several allowed: a text
   * array validated by the domain schema, like the Tier II categories, so the list is code only.
   */
  fireCodeHazardClasses: text().array().notNull().default(sql`'{}'::text[]`),
  /** 40 CFR 370.13: why the product is no hazardous chemical for Tier II (a `TIER2_EXCLUSIONS` key); null: none. */
  tier2Exclusion: varchar({ length: 30 }),
  /** 40 CFR 355.15/355.16: a solid's form (a `SOLID_FORMS` key), which picks its TPQ and reduces its 302 amount. */
  solidForm: varchar({ length: 20 }),
  /** 355.16(a): percent by weight of a powder's particles under 100 µm; null: not known (all of it counts). */
  powderFractionPct: quantity(7, 4),
  /**
   * RMP (40 CFR 68.126, 68.115(b)(2)(ii)): the product is used as fuel or held for sale as fuel, so
   * its listed flammables are not counted. What the product is for, which no SDS says: the user's.
   */
  isUsedAsFuel: boolean().notNull().default(false),
  /**
   * RMP 68.115(b)(1) and PSM (OSHA 2016 memorandum): the listed chemical's partial pressure in the
   * product is below 10 mmHg, which the app cannot compute; the note documents the source.
   */
  isPartialPressureExempt: boolean().notNull().default(false),
  partialPressureNote: varchar({ length: 500 }).notNull().default(''),
});

/** What a chemical component is to a product, and to an inventory product's snapshot of it. */
export const componentDetailColumns = () => ({
  /**
   * Percent by weight as the SDS gives it (rules §0.1): a single figure is low = high; a range
   * "30-60%" keeps both; "<5%" only the high bound, ">90%" only the low one. `percentageWeight`
   * is the high bound (the figure clients before ranges read and write); `percentageWeightLow` the low.
   */
  percentageWeight: quantity(7, 4),
  percentageWeightLow: quantity(7, 4),
  percentageVolume: quantity(7, 4),
  regulations: varchar({ length: 500 }).notNull().default(''),
  restrictions: varchar({ length: 500 }).notNull().default(''),
  reportingRequirements: varchar({ length: 500 }).notNull().default(''),
  /**
   * OSHA/IARC/NTP carcinogen as the SDS states it for this component: kept beside the percentage it
   * qualifies (the 0.1% de minimis of 311/312 and 313, rules §0.3), so a line's snapshot copies it.
   */
  isCarcinogen: boolean().notNull().default(false),
});

/** The product data columns by their Drizzle names: what a line copies from its catalog product. */
export type ProductDataKey = keyof ReturnType<typeof productDataColumns>;
export const PRODUCT_DATA_KEYS = Object.keys(productDataColumns()) as ProductDataKey[];
