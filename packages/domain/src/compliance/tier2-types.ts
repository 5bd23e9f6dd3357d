/**
 * The Tier II engine's rows and result (rules §3), apart from the engine so that what reads them
 * (the filing warnings, the export mapping, the documents) imports no engine code.
 */

import type { PhysicalState } from '../shared/enums.ts';
import type { Explanation, ProgrammeResult } from './programme.ts';
import type { RangeCode } from './range-codes.ts';
import type { ThresholdTest } from './thresholds.ts';

export interface Tier2Location {
  location: string;
  storage_type: string | null;
  storage_pressure: string | null;
  storage_temperature: string | null;
  amount_lb: number;
}

export interface Tier2Component {
  name: string;
  cas_number: string;
  percent_weight: number | null;
  is_ehs: boolean;
}

export interface Tier2Row {
  /**
   * 'ehs': an EHS aggregated by CAS; 'chemical': a non-EHS component aggregated by CAS; 'product': a
   * product as a whole; 'fuel': a retail station's gasoline or diesel, all grades, in gallons.
   */
  kind: 'ehs' | 'chemical' | 'product' | 'fuel';
  /** A 'fuel' row's gallons and its threshold in gallons (370.10(a)(2)); null for the others. */
  gallons: { amount_gal: number; threshold_gal: number } | null;
  name: string;
  cas_number: string | null;
  product_id: number | null;
  is_ehs: boolean;
  is_mixture: boolean;
  /** A product's components; the EHS among them are flagged (a mixture lists its EHS). */
  components: Tier2Component[];
  physical_states: PhysicalState[];
  /** The 23 standard categories (from 2017) or the legacy five, as `hazard_basis` says. */
  hazard_categories: string[];
  hazard_basis: 'ghs' | 'legacy';
  max_amount_lb: number;
  max_amount_code: RangeCode;
  average_amount_lb: number;
  average_amount_code: RangeCode;
  /** True while the inventory lacks average amounts: the maximum stands in for them. */
  average_is_estimate: boolean;
  days_on_site: number;
  days_on_site_is_estimate: boolean;
  locations: Tier2Location[];
  threshold_lb: number;
  reportable: boolean;
  /**
   * Issue 33 point 2: lines of unknown pounds could take the row over its threshold, so whether it
   * is reported "cannot be determined: {missing input}"; null when the known part decides.
   */
  cannot_be_determined: string | null;
  /** The product inputs missing on the row's lines of unknown pounds; [] when every amount is known. */
  missing_inputs: string[];
  /** Where the row's lines of unknown pounds are stored (not in `locations`, which carry pounds); [] when none. */
  unknown_locations: string[];
  near_threshold: boolean;
  test: ThresholdTest;
  explanation: Explanation;
}

export interface Tier1Row {
  hazard_category: string;
  max_amount_lb: number;
  max_amount_code: RangeCode;
  average_amount_lb: number;
  average_amount_code: RangeCode;
  average_is_estimate: boolean;
  locations: string[];
  /** The Tier II rows counted in this category. */
  chemicals: string[];
}

/**
 * `rows` holds only what is reported (at or above its threshold); what was tested and falls below
 * is in `below_threshold`, a separate section after the table (rules §3; issue 21 point 2).
 */
export interface Tier2Result extends ProgrammeResult<Tier2Row> {
  below_threshold: Tier2Row[];
  /** Rows not known to be reported that unknown pounds could take over their threshold (issue 33 point 2). */
  undetermined: Tier2Row[];
  tier1: Tier1Row[];
  non_ehs_basis: 'product' | 'component';
}
