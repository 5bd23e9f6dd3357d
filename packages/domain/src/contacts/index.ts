import { z } from 'zod';
import { CUSTOMER_MSG } from '../customers/index.ts';
import {
  ActiveFlagSchema,
  EncodeFlagSchema,
  optionalTextSchema,
  recordIdSchema,
  requiredTextSchema,
} from '../shared/fields.ts';
import { makeListQuerySchema } from '../shared/list.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

/**
 * A customer's contacts (issue 25): the people and companies its facilities name on Tier II
 * (owner/operator, Tier II information contact, emergency contacts, facility emergency
 * coordinator), shared by the customer's facilities (decision 018).
 */

/**
 * The contact types a contact records: those the National Tier II Data Standard names (Tier2
 * Submit's list). A Tier II file's other types are kept as written.
 */
export const TIER2_CONTACT_TYPES = [
  'Owner / Operator',
  'Tier II Information Contact',
  'Emergency Contact',
  'Fac. Emergency Coordinator',
  'Chemical Carrier',
] as const;

/** The phone types of the National Tier II Data Standard a form offers. */
export const CONTACT_PHONE_TYPES = ['24-hour', 'Work', 'Home', 'Emergency', 'Cell', 'Fax', 'Other'] as const;
export type ContactPhoneType = (typeof CONTACT_PHONE_TYPES)[number];

/** The contact type that needs a 24-hour phone (40 CFR 370.42(b): emergency contacts reachable day and night). */
export const EMERGENCY_CONTACT_TYPE = 'Emergency Contact';
export const TWENTY_FOUR_HOUR_PHONE = '24-hour';
/** At most this many phones a contact (the form's rows). */
export const MAX_CONTACT_PHONES = 10;

export const CONTACT_MSG = {
  customerRequired: CUSTOMER_MSG.customerRequired,
  firstNameMax: 'First Name must be less than 100 characters',
  lastNameRequired: 'Last Name is required',
  lastNameMax: 'Last Name must be less than 100 characters',
  titleMax: 'Title must be less than 100 characters',
  email: 'Email must be a valid email address',
  emailMax: 'Email must be less than 150 characters',
  streetMax: 'Mailing Address must be less than 200 characters',
  cityMax: 'Mailing City must be less than 100 characters',
  state: 'Mailing State must be a state code',
  zip: 'Mailing ZIP must be 5 or 9 digits',
  countryMax: 'Mailing Country must be less than 50 characters',
  contactTypesRequired: 'Choose at least one contact type',
  contactType: `Contact types must be among: ${TIER2_CONTACT_TYPES.join(', ')}`,
  phones: 'Phones must be a list of phone numbers with their types',
  phonesMax: `A contact has at most ${MAX_CONTACT_PHONES} phones`,
  phoneNumber: 'Phone Number must have 10 to 15 digits',
  phoneNumberMax: 'Phone Number must be less than 30 characters',
  phoneType: `Phone Type must be one of: ${CONTACT_PHONE_TYPES.join(', ')}`,
  emergencyNeeds24Hour: 'An emergency contact needs a 24-hour phone',
  facilities: "Facilities must be facilities of the contact's customer",
  customerLocked: 'A contact named by facilities keeps its customer; remove it from the facilities first',
  inUse: (name: string, count: number) =>
    `Contact ${name} is named by ${count} ${count === 1 ? 'facility' : 'facilities'}; remove it from ${count === 1 ? 'it' : 'them'} first`,
} as const;

/** Digits of a phone number as typed ("(713) 555-0100 x12" has 12). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

const PhoneSchema = z.object(
  {
    phone_number: z
      .string({ error: CONTACT_MSG.phoneNumber })
      .trim()
      .max(30, CONTACT_MSG.phoneNumberMax)
      .refine((phone) => /^[\d\s()+\-.x#ext]*$/i.test(phone), CONTACT_MSG.phoneNumber)
      .refine(
        (phone) => phoneDigits(phone).length >= 10 && phoneDigits(phone).length <= 15,
        CONTACT_MSG.phoneNumber,
      ),
    phone_type: z.enum(CONTACT_PHONE_TYPES, { error: CONTACT_MSG.phoneType }),
  },
  { error: CONTACT_MSG.phones },
);
export type ContactPhone = z.output<typeof PhoneSchema>;

/** 5 digits or ZIP+4 (9 digits, with or without the dash); stored as 12345 or 12345-6789. */
const ZipSchema = z
  .string({ error: CONTACT_MSG.zip })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    const text = value ?? '';
    if (text === '') return '';
    const match = /^(\d{5})(?:-?(\d{4}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: CONTACT_MSG.zip });
      return z.NEVER;
    }
    return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
  });

const OptionalEmailSchema = z
  .string({ error: CONTACT_MSG.email })
  .trim()
  .max(150, CONTACT_MSG.emailMax)
  .nullish()
  .transform((value) => (value ?? '').toLowerCase())
  .refine((email) => email === '' || z.email().safeParse(email).success, CONTACT_MSG.email);

