import { FIRE_CODE_USE_MODES } from '../products/fire-code-classes.ts';
import { PRODUCT_FIELD_LABELS } from '../products/index.ts';

/** The specification's inventory-product messages (spec 02 §5, §6) and ours where it is silent. */
export const INVENTORY_PRODUCT_MSG = {
  nameRequired: 'Product name is required.',
  productUnknown: 'The product was not found or is archived.',
  idempotencyKeyInvalid: 'Idempotency-Key must be a UUID.',
  idempotencyKeyElsewhere: 'This Idempotency-Key was used to add a line to another inventory.',
  /** A catalogue product keeps its own SDS: a line attaches one only to the new product it names. */
  sdsOnlyNewProduct: 'An SDS file can be attached here only to a new product.',
  productExists: (name: string, mfg: string) =>
    `${name} by ${mfg} is already in the product catalogue: choose it from the list.`,
  containerUnknown: 'The container was not found or is archived.',
  unitUnknown: 'The container unit was not found or is archived.',
  locationMax: 'Location must be less than 200 characters.',
  containerInfoMax: 'Container Info must be less than 500 characters.',
  sdsNoMax: 'SDS No must be less than 100 characters.',
  notesMax: 'Notes must be less than 500 characters.',
  notesResolved: 'The question is resolved: its notes can no longer be changed.',
  noOpenQuestion: 'This product has no open question to resolve.',
  closedInventory: 'This inventory is completed or archived: only an admin can add or change its products.',
  /** 409 of a save that would leave two lines of the same combination (spec 02 §4 aggregation). */
  needsAggregation: (name: string) =>
    `${name} is already recorded in this container, unit and size. Proceed to add the quantities together.`,
  poundsNegative: (label: string) => `${label} must be 0 or more.`,
  daysOnSite: 'Days on Site must be a whole number from 1 to 366.',
  /** Checked by the server against the maximum it computes from the containers. */
  averageAboveMax: (maxPounds: string) =>
    `Average Amount must not be more than the maximum on hand (${maxPounds} lbs).`,
  storageType: 'Storage Type must be one of the Tier II storage types.',
  storagePressure: 'Storage Pressure must be one of the Tier II storage pressures.',
  storageTemperature: 'Storage Temperature must be one of the Tier II storage temperatures.',
  fireCodeUseMode: `Fire Code Use must be one of: ${FIRE_CODE_USE_MODES.join(', ')}.`,
  /** The line's copy of its catalog product no longer matches the catalogue (issue 22 point 4). */
  catalogDiffers: "This line's product data differs from the catalogue",
  refreshFromCatalog: 'Refresh from Catalogue',
  unlinkTitle: 'Delete Product from Inventory',
  unlinkConfirm: (name: string) =>
    `Are you sure you want to delete this product ${name} from this inventory? This action cannot be undone.`,
} as const;

/** The labels of the fields the reports need (issue 11), shared by the form and the messages. */
export const INVENTORY_PRODUCT_REPORT_LABELS = {
  annual_pounds_manufactured: 'Annual Pounds Manufactured',
  annual_pounds_processed: 'Annual Pounds Processed',
  annual_pounds_otherwise_used: 'Annual Pounds Otherwise Used',
  average_pounds: 'Average Amount (lbs)',
  days_on_site: 'Days on Site',
  storage_type: 'Storage Type',
  storage_pressure: 'Storage Pressure',
  storage_temperature: 'Storage Temperature',
  meets_313_qualifier: "Meets the 313 listing's qualifier",
  is_fuel_use_only: 'Fuel use only (PSM 1910.119(a)(1)(ii)(A))',
  is_atmospheric_storage: 'Atmospheric storage, not chilled (PSM 1910.119(a)(1)(ii)(B))',
  fire_code_use_mode: 'Fire Code Use (HMIS)',
  is_outdoor: 'Stored outside a building (fire code)',
} as const;

/** A line's fields under the labels its form shows (the audit log names them so, issue 22). */
export const INVENTORY_PRODUCT_FIELD_LABELS = {
  ...PRODUCT_FIELD_LABELS,
  product_id: 'Product',
  sds_no: 'SDS No',
  has_sds_file: 'SDS File',
  notes: 'Notes',
  container: 'Container',
  container_unit: 'Unit',
  container_size: 'Size',
  container_quantity: 'Quantity',
  container_info: 'Container Info',
  is_processed: 'Processed',
  is_manufactured: 'Manufactured',
  is_otherwise_used: 'Otherwise Used',
  location_stored: 'Location',
  max_pounds: 'Max Pounds',
  max_gallons: 'Max Gallons',
  is_resolve_question: 'Question Resolved',
  is_unchecked_carry_over: 'Carried Over, Not Yet Checked',
  checked_at: 'Checked At',
  ...INVENTORY_PRODUCT_REPORT_LABELS,
} as const;

/**
 * What a line copies from its catalog product, by wire name, as the line's notice names it when
 * its copy differs from the catalogue (`catalog_differences`): the product form's labels.
 */
export const LINE_CATALOG_FIELD_LABELS: Record<string, string> = {
  ...PRODUCT_FIELD_LABELS,
  chemical_components: 'Chemical Components',
};
