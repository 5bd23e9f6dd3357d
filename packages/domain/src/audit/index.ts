import { z } from 'zod';
import { optionalIsoDateSchema, recordIdSchema } from '../shared/fields.ts';
import { makeListQuerySchema } from '../shared/list.ts';

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
  hazards: 'Hazard class',
  containers: 'Container',
  'container units': 'Container unit',
  product: 'Product',
  product_sds: 'Product SDS',
  product_chemical_component: 'Product component',
  inventory: 'Inventory',
  inventory_product: 'Inventory product',
  inventory_product_chemical_component: 'Inventory product component',
  file: 'File',
  database_entry: 'Reference list',
  report: 'Report',
} as const;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as [
  keyof typeof AUDIT_ENTITY_LABELS,
  ...(keyof typeof AUDIT_ENTITY_LABELS)[],
];
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

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

export const FieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const AuditLogItemSchema = z.object({
  id: z.number(),
  /** ISO 8601 in UTC (`…Z`). */
  created_at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  ip_address: z.string().nullable(),
  actor: z.object({ id: z.number(), full_name: z.string(), email: z.string() }).nullable(),
  /** Changed fields (`address.city` for nested ones), each with its value before and after. */
  changes: z.record(z.string(), FieldChangeSchema),
  /** What else the row records (the e-mail of a failed sign-in, a report's type), changes left out. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogItem = z.infer<typeof AuditLogItemSchema>;
