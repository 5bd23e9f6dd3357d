import type { Role } from './enums.ts';

const EVERYONE = ['admin', 'staff', 'technician'] as const satisfies readonly Role[];
const STAFF = ['admin', 'staff'] as const satisfies readonly Role[];
const ADMIN = ['admin'] as const satisfies readonly Role[];

/**
 * Who may do what (spec 01 §2 and §6, spec 02 §6): the one table the server's route guard and the
 * web's `useCan` both read, so a role rule is written once. Each API route names its action in
 * `config.permission`; each screen asks `useCan(action)` before it shows or enables a control.
 */
export const PERMISSIONS = {
  'profile.read': EVERYONE,
  'profile.update': EVERYONE,
  'session.end': EVERYONE,

  'users.read': ADMIN,
  'users.create': ADMIN,
  'users.update': ADMIN,
  'users.archive': ADMIN,
  'users.delete': ADMIN,

  'technicians.read': STAFF,
  'technicians.create': STAFF,
  'technicians.update': ADMIN,
  'technicians.archive': ADMIN,
  'technicians.delete': ADMIN,

  'states.read': STAFF,

  'customers.read': STAFF,
  'customers.create': STAFF,
  'customers.update': ADMIN,
  'customers.archive': ADMIN,

  'facilities.read': STAFF,
  'facilities.create': STAFF,
  'facilities.update': ADMIN,
  'facilities.archive': ADMIN,

  'hazards.read': STAFF,
  'hazards.create': ADMIN,
  'hazards.update': ADMIN,
  'hazards.archive': ADMIN,
  'hazards.delete': ADMIN,

  'containers.read': STAFF,
  'containers.create': STAFF,
  'containers.update': ADMIN,
  'containers.archive': ADMIN,

  'container-units.read': STAFF,
  'container-units.create': STAFF,
  'container-units.update': ADMIN,
  'container-units.archive': ADMIN,

  'files.upload': STAFF,

  'products.read': STAFF,
  'products.create': STAFF,
  'products.update': STAFF,
  'products.archive': STAFF,

  'inventories.read': STAFF,
  'reports.read': STAFF,
  'database.read': ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** False while the role is unknown: nothing is granted to nobody. */
export function isAllowed(role: Role | null | undefined, action: Action): boolean {
  return role != null && (PERMISSIONS[action] as readonly Role[]).includes(role);
}

/** The actions of one business area, as the CRUD route factory and the list screens use them. */
export interface AreaActions {
  read: Action;
  create: Action;
  update: Action;
  archive: Action;
  delete?: Action;
}
