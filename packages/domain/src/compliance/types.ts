/**
 * The engine's input contract. Field names follow the API (snake_case, spec 02 §3) and, for the
 * reference lists, the `regulatory_entries` table, so the server's snapshot loader is a plain
 * mapping of rows. Every field issue 11 adds to the data model is optional here: while it is
 * empty the engine computes with what exists and marks the figure as an estimate or screening.
 */

import type { ContainerPlacement, SpccExclusion } from '../lookups/spcc-fields.ts';
import type { FireCodeHazardClass, FireCodeUseMode, PermitAmount } from '../products/fire-code-classes.ts';
import type { Tier2HazardCategory } from '../products/hazard-categories.ts';
import type { SolidForm, Tier2Exclusion } from '../products/report-inputs.ts';
import type { PhysicalState, RegulatoryListType, UnitType } from '../shared/enums.ts';

/** The three EPCRA 313 activities (regulatory rules §4-6), one threshold report each. */
export const TRI_ACTIVITIES = ['manufactured', 'processed', 'otherwise_used'] as const;
export type TriActivity = (typeof TRI_ACTIVITIES)[number];

/** One chemical component of an inventory line (the line's snapshot of its product's SDS section 3). */
export interface SnapshotComponent {
  /** The catalog chemical component, when the loader has it (links in the preview). */
  chemical_component_id?: number | null;
  /** Matched to the lists by CAS only, never by name (rules §0.2). */
  cas_number: string;
  name: string;
  /** Percent by weight, one value (the SDS's single figure). */
  percentage_weight: number | null;
  /**
   * An SDS range ("20-40%") as low and high; a single value is low = high. Each programme picks
   * its point in the range (rules §0.1): the upper bound for 302/304/Tier II, the midpoint for 313.
   */
  percentage_weight_low?: number | null;
  percentage_weight_high?: number | null;
  /** Percent by volume: not convertible to weight without the component's density, so only warned. */
  percentage_volume?: number | null;
  /** OSHA/IARC/NTP carcinogen: the 0.1% de minimis of 311/312 and 313 (rules §0.3). */
  is_carcinogen?: boolean | null;
}

/** Storage conditions of a location, in the Tier II data standard's labels (rules §3). */
export interface StorageConditions {
  storage_type?: string | null;
  storage_pressure?: string | null;
  storage_temperature?: string | null;
}

/** One inventory product line: a product held in one kind of container at one location. */
export interface SnapshotLine extends StorageConditions {
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  physical_state: PhysicalState | null;
  container_name: string | null;
  unit_name: string | null;
  unit_type: UnitType | null;
  container_size: number | null;
  container_quantity: number | null;
  /** Stored by the container calculation on save (spec 02 §9); preferred over recomputing. */
  max_gallons: number | null;
  max_pounds: number | null;
  pounds_per_gallon: number | null;
  specific_gravity: number | null;
  /** lb per gallon, derived from the specific gravity (× 8.34) by the product form. */
  density: number | null;
  conversion_factor: number | null;
  is_sara_f: boolean;
  is_sara_p: boolean;
  is_sara_r: boolean;
  is_sara_a: boolean;
  is_sara_c: boolean;
  is_spcc: boolean;
  is_manufactured: boolean;
  is_processed: boolean;
  is_otherwise_used: boolean;
  location_stored: string;
  components: readonly SnapshotComponent[];

  // Optional fields of issue 11.
  /** The 23 Tier II hazard categories (rules §0.5) that apply to the product. */
  hazard_categories?: readonly Tier2HazardCategory[] | null;
  /** Pounds manufactured / processed / otherwise used during the year (313); max on hand otherwise. */
  annual_pounds?: Partial<Record<TriActivity, number | null>> | null;
  /** Tier II average daily amount in pounds and days on site. */
  average_pounds?: number | null;
  days_on_site?: number | null;
  /** 302: which TPQ a solid with two ("500/10,000") takes, and its 355.16 quantity reduction. */
  solid_form?: SolidForm | null;
  /** 302, a powder: the percent by weight of particles under 100 µm (355.16(a)); unknown = all of it. */
  powder_fraction_pct?: number | null;
  /** The product's NFPA 704 rating as typed ("2-3-1"): reactivity 2-4 takes the lower TPQ (355.15). */
  nfpa?: string | null;
  /** 40 CFR 370.13 exclusion the product falls under; left out of Tier II and named in its notes. */
  tier2_exclusion?: Tier2Exclusion | null;
  /**
   * 313: the chemical on this line is in the form a qualified listing names (372.65: sulfuric or
   * hydrochloric acid as aerosols, aluminum as fume or dust, friable asbestos …). The form is how
   * the facility handles the product this year, which no SDS or list says: the user marks it.
   */
  meets_313_qualifier?: boolean | null;

