/** Every enum tuple lives here once; the database, the API schemas and the screens read it. */
export const ROLES = ['admin', 'staff', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a user account (not a technician) may be given from the users screen and profile. */
export const USER_ROLES = ['admin', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** How the screens name each role. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', staff: 'Staff', technician: 'Technician' };

export const LIST_STATUSES = ['active', 'inactive'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

export const SDS_STATUSES = ['sds', 'pending', 'update'] as const;
export type SdsStatus = (typeof SDS_STATUSES)[number];

export const PHYSICAL_STATES = ['solid', 'liquid', 'compressed gas', 'liquified gas'] as const;
export type PhysicalState = (typeof PHYSICAL_STATES)[number];

export const UNIT_TYPES = ['gal', 'oz', 'lb', 'cu'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const REGULATORY_LIST_TYPES = ['313', 'cercla', 'rmp', 'psm', 'ehs'] as const;
export type RegulatoryListType = (typeof REGULATORY_LIST_TYPES)[number];

/**
 * The 14 report types (spec 02 §5), keyed by the value the report request's `type` carries.
 * `GET /report/list` answers them in this order with the names below, which are the spec's own
 * wording (the generated file name is built from them). The three 313 entries follow the spec's
 * "threshold from R" wording; keep it unless the spec changes.
 */
export const REPORT_TYPES = [
  'epcra_302',
  'epcra_304_cercla',
  'epcra_311_312_tier2',
  'epcra_313_manufactured',
  'epcra_313_processed',
  'epcra_313_otherwise_used',
  'spcc_plan',
  'caa_112r_rmp',
  'caa_304_psm',
  'hmpp',
  'haz_mat_inventory',
  'hmpp_excel',
  'haz_mat_inventory_excel',
  'inventory_index_numeric',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_NAMES: Record<ReportType, string> = {
  epcra_302: 'EPCRA 302 extremely hazardous substances',
  epcra_304_cercla: 'EPCRA 304 CERCLA spill reporting',
  epcra_311_312_tier2: 'EPCRA 311/312 Tier I and II',
  epcra_313_manufactured: 'EPCRA 313 threshold from R manufactured',
  epcra_313_processed: 'EPCRA 313 threshold from R processed',
  epcra_313_otherwise_used: 'EPCRA 313 threshold from R otherwise used',
  spcc_plan: 'SPCC plan',
  caa_112r_rmp: 'CAA 112 risk management report',
  caa_304_psm: 'CAA 304 process safety management report',
  hmpp: 'hazardous material permit program report',
  haz_mat_inventory: 'hazardous material inventory worksheet',
  // The spec names these three by their slug only; a client reads these names (issue 22), the type keeps the slug.
  hmpp_excel: 'hazardous material permit program spreadsheet',
  haz_mat_inventory_excel: 'hazardous material inventory spreadsheet',
  inventory_index_numeric: 'inventory index by CAS number',
};
