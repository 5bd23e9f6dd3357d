import type { Role } from '@chemtrack/domain';

export interface MenuEntry {
  label: string;
  path: string;
  alias?: string;
  roles: readonly Role[];
}

const STAFF: readonly Role[] = ['staff', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/** Spec 01 §2: the side menu. Technicians have no entries. */
export const MENU: MenuEntry[] = [
  { label: 'Inventories', path: '/inventories', roles: STAFF },
  { label: 'Reports', path: '/reports', roles: STAFF },
  { label: 'Products Mgmt.', path: '/products', roles: STAFF },
  { label: 'Containers Mgmt.', path: '/containers', alias: '/units', roles: STAFF },
  { label: 'Customers and Facilities Mgmt.', path: '/customers-facilities-mgmt', roles: STAFF },
  { label: 'Technicians Mgmt.', path: '/technicians-mgmt', roles: STAFF },
  { label: 'Hazard Class Mgmt.', path: '/hazard-class-mgmt', roles: STAFF },
  { label: 'Database Entry', path: '/database', roles: ADMIN },
  { label: 'User Mgmt.', path: '/users', roles: ADMIN },
];

/** While the role is unknown every entry shows. */
export function menuFor(role: Role | undefined): MenuEntry[] {
  return role ? MENU.filter((entry) => entry.roles.includes(role)) : MENU;
}

/**
 * Spec 01 §2: highlighted when the path starts with the entry's path or equals its alias. The
 * alias must match exactly, so /units is Containers but /units/3 is not.
 */
export function isMenuEntryActive(entry: MenuEntry, pathname: string): boolean {
  return pathname.startsWith(entry.path) || pathname === entry.alias;
}