  // Issue 22 §5: whether a person has confirmed the line this year (every report counts them).
  /** The year of the inventory the line was copied from, while it is not yet checked; null otherwise. */
  carried_over_from_year?: number | null;
  /** The line's notes are a question not yet resolved. */
  has_open_question?: boolean | null;
  /** SPCC (rules §7): one container's shell capacity in gallons recorded on the line, over its container type's. */
  shell_capacity_gal?: number | null;
  /** The container type's shell capacity, used while the line gives none. */
  container_type_shell_capacity_gal?: number | null;
  /** Aboveground or completely buried, on the line (over its container type's). */
  placement?: ContainerPlacement | null;
  container_type_placement?: ContainerPlacement | null;
  /** A 40 CFR 112.1(d) exclusion: the line is left out of SPCC, named with the reason. */
  spcc_exclusion?: SpccExclusion | null;
  // Optional fields of issue 23 (RMP and PSM).
  /** Flash point in °F as the product records it (spec 02: flash_points): the PSM flammable screen (< 100 °F). */
  flash_point_f?: number | null;
  /**
   * The product is used as fuel or held for sale as fuel (40 CFR 68.126; gasoline for engines,
   * 68.115(b)(2)(ii)): its listed flammables are left out of RMP. Product data, copied onto lines.
   */
  is_used_as_fuel?: boolean | null;
  /**
   * The partial pressure of the listed chemical in the product is below 10 mmHg (68.115(b)(1), the
   * PSM 2016 memorandum), documented by `partial_pressure_note`: the app cannot compute it, so the
   * user records it; the toxic / Appendix A figures leave the product out and print the note.
   */
  is_partial_pressure_exempt?: boolean | null;
  partial_pressure_note?: string | null;
  /** PSM 1910.119(a)(1)(ii)(A): on this line the product is a hydrocarbon fuel used only as workplace fuel. */
  is_fuel_use_only?: boolean | null;
  /** PSM 1910.119(a)(1)(ii)(B): a flammable liquid stored in atmospheric tanks (or transferred) below its normal boiling point without chilling. */
  is_atmospheric_storage?: boolean | null;
  // Optional fields of issue 23 (fire code, rules §10-13).
  /** The product's manufacturer, named on the fire-code permit report and inventory statement. */
  mfg_name?: string | null;
  /** The product's fire-code hazard classes; empty: none chosen (a liquid's flash point may suggest one). */
  fire_code_hazard_classes?: readonly FireCodeHazardClass[] | null;
  /** HMIS column of the line's quantity: storage (the default), use in a closed or an open system. */
  fire_code_use_mode?: FireCodeUseMode | null;
  /** Held outside a building: the outside permit amounts apply. */
  is_outdoor?: boolean | null;
}

export interface FacilityAddress {
  address?: string | null;
  city?: string | null;
  county?: string | null;
  state?: string | null;
  zip?: string | null;
}

/** Everything the engine knows about one facility and year: the inventory's lines. */
/** The facility emergency coordinator (40 CFR 355.20(b)), named on the 302 report. */
export interface EmergencyCoordinator {
  name: string;
  title: string;
  /** Digits, as stored. */
  phone: string;
}

/** A contact the facility names, as far as the Tier II checks need it (issue 33). */
export interface SnapshotTier2Contact {
  contact_types: readonly string[];
  phone_types: readonly string[];
}

export interface SnapshotFacility {
  id: number;
  name: string;
  address?: FacilityAddress | null;
  emergency_coordinator?: EmergencyCoordinator | null;
  /** 370.10(a)(2): a retail station selling mainly to the public … */
  is_retail_gas_station?: boolean;
  /** … whose fuel was in compliant underground tanks all of the preceding year. */
  is_ust_compliant?: boolean;
  /**
   * A retail facility: more than half of its income from direct sales to end users (OSHA's reading
   * of 29 CFR 1910.119(a)(2)(i); 40 CFR 68.3). PSM does not apply; RMP leaves out flammables held
   * for sale as fuel (68.126). A retail gas station is one too.
   */
  is_retail_facility?: boolean;
  /** 40 CFR 112.1(b): could reasonably be expected to discharge oil to navigable waters or shorelines (default yes). */
  spcc_could_discharge?: boolean;
  /** The NAICS code the facility records ('' or absent: none), which 313's coverage note names. */
  naics_code?: string | null;
  /** Tier II: the contacts the facility names (issue 33); absent when not loaded, so not checked. */
  tier2_contacts?: readonly SnapshotTier2Contact[];
}

/**
 * The facility-year's Tier II certification (40 CFR 370.42; issue 36), kept on its inventory and
 * printed in the Tier II report's certification block. No rule reads it.
 */
