import { z } from 'zod';
import { UNIT_TYPES, type UnitType } from '../shared/enums.ts';
import {
  ActiveFlagSchema,
  EncodeFlagSchema,
  optionalTextSchema,
  requiredTextSchema,
} from '../shared/fields.ts';
import { makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';
import { CONTAINER_PLACEMENTS, ContainerPlacementSchema, ShellCapacitySchema } from './spcc-fields.ts';

export * from './spcc-fields.ts';

/** Hazard classes, container types and container units: a name, a description, active or not. */
export const LOOKUP_MSG = {
  hazardNameRequired: 'Hazard class name is required',
  hazardNameMax: 'Hazard class name must be less than 50 characters',
  containerRequired: 'Container Type is required',
  containerMax: 'Container Type must be less than 100 characters',
  unitRequired: 'Unit Alias is required',
  unitMax: 'Unit Alias must be less than 100 characters',
  unitType: `Unit type must be one of ${UNIT_TYPES.join(', ')}: put it in parentheses at the end of the alias, e.g. Drum (gal)`,
  descriptionMax: 'Description must be less than 500 characters',
  hazardDuplicate: (name: string) => `A hazard class named ${name} already exists.`,
  containerDuplicate: (name: string) => `A container type named ${name} already exists.`,
  unitDuplicate: (name: string) => `A unit alias named ${name} already exists.`,
} as const;

/** A lookup entry's body: its name rule, an optional description, active or not. */
function lookupEntrySchema<Name extends z.ZodType>(name: Name) {
  return z.object({
    name,
    description: optionalTextSchema(500, LOOKUP_MSG.descriptionMax).optional(),
    is_active: ActiveFlagSchema.optional(),
    ...READ_VERSION_FIELD,
    encode: EncodeFlagSchema,
  });
}

export const SaveHazardRequestSchema = lookupEntrySchema(
  requiredTextSchema(50, LOOKUP_MSG.hazardNameRequired, LOOKUP_MSG.hazardNameMax),
);
export type SaveHazardRequest = z.input<typeof SaveHazardRequestSchema>;

/** A container type, with the SPCC figures its lines take unless they give their own (rules §7). */
export const SaveContainerRequestSchema = lookupEntrySchema(
  requiredTextSchema(100, LOOKUP_MSG.containerRequired, LOOKUP_MSG.containerMax),
).extend({ shell_capacity_gal: ShellCapacitySchema, placement: ContainerPlacementSchema });
export type SaveContainerRequest = z.input<typeof SaveContainerRequestSchema>;

/** The unit type in trailing parentheses of a unit alias: "Drum (gal)" → gal. */
export function unitTypeFromName(name: string): UnitType | undefined {
  const match = /\(\s*([a-z]+)\s*\)\s*$/i.exec(name);
  const type = match?.[1]?.toLowerCase();
  return UNIT_TYPES.find((unit) => unit === type);
}

export const SaveContainerUnitRequestSchema = lookupEntrySchema(
  // 90 leaves room for the " (gal)" the name may be given.
  requiredTextSchema(90, LOOKUP_MSG.unitRequired, LOOKUP_MSG.unitMax),
)
  .extend({ unit_type: z.enum(UNIT_TYPES, { error: LOOKUP_MSG.unitType }).optional() })
  .transform((unit, ctx) => {
    const unitType = unit.unit_type ?? unitTypeFromName(unit.name);
    if (!unitType) {
      // No type given and none in the alias: the alias is what the user must fix.
      ctx.addIssue({ code: 'custom', path: ['name'], message: LOOKUP_MSG.unitType });
      return z.NEVER;
    }
    // The name always carries its type, so a list shows "Drum (gal)" whatever was typed.
    const name = unitTypeFromName(unit.name) ? unit.name : `${unit.name} (${unitType})`;
    return { ...unit, name, unit_type: unitType };
  });
export type SaveContainerUnitRequest = z.input<typeof SaveContainerUnitRequestSchema>;

export const LookupResourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LookupResource = z.infer<typeof LookupResourceSchema>;

export const ContainerResourceSchema = LookupResourceSchema.extend({
  shell_capacity_gal: z.number().nullable(),
  placement: z.enum(CONTAINER_PLACEMENTS).nullable(),
});
export type ContainerResource = z.infer<typeof ContainerResourceSchema>;

export const ContainerUnitResourceSchema = LookupResourceSchema.extend({ unit_type: z.enum(UNIT_TYPES) });
export type ContainerUnitResource = z.infer<typeof ContainerUnitResourceSchema>;

/** The columns a lookup list (hazard classes, container types, container units) may sort by. */
export const LOOKUP_ORDER_KEYS = ['name', 'updated_at', 'created_at'] as const;
export const LookupListQuerySchema = makeListQuerySchema(LOOKUP_ORDER_KEYS);
export type LookupListQuery = z.infer<typeof LookupListQuerySchema>;
export type LookupOrderKey = (typeof LOOKUP_ORDER_KEYS)[number];
