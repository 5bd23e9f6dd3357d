import { z } from 'zod';

/**
 * `POST /tier2/import` (issue 25): the messages of the reader and of the import, once, and the
 * answer's shapes (the dry run's plan and what an import wrote).
 */
export const TIER2_IMPORT_MSG = {
  notTier2: 'This is not a Tier II data standard file',
  notXmlOrZip: 'A Tier II file is a .t2s (ZIP) or an XML file of the National Tier II Data Standard',
  doctype: 'Tier II files may not contain a DOCTYPE or entity declarations',
  beforeGhs:
    'Tier II files before reporting year 2017 use the five old hazard categories; import a 2017 or later file.',
  expandsPast: (mb: number) => `The file expands to more than ${mb} MB`,
  zipEntries: 'A .t2s file must hold exactly one XML file',
  zipBroken: 'The .t2s file is not a readable ZIP archive',
  notWellFormed: (detail: string) => `The file is not well-formed XML: ${detail}`,
  mustBeNumber: (name: string, path: string) => `${name} must be a number (${path})`,
  mustBeBoolean: (name: string, path: string) => `${name} must be true or false (${path})`,
  required: (name: string, path: string) => `${name} is required (${path})`,
  once: (name: string, path: string) => `${name} may appear only once (${path})`,
  unknownHazard: (value: string, path: string) =>
    `"${value}" is not one of the 23 Tier II hazard categories (${path})`,
  unknownContact: (id: string, path: string) => `No contact has the recordid ${id} (${path})`,
  customerNotFound: 'Customer not found.',
  inventoryNotEmpty: (year: number, facility: string) =>
    `${facility} already has a ${year} inventory with products; import into a facility-year with no products.`,
  dryRun: (facilities: number, chemicals: number, contacts: number) =>
    `Preview: ${facilities} facility(ies), ${chemicals} chemical(s), ${contacts} contact(s). Nothing was written.`,
  /** Issue 33 point 7: why a chemical uses a catalogue product, or why it gets a new one. */
  matchedPure: (cas: string) => `Same CAS ${cas} at 100%, same hazard categories as the file`,
  matchedMixture: 'Same name and component CAS numbers, same hazard categories as the file',
  matchedByName: 'Same name, no CAS, same hazard categories as the file',
  notPure: (product: string, cas: string, percent: string) =>
    `${product} holds ${cas} at ${percent}, not 100%: the file's pounds of the pure chemical would shrink, so a new product is created`,
  otherHazards: (product: string) =>
    `${product} has other hazard categories than the file: the file's categories go on a new product`,
  noMatch: 'No catalogue product with this CAS, name and hazard categories: a new product is created',
  chosenNew: 'Create a new product was chosen',
  newProductsField: 'new_products must list chemical keys of the file',
  /** What the preview says the file does not carry, and how lines come in. */
  notCarried:
    'A .t2s carries no containers, container sizes or storage capacities: none come in; add them on the lines after the import.',
  linesComeIn:
    "Each chemical comes in as one line per storage location, with that location's amount in pounds (kilograms converted, gallons kept as gallons), the chemical's average split across its locations by their share of the amount, and its days on site.",
  hazardsFromFile:
    "Hazard categories come from the file: a catalogue product is used only when its Tier II hazard categories are the file's, and a new product takes the file's.",
  coordinator:
    "The file's Fac. Emergency Coordinator contact becomes the facility's emergency coordinator (name, title and 24-hour phone).",
  imported: (facilities: number, lines: number) =>
    `Tier II file imported: ${facilities} facility(ies), ${lines} inventory line(s).`,
} as const;

/** The query (or form field) `dry_run=1` asks for the plan only. */
export const Tier2ImportQuerySchema = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

const MatchSchema = z.enum(['matched', 'new']);

export const Tier2PlanFacilitySchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  record_id: z.string().nullable(),
  status: MatchSchema,
  facility_id: z.number().nullable(),
  /** The facility fields the import would change: name → [stored, file]. */
  changes: z.record(z.string(), z.tuple([z.string(), z.string()])),
  year: z.number(),
  inventory: z.object({ status: z.enum(['new', 'empty']), inventory_id: z.number().nullable() }),
  /** The certifier and date signed the year's inventory takes (issue 36); '' and null when the file has none. */
  certification: z.object({
    certifier_name: z.string(),
    certifier_title: z.string(),
    date_signed: z.string().nullable(),
  }),
});

export const Tier2PlanChemicalSchema = z.object({
  /** The chemical in the file ("1-2": facility 1, chemical 2); `new_products` names chemicals by it. */
  key: z.string(),
  facility: z.string(),
  name: z.string(),
  cas_number: z.string(),
  is_mixture: z.boolean(),
  status: MatchSchema,
  product_id: z.number().nullable(),
  product_name: z.string().nullable(),
  product_mfg_name: z.string().nullable(),
  product_cas_numbers: z.array(z.string()),
  /** Why this product, or why a new one (issue 33 point 7). */
  reason: z.string(),
  /** The file's hazard categories, which the line's product carries. */
  hazard_categories: z.array(z.string()),
  components: z.number(),
  max_amount_lb: z.number().nullable(),
  max_amount_code: z.string(),
  locations: z.number(),
});

export const Tier2PlanContactSchema = z.object({
  record_id: z.string(),
  name: z.string(),
  types: z.array(z.string()),
  status: MatchSchema,
  contact_id: z.number().nullable(),
});

export const Tier2PlanLineSchema = z.object({
  facility: z.string(),
  chemical: z.string(),
  location: z.string(),
  storage_type: z.string(),
  pounds: z.number().nullable(),
  average_pounds: z.number().nullable(),
  days_on_site: z.number().nullable(),
});

export const Tier2ImportPlanSchema = z.object({
  year: z.number(),
  customer: z.object({ id: z.number().nullable(), name: z.string(), status: MatchSchema }),
  facilities: z.array(Tier2PlanFacilitySchema),
  chemicals: z.array(Tier2PlanChemicalSchema),
  contacts: z.array(Tier2PlanContactSchema),
  lines: z.array(Tier2PlanLineSchema),
  /** What a `.t2s` does not carry and how the lines come in. */
  notes: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type Tier2ImportPlan = z.infer<typeof Tier2ImportPlanSchema>;

export const Tier2ImportWrittenSchema = z.object({
  customer_id: z.number(),
  facility_ids: z.array(z.number()),
  inventory_ids: z.array(z.number()),
  product_ids: z.array(z.number()),
  contact_ids: z.array(z.number()),
  line_ids: z.array(z.number()),
});
export type Tier2ImportWritten = z.infer<typeof Tier2ImportWrittenSchema>;

export const Tier2ImportResponseSchema = z.object({
  message: z.string(),
  resource: z.object({
    dry_run: z.boolean(),
    plan: Tier2ImportPlanSchema,
    written: Tier2ImportWrittenSchema.nullable(),
  }),
});
export type Tier2ImportResponse = z.infer<typeof Tier2ImportResponseSchema>;
