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
