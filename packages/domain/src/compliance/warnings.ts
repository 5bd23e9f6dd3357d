/**
 * Data the engine cannot use is reported, never dropped: each warning names the line (and the
 * component) so the preview can link to the record to fix.
 */
import type { SnapshotComponent, SnapshotLine } from './types.ts';

export const WARNING_CODES = [
  /** A liquid with gallons and no pounds per gallon, specific gravity or density. */
  'missing_density',
  /** A gas with no conversion factor to pounds. */
  'missing_conversion_factor',
  /** A gas whose conversion factor (cu ft per lb) is below 1: probably a density typed in its place. */
  'implausible_conversion_factor',
  /** No container figures at all (no size, quantity or unit for the physical state). */
  'missing_quantity',
  /** SPCC: no shell capacity on the line or its container type; its gallons on hand stand in (an estimate). */
  'capacity_estimated',
  /** SPCC: no shell capacity and no gallons; the line cannot be counted. */
  'capacity_unknown',
  /** A component with no percent by weight. */
  'missing_percent',
  /** A component with a percent by volume only, which needs the component's density. */
  'percent_by_volume_only',
  /** A component with no CAS number, which no list can match. */
  'missing_cas',
  /** A CAS number whose check digit is wrong. */
  'invalid_cas',
  /** A line's components add up to more than 100%. */
  'percent_over_100',
  /** A product line with no components: it cannot be matched to a list by CAS. */
  'no_components',
  /** A component whose CAS is on none of the uploaded lists (information only). */
  'cas_not_listed',
  /** A Tier II product with no hazard category recorded. */
  'no_hazard_category',
  /** A 313 list that marks no chemical PBT or PFAS and gives no per-chemical threshold (a list, not a line). */
  'list_without_markers',
  /** Lines copied from an earlier year that no one has checked this year (one warning naming them all). */
  'unchecked_carry_over',
  /** Lines with an open question (one warning naming them all). */
  'open_question',
  /** RMP: a mixture holding a listed flammable with no NFPA flammability rating (68.115(b)(2)(i) needs it). */
  'missing_nfpa',
  /** PSM: a product marked flammable with no flash point (the 100 °F screen of 1910.119(a)(1)(ii) needs it). */
  'missing_flash_point',
  /** RMP/PSM: a listing with no threshold quantity (a list, not a line). */
  'missing_threshold',
  /**
   * A list lacks a column the rule needs (RMP: toxic/flammable, the ammonium hydroxide alias) and
   * the regulation's own table in the app decided; the warning names the source (a list, not a line).
   */
  'list_filled_from_regulation',
  /** RMP: a partial-pressure override on a toxic that 68.115(b)(1) excepts (oleum, TDI): not applied. */
  'override_not_applied',
  /** Fire code: a line's amount in the fire code's unit (gal, lb, cu ft at NTP) cannot be found. */
  'missing_fire_code_amount',
  /** Fire code: no fire-code class chosen; the flash point or a Tier II category gave one (an estimate). */
  'fire_code_class_estimated',
  /** Fire code: a Tier II category (or a flammable liquid with no flash point) gives no one class; not counted under it. */
  'fire_code_class_not_derived',
  /** Fire code: the permit-amount table has no row for a class in this form and place. */
  'missing_permit_amount',
  /** Tier II: the facility names no owner/operator, no emergency contact with a 24-hour phone or no information contact. */
  'tier2_missing_contact',
  /** Tier II: a product with only the legacy SARA flags, which the `.t2s` cannot carry (from 2017). */
  'tier2_legacy_hazards_only',
  /** Tier II: a reported chemical's storage location with no storage type, pressure or temperature (370.42). */
  'tier2_missing_storage',
  /** A list the report relies on is the seed's partial sample (a list, not a line; decision 029). */
  'sample_list',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/**
 * What an information warning says once its component and line are named apart: the PDF and the
 * preview print it once per group of lines (`groupInfoWarnings`), not once per line.
 */
export const CAS_NOT_LISTED_DETAIL = 'CAS is on none of the reference lists';

/** An information warning's detail; the code itself for a code that has none of its own. */
export function infoWarningDetail(code: WarningCode): string {
  return code === 'cas_not_listed' ? CAS_NOT_LISTED_DETAIL : code;
}

export interface EngineWarning {
  code: WarningCode;
  /** 'info' for facts a consultant may expect (water is on no list), 'warning' for missing data. */
  severity: 'warning' | 'info';
  message: string;
  /** The line to fix; null for a warning about a reference list (the admin's upload to fix). */
  inventory_product_id: number | null;
  product_id: number | null;
  /** '' for a list warning. */
  product_name: string;
  location_stored: string;
  cas_number?: string;
  component_name?: string;
}

function describeLine(line: SnapshotLine): string {
  const where = line.location_stored ? ` at ${line.location_stored}` : '';
  return `${line.product_name}${where} (line ${line.inventory_product_id})`;
}

export function lineWarning(
  line: SnapshotLine,
  code: WarningCode,
  detail: string,
  component?: SnapshotComponent,
): EngineWarning {
  const severity = code === 'cas_not_listed' ? 'info' : 'warning';
  // Two literals, not a spread of the component's fields: a 2,000-line context writes thousands (issue 37).
  if (!component)
    return {
      code,
      severity,
      message: `${describeLine(line)}: ${detail}`,
      inventory_product_id: line.inventory_product_id,
      product_id: line.product_id,
      product_name: line.product_name,
      location_stored: line.location_stored,
    };
  return {
    code,
    severity,
    message: `${component.name || 'component'} ${component.cas_number || '(no CAS)'} in ${describeLine(line)}: ${detail}`,
    inventory_product_id: line.inventory_product_id,
    product_id: line.product_id,
    product_name: line.product_name,
    location_stored: line.location_stored,
    cas_number: component.cas_number,
    component_name: component.name,
  };
}

/** A warning about an uploaded list rather than a line: nothing in the inventory to fix. */
export function listWarning(code: WarningCode, message: string): EngineWarning {
  return {
    code,
    severity: 'warning',
    message,
    inventory_product_id: null,
    product_id: null,
    product_name: '',
    location_stored: '',
  };
}