export interface SnapshotCertification {
  name: string;
  title: string;
  /** yyyy-MM-dd or null. */
  date_signed: string | null;
}

export interface ComplianceSnapshot {
  customer: { id: number; name: string };
  facility: SnapshotFacility;
  year: number;
  inventory_id?: number | null;
  /** Absent when not loaded (the engine's own tests); the Tier II report then prints the block unfilled. */
  certification?: SnapshotCertification | null;
  lines: readonly SnapshotLine[];
}

/**
 * One row of an uploaded reference list, named as the `regulatory_entries` columns and the
 * reference-list parser's `RegulatoryEntryValues` are (so a parsed or stored row, plus its
 * `list_type`, is one of these). The optional columns are the ones the rules need and the spec's
 * lists lack (rules §16.10); while a list leaves them empty the engine uses the regulation's
 * general value and says so.
 */
export interface ReferenceEntry {
  list_type: RegulatoryListType;
  chemical_name: string;
  /** '' for a category entry (e.g. 313's N230), which cannot be matched by CAS. */
  cas_number: string;
  category?: string;
  /**
   * RMP/PSM: the listing's condition ("anhydrous", "conc 20% or greater"). 313: the listing's
   * qualifier (40 CFR 372.65: "acid aerosols …", "fume or dust", "friable"), from the list's
   * qualifier column or the name's parenthesis; a line counts only when marked as meeting it.
   */
  condition?: string;
  /** EHS TPQ (the lower one of two), RMP/PSM threshold quantity; 313 PBT threshold when given. */
  threshold_quantity_lbs: number | null;
  /** The second figure of a dual EHS TPQ ("500/10,000" → 10,000): a bulk solid's TPQ (355.15). */
  threshold_quantity_upper_lbs?: number | null;
  /** CERCLA RQ; on the EHS list, the EPCRA 304 RQ when the upload carries it. */
  final_reportable_quantity_lb: number | null;
  /** EHS TPQ as printed, e.g. "500/10,000" for a solid with two TPQs. */
  tpq_text?: string;
  /** RMP: toxic (68.130 Table 1) or flammable (Table 3); '' when the list does not say (part 2). */
  substance_kind?: 'toxic' | 'flammable' | '' | null;
  /** The concentration a listing applies from: PSM Appendix A, RMP "conc 20% or greater" (part 2). */
  min_concentration_pct?: number | null;
  /** 313: the list's de minimis percent (1 or 0.1); the general 1% / 0.1% rule when empty. */
  de_minimis_pct?: number | null;
  /** 313: persistent bioaccumulative toxic (372.28): no de minimis, its own threshold. */
  is_pbt?: boolean | null;
  /** The list's notes and footnote marks joined by "; " (EHS "a": a reactive solid, never 10,000 lb). */
  note?: string;
  /**
   * 313: a PFAS listing (NDAA FY2020), a chemical of special concern from RY 2024: 100 lb, no de
   * minimis, no Form A (88 FR 74360).
   */
  is_pfas?: boolean | null;
  /**
   * RMP: other CAS numbers counted under this listing, comma-separated (ammonium hydroxide
   * 1336-21-6 under "Ammonia (conc 20% or greater)", rules §8). Only RMP reads it: EPCRA keeps the
   * two CAS numbers apart (rules §0.2).
   */
  alias_cas_numbers?: string | null;
}

export interface ReferenceLists {
  entries: readonly ReferenceEntry[];
  /** The admin's fire-code permit amounts (rules §10); the rules document's table when absent. */
  fire_code_permit_amounts?: readonly PermitAmount[];
  /** Upload date of each list used, ISO text, for the report header (rules §0.6). */
  uploaded_at?: Partial<Record<RegulatoryListType, string | null>>;
  /** The row count of each list that is still the seed's partial sample (decision 029). */
  sample_rows?: Partial<Record<RegulatoryListType, number>>;
}

/** Where in an SDS percent range 302, 304 and Tier II read (rules §0.1); 313 follows its own rule. */
export const PERCENT_BASES = ['upper', 'midpoint'] as const;
export type PercentBasis = (typeof PERCENT_BASES)[number];

/** Facility choices where the rules leave one (rules §0.2, §3). */
export interface ComplianceOptions {
  /** 302, 304 and Tier II: the upper bound of a range (the default, the conservative reading) or its midpoint. */
  percent_basis?: PercentBasis;
  /**
   * Tier II non-EHS chemicals (370.14 row 2): threshold on each product as a whole ('product',
   * the default) or on each component aggregated across products ('component').
   */
  tier2_non_ehs_basis?: 'product' | 'component';
  /** A figure this fraction below its threshold is "near threshold"; 0.1 by default. */
  near_threshold_fraction?: number;
}
