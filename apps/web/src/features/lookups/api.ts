import {
  type AreaActions,
  type AuditEntity,
  LOOKUP_ORDER_KEYS,
  type LookupResource,
} from '@chemtrack/domain';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { listSearchSchema } from '../../lib/list-search.ts';
import type { ResourceApi } from '../../lib/resource-api.ts';

/**
 * The client of a lookup area (hazards, containers, container-units), which its screens take:
 * `T` is the area's record (a unit's carries its unit type).
 */
export type LookupApi<T extends LookupResource> = ResourceApi<T>;
export const LookupSearchSchema = listSearchSchema(LOOKUP_ORDER_KEYS);

/** What a lookup form holds: a name and a description; a container type adds its SPCC figures. */
export interface LookupFormValues {
  name: string;
  description?: string | null;
  shell_capacity_gal?: string | number | null;
  placement?: string | null;
}

/**
 * What an area's save schema parses the form into, the body sent: the name and description,
 * trimmed (a unit's schema adds the unit type it reads from the alias).
 */
export interface LookupBody {
  name: string;
  description?: string | undefined;
}

/**
 * One lookup area as its list and its form show it: the client, the spec's exact words and the
 * rules. `nameLabel` heads the list's one column and labels the form's name field.
 */
export interface LookupArea<T extends LookupResource> {
  api: LookupApi<T>;
  entity: string;
  /** The `entity` of the record's audit rows, for its History link. */
  auditEntity: AuditEntity;
  schema: z.ZodType<LookupBody, LookupFormValues>;
  nameLabel: string;
  searchLabel: string;
  /** The add button's text, plus sign included ('+ Add New Container'). */
  addLabel: string;
  createTitle: string;
  detailsTitle: string;
  saveLabel: string;
  /** The area's actions in the domain's PERMISSIONS table. */
  actions: AreaActions;
  /** Spec 02 §4 asks before archiving hazard classes, not containers or units. */
  hasArchiveConfirmation: boolean;
  /** Fields an area adds under the description (a container type's SPCC figures), and their values. */
  extraFields?: (form: UseFormReturn<LookupFormValues, unknown, LookupBody>, disabled: boolean) => ReactNode;
  extraValues?: (record: T | undefined) => Partial<LookupFormValues>;
}