export const SaveContactRequestSchema = z
  .object({
    customer_id: recordIdSchema(CONTACT_MSG.customerRequired),
    first_name: optionalTextSchema(100, CONTACT_MSG.firstNameMax),
    last_name: requiredTextSchema(100, CONTACT_MSG.lastNameRequired, CONTACT_MSG.lastNameMax),
    title: optionalTextSchema(100, CONTACT_MSG.titleMax),
    email: OptionalEmailSchema,
    mailing_street: optionalTextSchema(200, CONTACT_MSG.streetMax),
    mailing_city: optionalTextSchema(100, CONTACT_MSG.cityMax),
    /** A state code of the states list (checked by the server); '' = none. */
    mailing_state: z
      .string({ error: CONTACT_MSG.state })
      .trim()
      .nullish()
      .transform((value) => (value ?? '').toUpperCase())
      .refine((code) => code === '' || /^[A-Z]{2}$/.test(code), CONTACT_MSG.state),
    mailing_zip: ZipSchema,
    mailing_country: optionalTextSchema(50, CONTACT_MSG.countryMax),
    contact_types: z
      .array(z.enum(TIER2_CONTACT_TYPES, { error: CONTACT_MSG.contactType }), {
        error: CONTACT_MSG.contactTypesRequired,
      })
      .min(1, CONTACT_MSG.contactTypesRequired)
      .transform((types) => [...new Set(types)]),
    phones: z
      .array(PhoneSchema, { error: CONTACT_MSG.phones })
      .max(MAX_CONTACT_PHONES, CONTACT_MSG.phonesMax)
      .optional()
      .transform((phones) => phones ?? []),
    /**
     * Issue 33: the facilities that name the contact, chosen on the contact form (staff edit
     * contacts, not facilities). Absent: the links stay as they are; a facility gaining the
     * contact names it last.
     */
    facility_ids: z
      .array(recordIdSchema(CONTACT_MSG.facilities), { error: CONTACT_MSG.facilities })
      .max(1000, CONTACT_MSG.facilities)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    is_active: ActiveFlagSchema.optional(),
    ...READ_VERSION_FIELD,
    encode: EncodeFlagSchema,
  })
  .superRefine((body, ctx) => {
    if (
      body.contact_types.includes(EMERGENCY_CONTACT_TYPE) &&
      !body.phones.some((phone) => phone.phone_type === TWENTY_FOUR_HOUR_PHONE)
    ) {
      ctx.addIssue({ code: 'custom', path: ['phones'], message: CONTACT_MSG.emergencyNeeds24Hour });
    }
  });
export type SaveContactRequest = z.input<typeof SaveContactRequestSchema>;
export type SaveContact = z.output<typeof SaveContactRequestSchema>;

/** "First Last", or the last name alone (a company). */
export function contactName(contact: { first_name: string; last_name: string }): string {
  return [contact.first_name, contact.last_name].filter(Boolean).join(' ');
}

/** The first 24-hour phone of a contact, '' when none. */
export function twentyFourHourPhone(phones: readonly { phone_number: string; phone_type: string }[]): string {
  return phones.find((phone) => phone.phone_type === TWENTY_FOUR_HOUR_PHONE)?.phone_number ?? '';
}

export const ContactPhoneResourceSchema = z.object({ phone_number: z.string(), phone_type: z.string() });

export const ContactResourceSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer: z.object({ id: z.number(), name: z.string() }),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  email: z.string(),
  mailing_street: z.string(),
  mailing_city: z.string(),
  mailing_state: z.string(),
  mailing_zip: z.string(),
  mailing_country: z.string(),
  /** As saved: the standard's types; an imported file's other types are kept as written. */
  contact_types: z.array(z.string()),
  phones: z.array(ContactPhoneResourceSchema),
  /** The first 24-hour phone, '' when none. */
  phone_24_hour: z.string(),
  /** The facilities that name the contact (the detail call; the list leaves them out). */
  facilities: z.array(z.object({ id: z.number(), name: z.string() })),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactResource = z.infer<typeof ContactResourceSchema>;

export const CONTACT_ORDER_KEYS = ['name', 'customer_name', 'updated_at', 'created_at'] as const;
export const ContactListQuerySchema = makeListQuerySchema(CONTACT_ORDER_KEYS).extend({
  customer_id: recordIdSchema('The customer id must be a record id').optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

/** A contact's fields under the labels its form shows (the audit log names them so). */
export const CONTACT_FIELD_LABELS = {
  customer_id: 'Customer',
  customer: 'Customer',
  name: 'Name',
  first_name: 'First Name',
  last_name: 'Last Name',
  title: 'Title',
  email: 'Email',
  mailing_street: 'Mailing Address',
  mailing_city: 'Mailing City',
  mailing_state: 'Mailing State',
  mailing_zip: 'Mailing ZIP',
  mailing_country: 'Mailing Country',
  contact_types: 'Contact Types',
  phones: 'Phones',
  phone_24_hour: '24-Hour Phone',
  facilities: 'Facilities',
  is_active: 'Active',
} as const;
