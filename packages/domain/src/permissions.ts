import type { Role } from './shared/enums.ts';

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
  /** Ends every session of a user, from the user's form (issue 12). */
  'users.end-sessions': ADMIN,

  'technicians.read': STAFF,
  'technicians.create': STAFF,
  'technicians.update': ADMIN,
  'technicians.archive': ADMIN,
  'technicians.delete': ADMIN,
  'technicians.end-sessions': ADMIN,

  'states.read': STAFF,

  'customers.read': STAFF,
  'customers.create': STAFF,
  'customers.update': ADMIN,
  'customers.archive': ADMIN,

  'facilities.read': STAFF,
  'facilities.create': STAFF,
  'facilities.update': ADMIN,
  'facilities.archive': ADMIN,

  /** A customer's Tier II contacts, shared by its facilities (issue 25, decision 018). */
  'contacts.read': STAFF,
  'contacts.create': STAFF,
  'contacts.update': STAFF,
  'contacts.archive': STAFF,
  'contacts.delete': STAFF,

  'hazards.read': STAFF,
  /** The hazard class picker of a new product's line form, which a technician fills in (issue 22). */
  'hazards.pick': EVERYONE,
  'hazards.create': ADMIN,
  'hazards.update': ADMIN,
  'hazards.archive': ADMIN,
  'hazards.delete': ADMIN,

  'containers.read': STAFF,
  /** The container picker of the line form, which a technician fills in (issue 22). */
  'containers.pick': EVERYONE,
  'containers.create': STAFF,
  'containers.update': ADMIN,
  'containers.archive': ADMIN,

  'container-units.read': STAFF,
  'container-units.pick': EVERYONE,
  'container-units.create': STAFF,
  'container-units.update': ADMIN,
  'container-units.archive': ADMIN,

  /**
   * The upload call itself: what a role may upload is the action of the upload's kind below
   * (`database` is `database.create`), checked before the body is read.
   */
  'files.upload': EVERYONE,
  /** `general` and `sds` uploads: a product's SDS, the spec's general upload. */
  'files.upload-documents': STAFF,
  /** `sds-photo`: the SDS or label photo of a new product a technician's line names (issue 22). */
  'files.upload-sds-photo': EVERYONE,

  'products.read': STAFF,
  /**
   * The catalogue search of the line form (the product list and one product's data to copy):
   * a technician adding a line picks from it (issue 22). The catalogue holds no customer's data.
   */
  'products.search': EVERYONE,
  'products.create': STAFF,
  'products.update': STAFF,
  'products.archive': STAFF,
  /** Reads an uploaded SDS's components and properties to propose them; saves nothing (issue 35). */
  'sds.read': STAFF,

  /** Every inventory, its pickers and Print All SDS. */
  'inventories.read': STAFF,
  /**
   * The inventory list and one inventory: staff see all of them, a technician only the active
   * ones assigned to them (issue 22, My Inventories); the inventories service scopes the answer.
   */
  'inventories.view': EVERYONE,
  'inventories.create': STAFF,
  'inventories.update': STAFF,
  /** Spec 02 §6: archive and unarchive, and the Completed toggle, are an admin's. */
  'inventories.archive': ADMIN,
  'inventories.complete': ADMIN,
  /** Spec 02 §6 "Edit a completed inventory": staff find it read-only. */
  'inventories.update-completed': ADMIN,

  /**
   * A line's calls. A technician reaches only the lines of an active, open inventory assigned to
   * them (issue 22): the inventory-products routes check the assignment before anything else.
   */
  'inventory-products.read': EVERYONE,
  /** Staff add and edit lines only while the inventory is active and not completed (spec 02 §6). */
  'inventory-products.create': EVERYONE,
  'inventory-products.update': EVERYONE,
  'inventory-products.update-closed': ADMIN,
  /** Spec 02 §6 "Delete a product from an inventory". */
  'inventory-products.unlink': ADMIN,
  'reports.read': STAFF,
  /** Generating a report file is recorded in the audit log; the same roles as reading. */
  'reports.generate': STAFF,
  /** The fire-code permit amounts (issue 23): the reports read them; an admin adjusts them. */
  /** Issue 25: a facility-year's Tier II as a Tier2 Submit .t2s file; the same roles as the reports. */
  'tier2.export': STAFF,
  'fire-code-permits.read': STAFF,
  'fire-code-permits.update': ADMIN,
  /** Issue 25: importing a Tier II file (.t2s or XML) writes customers, facilities, products and an inventory. */
  'tier2.import': STAFF,
  'database.read': ADMIN,
  /** Spec 02 §6: uploads of the reference lists are an admin's, like the page. */
  'database.create': ADMIN,
  /** The audit trail (issue 12): who changed what, including failed sign-ins. */
  'audit-log.read': ADMIN,
  /** Issue 32: backups hold every record and file: an admin's, like the audit trail. */
  'backups.read': ADMIN,
  'backups.create': ADMIN,
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
  /** The list and one record, when wider than `read` (the service scopes the answer). */
  view?: Action;
  /** The autocomplete-list picker, when wider than `read`. */
  pick?: Action;
}

function areaActions<const A extends string>(
  area: A,
  withDelete: boolean,
  wider: { view?: string; pick?: string } = {},
) {
  const actions = {
    read: `${area}.read`,
    create: `${area}.create`,
    update: `${area}.update`,
    archive: `${area}.archive`,
    ...(withDelete ? { delete: `${area}.delete` } : {}),
    ...(wider.view ? { view: `${area}.${wider.view}` } : {}),
    ...(wider.pick ? { pick: `${area}.${wider.pick}` } : {}),
  };
  // Every name is checked against the table below at start, by `assertAreaActions`.
  return actions as AreaActions;
}

/** Each CRUD area's actions, named once for the server's route factory and the web's screens. */
export const AREA_ACTIONS = {
  users: areaActions('users', true),
  technicians: areaActions('technicians', true),
  customers: areaActions('customers', false),
  facilities: areaActions('facilities', false),
  contacts: areaActions('contacts', true),
  hazards: areaActions('hazards', true, { pick: 'pick' }),
  containers: areaActions('containers', false, { pick: 'pick' }),
  containerUnits: areaActions('container-units', false, { pick: 'pick' }),
  products: areaActions('products', false, { view: 'search' }),
  inventories: areaActions('inventories', false, { view: 'view' }),
} as const satisfies Record<string, AreaActions>;

for (const actions of Object.values(AREA_ACTIONS)) {
  for (const action of Object.values(actions)) {
    if (!(action in PERMISSIONS)) throw new Error(`AREA_ACTIONS names ${action}, which PERMISSIONS lacks`);
  }
}
