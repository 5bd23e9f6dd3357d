import { z } from 'zod';
import { PHYSICAL_STATES } from '../shared/enums.ts';

/**
 * What `POST /sds/read` answers (issue 35): components, specific gravity and physical state read
 * from an uploaded SDS and proposed for review. Nothing is saved by the read; the user confirms.
 */

export const SDS_READ_MSG = {
  scanned: 'This SDS is a scan: its pages have no text to read. Type the components from the document.',
  noSection3: 'No composition section (section 3) was found in this SDS.',
  noComponents: 'Section 3 lists no component with a CAS number or a concentration.',
  casCheckDigit: (printed: string) =>
    `CAS number ${printed} fails its check digit: check it against the SDS.`,
  casWithheld: 'The CAS number is withheld (trade secret, proprietary or a mixture).',
  concentrationUnread: (printed: string) =>
    `The concentration "${printed}" could not be read as a percentage.`,
  concentrationMissing: 'No concentration is printed for this component.',
  unreadable: 'This PDF could not be read.',
} as const;

export const SdsReadComponentSchema = z.object({
  name: z.string(),
  /** CAS number with dashes, leading zeros removed; null when withheld. */
  number: z.string().nullable(),
  /** Percent; an open bound is null (`<5%`: low null, high 5). */
  percentage_weight_low: z.number().nullable(),
  percentage_weight_high: z.number().nullable(),
  /** By weight or volume where the SDS prints it, null otherwise. */
  basis: z.enum(['weight', 'volume']).nullable(),
  /** 1-based page the row was read on. */
  page: z.number().int(),
  /** The printed text of the row (name, CAS and concentration lines joined). */
  source_text: z.string(),
  warnings: z.array(z.string()),
});
export type SdsReadComponent = z.infer<typeof SdsReadComponentSchema>;

export const SdsReadSpecificGravitySchema = z.object({
  /** The one value printed (`1.04`, `~1.0` → 1), null when only a range is printed. */
  value: z.number().nullable(),
  /** A range's ends (`1.10 - 1.20`); both the value for a single figure. */
  low: z.number(),
  high: z.number(),
  /** As printed, unit included (`1.04 g/cm3 (20 °C)`, `911 kg/m³`). */
  printed: z.string(),
  page: z.number().int(),
});
export type SdsReadSpecificGravity = z.infer<typeof SdsReadSpecificGravitySchema>;

export const SdsReadResultSchema = z.object({
  /** No text on the pages: nothing could be read, which is said in `warnings`. */
  scanned: z.boolean(),
  components: z.array(SdsReadComponentSchema),
  specific_gravity: SdsReadSpecificGravitySchema.nullable(),
  physical_state: z.enum(PHYSICAL_STATES).nullable(),
  warnings: z.array(z.string()),
});
export type SdsReadResult = z.infer<typeof SdsReadResultSchema>;

export const SdsReadResponseSchema = z.object({ resource: SdsReadResultSchema });
export type SdsReadResponse = z.infer<typeof SdsReadResponseSchema>;
