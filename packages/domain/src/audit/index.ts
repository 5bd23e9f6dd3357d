import { z } from 'zod';
import { ADDRESS_FIELD_LABELS } from '../addresses/index.ts';
import { CONTACT_FIELD_LABELS } from '../contacts/index.ts';
import { CUSTOMER_FIELD_LABELS } from '../customers/index.ts';
import { FACILITY_FIELD_LABELS } from '../facilities/index.ts';
import { INVENTORY_FIELD_LABELS } from '../inventories/inventory.ts';
import { INVENTORY_PRODUCT_FIELD_LABELS } from '../inventory-products/inventory-product-labels.ts';
import { PRODUCT_FIELD_LABELS } from '../products/index.ts';
import { optionalIsoDateSchema, recordIdSchema } from '../shared/fields.ts';
import { CURSOR_QUERY_FIELD, makeListQuerySchema } from '../shared/list.ts';
import { USER_FIELD_LABELS } from '../users/index.ts';

/**
 * What an audit row may say was done (issue 12). An upload is a `create` of a `file`, an unlink a
 * `delete` of the link, a reference-list replacement a `create` of a `database_entry`.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'archive',
  'unarchive',
  'delete',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password-reset-request',
  'password-set',
  'end-sessions',
  'generate',
  'download',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The `entity` of audit rows, as the services write them, with the screen's words. Some names
 * predate this list (`hazards`, `container units`); rows already written keep them, so they stay.
 */
export const AUDIT_ENTITY_LABELS = {
  user: 'User',
  technician: 'Technician',
  customer: 'Customer',
  facility: 'Facility',
  contact: 'Contact',
  hazards: 'Hazard class',
  containers: 'Container',
  'container units': 'Container unit',
  product: 'Product',
  product_sds: 'Product SDS',
  product_chemical_component: 'Product component',
  inventory: 'Inventory',
  inventory_product: 'Inventory line',
  inventory_product_chemical_component: 'Inventory line component',
  file: 'File',
  database_entry: 'Reference list',
  report: 'Report',
  fire_code_permit_amount: 'Fire-code permit amount',
  tier2_import: 'Tier II import',
  backup: 'Backup',
  filing: 'Filing',
} as const;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as [
  keyof typeof AUDIT_ENTITY_LABELS,
  ...(keyof typeof AUDIT_ENTITY_LABELS)[],
];
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

const NAMED_FIELD_LABELS = { name: 'Name', is_active: 'Active' } as const;

/**
 * Each entity's field labels: the ones its form shows, from its area (one place per label).
 * An entity without a map of its own shows its fields by name.
 */
const AUDIT_FIELD_LABELS: Partial<Record<AuditEntity, Readonly<Record<string, string>>>> = {
  user: USER_FIELD_LABELS,
  technician: USER_FIELD_LABELS,
  customer: CUSTOMER_FIELD_LABELS,
  facility: FACILITY_FIELD_LABELS,
  contact: CONTACT_FIELD_LABELS,
  hazards: NAMED_FIELD_LABELS,
  containers: NAMED_FIELD_LABELS,
  'container units': NAMED_FIELD_LABELS,
  product: PRODUCT_FIELD_LABELS,
  inventory: INVENTORY_FIELD_LABELS,
  inventory_product: INVENTORY_PRODUCT_FIELD_LABELS,
};

/** "address.city" → "Address: City"; a field without a label keeps its name. */
export function auditFieldLabel(entity: string, path: string): string {
  const labels = AUDIT_FIELD_LABELS[entity as AuditEntity] ?? {};
  const [head = path, ...rest] = path.split('.');
  const own = labels[head] ?? head;
  if (rest.length === 0) return own;
  const inner = rest.join('.');
  const innerLabel =
    (ADDRESS_FIELD_LABELS as Record<string, string>)[inner] ??
    USER_FIELD_LABELS[inner as keyof typeof USER_FIELD_LABELS] ??
    inner;
  return head === 'profile' ? innerLabel : `${own}: ${innerLabel}`;
}

export const AUDIT_LOG_ORDER_KEYS = ['created_at', 'entity', 'action'] as const;

export const AUDIT_MSG = {
  entity: `The entity must be one of: ${AUDIT_ENTITIES.join(', ')}`,
  action: `The action must be one of: ${AUDIT_ACTIONS.join(', ')}`,
  entityId: 'The entity id must be a positive number no greater than 2147483647',
  actor: 'The actor must be a positive number no greater than 2147483647',
  from: 'The from date must be a valid date (yyyy-MM-dd)',
  to: 'The to date must be a valid date (yyyy-MM-dd)',
  range: 'The from date must be on or before the to date',
} as const;

/**
 * `GET /audit-log/list`: the usual list query plus the filters. `from` and `to` are whole UTC
 * days, both included (`to=2026-11-24` ends at 2026-11-24T23:59:59.999Z).
 */
export const AuditLogListQuerySchema = makeListQuerySchema(AUDIT_LOG_ORDER_KEYS)
  .omit({ search: true, status: true })
  .extend({
    ...CURSOR_QUERY_FIELD,
    entity: z.enum(AUDIT_ENTITIES, { error: AUDIT_MSG.entity }).optional(),
    entity_id: recordIdSchema(AUDIT_MSG.entityId).optional(),
    actor: recordIdSchema(AUDIT_MSG.actor).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MSG.action }).optional(),
    from: optionalIsoDateSchema(AUDIT_MSG.from),
    to: optionalIsoDateSchema(AUDIT_MSG.to),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MSG.range });
    }
  });
export type AuditLogListQuery = z.infer<typeof AuditLogListQuerySchema>;

export const FieldChangeSchema = z.object({
  before: z.unknown(),
  after: z.unknown(),
  /** The field as its form labels it ("Pounds per Gallon"), from `auditFieldLabel`. */
  label: z.string(),
});

export const AuditLogItemSchema = z.object({
  id: z.number(),
  /** ISO 8601 in UTC (`…Z`). */
  created_at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  /**
   * The record as a person names it ("Toluene, 2026, Riverbend North Plant"), stored with the row
   * when it was written; null for rows written before names were (their id still finds them).
   */
  record_name: z.string().nullable(),
  ip_address: z.string().nullable(),
  actor: z.object({ id: z.number(), full_name: z.string(), email: z.string() }).nullable(),
  /** Changed fields (`address.city` for nested ones), each with its value before and after. */
  changes: z.record(z.string(), FieldChangeSchema),
  /** What else the row records (the e-mail of a failed sign-in, a report's type), changes left out. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogItem = z.infer<typeof AuditLogItemSchema>;
