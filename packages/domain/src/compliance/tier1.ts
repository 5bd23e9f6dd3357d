/**
 * Tier I (rules §3): per hazard category, the reported Tier II rows' amounts added up, each pound
 * counted once.
 */

import { LEGACY_HAZARD_CATEGORIES, TIER2_HAZARD_CATEGORIES } from '../products/hazard-categories.ts';
import { roundTo } from '../shared/numbers.ts';
import { QUANTITY_DECIMALS } from './quantities.ts';
import { tier2RangeCode } from './range-codes.ts';
import { averageAndDays } from './tier2-rows.ts';
import type { Tier1Row, Tier2Row } from './tier2-types.ts';
import type { SnapshotLine } from './types.ts';

/** A reported row's part of Tier I: its amounts less what a reported product row already counts. */
export interface Tier1Share {
  row: Tier2Row;
  max_amount_lb: number;
  average_amount_lb: number;
}

/**
 * An EHS (or, in the component option, a chemical) inside a product reported as a whole is
 * already in that product's amount: Tier I counts it once (issue 21 point 6; 42 USC 11022(d)(1)
 * sums the chemicals' amounts, not the same pounds twice). Only the row's pounds from products
 * not reported as a whole are added.
 */
export function tier1Share(
  row: Tier2Row,
  reported: readonly Tier2Row[],
  lineById: Map<number, SnapshotLine>,
): Tier1Share {
  if (row.kind === 'product') {
    return { row, max_amount_lb: row.max_amount_lb, average_amount_lb: row.average_amount_lb };
  }
  const counted = new Set(reported.flatMap((other) => (other.kind === 'product' ? [other.product_id] : [])));
  const rest = row.explanation.contributions.filter((c) => !counted.has(c.product_id));
  if (rest.length === row.explanation.contributions.length) {
    return { row, max_amount_lb: row.max_amount_lb, average_amount_lb: row.average_amount_lb };
  }
  return {
    row,
    max_amount_lb: roundTo(
      rest.reduce((sum, c) => sum + c.pounds_contributed, 0),
      QUANTITY_DECIMALS,
    ),
    average_amount_lb: rest.length === 0 ? 0 : averageAndDays(rest, lineById).average_amount_lb,
  };
}

/** Tier I: per hazard category, the reportable chemicals' amounts added up (each counted in every category it has). */
export function tier1(shares: readonly Tier1Share[]): Tier1Row[] {
  const byCategory = new Map<string, Tier1Row>();
  for (const { row, max_amount_lb, average_amount_lb } of shares) {
    for (const category of row.hazard_categories) {
      const found = byCategory.get(category) ?? {
        hazard_category: category,
        max_amount_lb: 0,
        max_amount_code: tier2RangeCode(0),
        average_amount_lb: 0,
        average_amount_code: tier2RangeCode(0),
        average_is_estimate: false,
        locations: [],
        chemicals: [],
      };
      found.max_amount_lb = roundTo(found.max_amount_lb + max_amount_lb, QUANTITY_DECIMALS);
      found.average_amount_lb = roundTo(found.average_amount_lb + average_amount_lb, QUANTITY_DECIMALS);
      found.max_amount_code = tier2RangeCode(found.max_amount_lb);
      found.average_amount_code = tier2RangeCode(found.average_amount_lb);
      found.average_is_estimate ||= row.average_is_estimate;
      for (const location of row.locations) {
        if (!found.locations.includes(location.location)) found.locations.push(location.location);
      }
      found.chemicals.push(row.name);
      byCategory.set(category, found);
    }
  }
  const order = [...TIER2_HAZARD_CATEGORIES, ...Object.values(LEGACY_HAZARD_CATEGORIES)] as readonly string[];
  return [...byCategory.values()].sort(
    (a, b) => order.indexOf(a.hazard_category) - order.indexOf(b.hazard_category),
  );
}
