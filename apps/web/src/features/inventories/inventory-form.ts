import {
  type InventoryResource,
  isoToUsDate,
  SaveInventoryRequestSchema,
  usDateToIso,
} from '@chemtrack/domain';
import { z } from 'zod';

/** The form as the user fills it; the request schema checks it and turns it into the body. */
export interface InventoryFormValues {
  year: number | '';
  customer_id: number | '';
  facility_id: number | '';
  technician_ids: number[];
  /** The earlier inventories whose lines a new inventory starts from; fixed once it exists. */
  inventory_ids: number[];
  is_completed: boolean;
  /**
   * Issue 36, what the facility-year records for its filings: the Tier II certifier (printed in
   * the report's certification block, written to the `.t2s`) and the day an EHS first reached its
   * TPQ (the EPCRA 302 notification is due 60 days on). Dates as typed, MM/DD/YYYY.
   */
  certifier_name: string;
  certifier_title: string;
  date_signed: string;
  ehs_first_present_on: string;
}

export type ParsedInventoryForm = z.output<typeof SaveInventoryRequestSchema>;

/**
 * The domain's save rules, typed by the form's values, with the days typed as MM/DD/YYYY turned
 * into the yyyy-MM-dd the request carries (spec 02 §9), as the customer form does.
 */
export const InventoryFormSchema = z.preprocess(
  (values: InventoryFormValues) => ({
    ...values,
    date_signed: usDateToIso(values.date_signed),
    ehs_first_present_on: usDateToIso(values.ehs_first_present_on),
  }),
  SaveInventoryRequestSchema,
);

export const EMPTY_INVENTORY_FORM: InventoryFormValues = {
  year: '',
  customer_id: '',
  facility_id: '',
  technician_ids: [],
  inventory_ids: [],
  is_completed: false,
  certifier_name: '',
  certifier_title: '',
  date_signed: '',
  ehs_first_present_on: '',
};

export function toInventoryForm(inventory: InventoryResource): InventoryFormValues {
  return {
    year: inventory.year,
    customer_id: inventory.customer_id,
    facility_id: inventory.facility_id,
    technician_ids: inventory.technicians.map((technician) => technician.id),
    inventory_ids: inventory.duplicates.map((duplicate) => duplicate.id),
    is_completed: inventory.is_completed,
    certifier_name: inventory.certifier_name,
    certifier_title: inventory.certifier_title,
    date_signed: isoToUsDate(inventory.date_signed),
    ehs_first_present_on: isoToUsDate(inventory.ehs_first_present_on),
  };
}

/** The filing facts of the parsed form, as the save body sends them ('' and null clear one). */
export function filingFactsBody(parsed: ParsedInventoryForm) {
  return {
    certifier_name: parsed.certifier_name ?? '',
    certifier_title: parsed.certifier_title ?? '',
    date_signed: parsed.date_signed ?? null,
    ehs_first_present_on: parsed.ehs_first_present_on ?? null,
  };
}

/** The labels of the filing facts' rows, once: the rows and the tests read them. */
export const FILING_FIELD_LABELS = {
  certifier_name: 'Certifier Name',
  certifier_title: 'Certifier Title',
  date_signed: 'Date Signed',
  ehs_first_present_on: 'EHS First at or Above TPQ On',
} as const;
