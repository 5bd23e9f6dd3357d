import { type Action, isAllowed, type Role } from '@chemtrack/domain';

export interface MenuEntry {
  label: string;
  path: string;
  alias?: string;
  /** The entry shows to the roles the domain's PERMISSIONS table allows this action. */
  action: Action;
}

/** Spec 01 §2: the side menu. Technicians have no entries. */
export const MENU: MenuEntry[] = [
  { label: 'Inventories', path: '/inventories', action: 'inventories.read' },
  { label: 'Reports', path: '/reports', action: 'reports.read' },
  /** Issue 36: where each filing stands (due dates, reports generated, marked as filed). */
  { label: 'Filings', path: '/filings', action: 'filings.read' },
  /** Issue 25: a Tier2 Submit .t2s (or its XML) read into customers, facilities, products and an inventory. */
  { label: 'Import Tier II', path: '/reports/tier2-import', action: 'tier2.import' },
  { label: 'Products Mgmt.', path: '/products', action: 'products.read' },
  { label: 'Containers Mgmt.', path: '/containers', alias: '/units', action: 'containers.read' },
  { label: 'Customers and Facilities Mgmt.', path: '/customers-facilities-mgmt', action: 'customers.read' },
  /** Issue 25: the customers' Tier II contacts, which their facilities name. */
  { label: 'Contacts', path: '/contacts', action: 'contacts.read' },
  { label: 'Technicians Mgmt.', path: '/technicians-mgmt', action: 'technicians.read' },
  { label: 'Hazard Class Mgmt.', path: '/hazard-class-mgmt', action: 'hazards.read' },
  { label: 'Database Entry', path: '/database', action: 'database.read' },
  /** Issue 23: the fire-code permit amounts the permit report compares with (an admin edits them). */
  { label: 'Fire Code Permit Amounts', path: '/fire-code-permit-amounts', action: 'fire-code-permits.read' },
  { label: 'User Mgmt.', path: '/users', action: 'users.read' },
  /** Issue 12: who changed what, for admins. */
  { label: 'Audit Log', path: '/audit-log', action: 'audit-log.read' },
  /** Issue 32: backups of the database and the files, for admins. */
  { label: 'Backups', path: '/backups', action: 'backups.read' },
];

/**
 * Where a signed-in user lands: the inventories, or, for a technician (no menu entries, and no
 * inventory but their own: issue 22), My Inventories.
 */
export function homePathFor(role: Role | undefined): '/inventories' | '/my-inventories' {
  return role && !isAllowed(role, 'inventories.read') ? '/my-inventories' : '/inventories';
}

/** While the role is unknown every entry shows. */
export function menuFor(role: Role | undefined): MenuEntry[] {
  return role ? MENU.filter((entry) => isAllowed(role, entry.action)) : MENU;
}

/**
 * Spec 01 §2: highlighted when the path starts with the entry's path or equals its alias. The
 * alias must match exactly, so /units is Containers but /units/3 is not.
 */
export function isMenuEntryActive(entry: MenuEntry, pathname: string): boolean {
  return pathname.startsWith(entry.path) || pathname === entry.alias;
}

/** The pages a technician's role opens (issue 22): their own inventories and their profile. */
const TECHNICIAN_PATHS = ['/my-inventories', '/profile', '/not-for-technicians'];

/**
 * Whether a signed-in user of this role may open the path's page in the frame: a technician opens
 * only their own pages; a staff page would show its shell and then refuse every call (issue 33
 * point 11). Staff and admins are held to each page's own permission by the server.
 */
export function isPathOpenTo(role: Role | undefined, pathname: string): boolean {
  if (homePathFor(role) !== '/my-inventories') return true;
  return TECHNICIAN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
