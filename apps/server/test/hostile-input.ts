import fs from 'node:fs';
import path from 'node:path';
import { casCheckDigit } from '@chemtrack/domain';
import { is } from 'drizzle-orm';
import { getTableConfig, type PgTable, PgVarchar } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import {
  billingAddressBody,
  componentBody,
  contactBody,
  containerBody,
  containerUnitBody,
  create,
  customerBody,
  facilityBody,
  hazardBody,
  inventoryBody,
  inventoryProductBody,
  nextSequence,
  productBody,
  technicianBody,
  userBody,
} from '../src/seed/factories.ts';
import { APP_KEY, createTestUser, extractResetToken, PASSWORD, type TestContext } from './helper.ts';
import { upload } from './uploads.ts';

/**
 * What the hostile-input tests send, shared by hostile-input.test.ts and
 * hostile-input-accounts.test.ts: the hostile values, each body route with the fresh records it
 * works on and the columns its strings are saved in, and the check one route gets. The rule under
 * test is the guide's: a clear 4xx (or a success), never a 5xx. A pass in which nothing is ever
 * saved proves nothing, so each body route gets its own records, its valid body must succeed
 * first, and it fails when none of its variants reached the database write.
 */

export const HOSTILE_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  '1e308',
  '-99999999999999999999',
  '99999999999999999999.99',
  'x'.repeat(20_000),
  '',
  '   ',
  {},
  [],
  [1e308],
  ['x'],
  true,
  'nul\u0000byte',
  "'; DROP TABLE users; --",
  '%_\\',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  // Hostile and yet valid for most text fields (a password too), so they reach the write.
  "Aa1'); DROP TABLE users; --",
  'Ünïcødé 名前 😀 Aa1',
  '<script>alert(1)</script>',
];

export type Body = Record<string, unknown>;
export type Method = 'POST' | 'PATCH';

/** The records one body route works on, made for it alone, and how to call it. */
interface Target {
  url: string;
  /** A new valid body for each request (fresh names, e-mails, CAS numbers, reset tokens). */
  body(): Body | Promise<Body>;
  /** Defaults to an admin's call. */
  send?(method: Method, url: string, payload: Body): Promise<LightMyRequestResponse>;
}

/** The varchar columns a route saves its body's strings in: `prefix` + snake_case column name. */
interface ColumnSource {
  table: PgTable;
  prefix?: string;
  /** Columns of the table this body does not write, each with its reason. */
  notInBody?: Record<string, string>;
}

/** A field's length rule where the domain is narrower than its column, or where there is no column. */
interface FieldLimit {
  max: number;
  why: string;
}

export interface BodyRoute {
  prepare(ctx: TestContext): Promise<Target>;
  columns: ColumnSource[];
  /** Strings with a length rule but no column of their own (a password is stored hashed). */
  unstored?: Record<string, FieldLimit & { value(length: number): string }>;
}

/**
 * Where the domain allows less than the column holds, and why. Everywhere else the domain's
 * maximum must be exactly the column's size: a value of that size is saved, one more is a 422.
 */
export const NARROWER_IN_THE_DOMAIN: Record<string, FieldLimit> = {
  'users.phone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'addresses.phone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'facilities.emergencyCoordinatorPhone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'products.mfgPhone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'products.mfgEmergencyPhone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'inventory_products.mfgPhone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'inventory_products.mfgEmergencyPhone': { max: 15, why: 'phones are saved as 10 to 15 digits' },
  'chemical_components.number': { max: 12, why: 'a CAS number is 2-7, 2 and 1 digits and two dashes' },
  'container_units.name': { max: 90, why: 'the server appends the unit type, " (gal)", to the alias' },
};

/**
 * Varchar columns whose value the domain takes only from a fixed list, so no length of free text
 * reaches them (the hostile values are still sent to each); the column is wide for the labels.
 */
export const CHOSEN_FROM_A_LIST: Record<string, string> = {
  'inventory_products.storageType': 'one of the Tier II storage types',
  'inventory_products.storagePressure': 'one of the Tier II storage pressures',
  'inventory_products.storageTemperature': 'one of the Tier II storage temperatures',
  'products.tier2Exclusion': 'one of the 370.13 exclusions',
  'products.solidForm': 'one of the 302 solid forms',
  'inventory_products.tier2Exclusion': 'one of the 370.13 exclusions',
  'inventory_products.solidForm': 'one of the 302 solid forms',
  'containers.placement': 'aboveground or buried (SPCC)',
  'inventory_products.placement': 'aboveground or buried (SPCC)',
  'inventory_products.spccExclusion': 'one of the 40 CFR 112.1(d) exclusions',
  'inventory_products.fireCodeUseMode': 'storage, use_closed or use_open (fire code)',
  'filings.obligation': 'tier2, tri_form_r or spcc_review',
  'filings.method': 'portal, t2s or paper',
};

/** Which record an area's `:id` names (`/facilities/:id/update` → a facility), for tests that make one. */
export const RECORD_OF_AREA: Record<string, string> = {
  users: 'user',
  technicians: 'technician',
  customers: 'customer',
  facilities: 'facility',
  contacts: 'contact',
  hazards: 'hazard',
  containers: 'container',
  'container-units': 'unit',
  products: 'product',
  inventories: 'inventory',
};

/** Tables whose varchar columns no JSON body writes, and why; every other one a body route covers. */
export const NOT_WRITTEN_FROM_A_BODY: Record<string, string> = {
  sessions: 'written from the connection at sign-in',
  login_failures: 'written by the server from the e-mail at sign-in',
  states: 'reference data from the migrations',
  files: 'written from a multipart upload (files.test.ts)',
  audit_log: 'written by the server',
  regulatory_entries: 'written from the cells of an uploaded list (parse-list.test.ts, database.test.ts)',
  inventory_product_requests:
    'written from the Idempotency-Key header, a UUID by its schema (line-idempotency.test.ts)',
  fire_code_permit_amounts: 'class, form and place come from the migration; an admin edits only the amount',
  contact_phones:
    "written from the contact body's phones list, which the field paths here do not reach; contacts.test.ts checks its lengths",
  facility_contacts: 'ids and positions from contact_ids; the link id comes from a Tier II import',
  password_reset_tokens: "the purpose is the server's ('reset' or 'invitation'), never a body's",
};

function unique(length: number): string {
  const head = `L${nextSequence()}-`;
  return (head + 'x'.repeat(length)).slice(0, length);
}

/** A well-formed e-mail of exactly `length` characters (64 in the local part, 63 per label). */
function emailOfLength(length: number): string {
  const local = unique(64);
  let domain = 'com';
  let rest = length - local.length - 1 - domain.length;
  while (rest > 0) {
    const label = Math.min(63, rest - 1);
    domain = `${'d'.repeat(label)}.${domain}`;
    rest -= label + 1;
  }
  return `${local}@${domain}`;
}

/** A valid CAS number of 12 characters (7-2-1 digits); any other length is a plain string. */
function casOfLength(length: number): string {
  if (length !== 12) return 'x'.repeat(length);
  const digits = String(100_000_000 + nextSequence());
  return `${digits.slice(0, 7)}-${digits.slice(7)}-${casCheckDigit(digits)}`;
}

function passwordOfLength(length: number): string {
  return `Aa1${unique(length - 3)}`;
}

const TIER2_ID_COLUMNS = [
  'facilities.naicsCode',
  'facilities.dunsNumber',
  'facilities.rmpFacilityId',
  'facilities.triFacilityId',
];

/** A value of `length` characters that is valid for the column when the length is. */
function valueOfLength(column: string, length: number): string {
  if (column.endsWith('.email')) return emailOfLength(length);
  if (/phone$/i.test(column) || column.endsWith('.zip')) return '5'.repeat(length);
  // Tier II identifiers are digits (TRI: ZIP code then letters or digits); a ZIP+4 carries its dash.
  if (TIER2_ID_COLUMNS.includes(column)) return '5'.repeat(length);
  if (column === 'contacts.mailingZip') return length === 10 ? '55555-5555' : '5'.repeat(length);
  if (column === 'chemical_components.number') return casOfLength(length);
  return unique(length);
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function asAdmin(ctx: TestContext) {
  return (method: Method, url: string, payload: Body) => ctx.call('admin', { method, url, payload });
}

function anonymous(ctx: TestContext) {
  return (method: Method, url: string, payload: Body) => ctx.call(null, { method, url, payload });
}

function withToken(ctx: TestContext, token: string) {
  return (method: Method, url: string, payload: Body) =>
    ctx.app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      payload,
      headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${token}` },
    });
}

/** A user with a password, for the routes that act on one's own account. */
function ownUser(ctx: TestContext) {
  return createTestUser(ctx.database, { email: userBody().email, role: 'staff' });
}

/** A fresh reset token for the user, from the link forgot-password mails. */
async function resetToken(ctx: TestContext, email: string): Promise<string> {
  const outbox = path.join(ctx.dataDir, 'outbox');
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  const res = await ctx.call(null, {
    method: 'POST',
    url: `/auth/forgot-password?username=${encodeURIComponent(email)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const added = fs.readdirSync(outbox).filter((file) => !before.has(file));
  expect(added).toHaveLength(1);
  return extractResetToken(fs.readFileSync(path.join(outbox, added[0]!), 'utf8'));
}

function profileBody(): Body {
  const { role: _role, ...profile } = userBody();
  return { ...profile, password: '' };
}

const USER_COLUMNS: ColumnSource[] = [{ table: schema.users }];
const CUSTOMER_COLUMNS: ColumnSource[] = [
  { table: schema.customers },
  { table: schema.addresses, prefix: 'address.' },
  { table: schema.addresses, prefix: 'billing_address.', notInBody: { phone: 'a billing address has none' } },
];
/** The facility's report inputs of issue 21, so each meets the hostile values too. */
const FACILITY_REPORT_INPUTS = {
  emergency_coordinator_name: 'Dana Reyes',
  emergency_coordinator_title: 'EHS Manager',
  emergency_coordinator_phone: '(713) 555-0100',
  is_retail_gas_station: true,
  is_ust_compliant: true,
  // Issue 31: PSM 1910.119(a)(2)(i), RMP 68.126.
  is_retail_facility: true,
  // Issue 25: the Tier II identification.
  naics_code: '325110',
  duns_number: '012345678',
  rmp_facility_id: '100000123456',
  tri_facility_id: '77002ABCDE12345',
  latitude: '29.760427',
  longitude: '-95.369803',
  fire_district: 'Station 8',
  is_manned: true,
  max_occupants: '25',
};
/** The product's report inputs of issues 21 and 23 (370.13 exclusion, 302 solid form, RMP/PSM overrides). */
const PRODUCT_REPORT_INPUTS = {
  tier2_exclusion: 'article',
  solid_form: 'powder',
  powder_fraction_pct: '25',
  is_used_as_fuel: true,
  is_partial_pressure_exempt: true,
  partial_pressure_note: 'Vapour pressure 2 mmHg at 20 °C (SDS section 9)',
  fire_code_hazard_classes: ['toxic', 'corrosive'],
};
/** The record ids of a Tier II file (issue 25): written by its import, kept for its export, never typed. */
const TIER2_IMPORT_ONLY = 'what a Tier II file said (a record id or CAS), written by POST /tier2/import';
const LINE_TIER2_RECORD_IDS = {
  tier2ChemicalRecordId: TIER2_IMPORT_ONLY,
  tier2LocationRecordId: TIER2_IMPORT_ONLY,
  tier2CasNumber: TIER2_IMPORT_ONLY,
  tier2ComponentRecordIds: TIER2_IMPORT_ONLY,
};
/** A container's SPCC inputs (issue 23), on container types and lines. */
const SPCC_INPUTS = { shell_capacity_gal: '55', placement: 'aboveground' } as const;
/** A component's percent as an SDS range (issue 21 point 9), so both bounds meet the hostile values. */
const PERCENT_RANGE = { percentage_weight_low: '30', percentage_weight_high: '60' };
const FACILITY_COLUMNS: ColumnSource[] = [
  { table: schema.facilities, notInBody: { tier2RecordId: TIER2_IMPORT_ONLY } },
  { table: schema.addresses, prefix: 'address.' },
];
const CONTACT_COLUMNS: ColumnSource[] = [
  { table: schema.contacts, notInBody: { tier2RecordId: 'the record id of a Tier II import' } },
];
const COMPONENT_COLUMNS: ColumnSource[] = [
  { table: schema.chemicalComponents },
  { table: schema.productChemicalComponents },
];
const LINE_COMPONENT_COLUMNS: ColumnSource[] = [
  { table: schema.chemicalComponents },
  { table: schema.inventoryProductChemicalComponents },
];
const PASSWORD_LIMIT = {
  password: { max: 256, why: 'hashed, so no column: the domain caps it', value: passwordOfLength },
};
/**
 * New inventory bodies that never meet an inventory already there (one per customer, facility and
 * year): each takes the next year from 2015, and a new facility once the years run out.
 */
function freshInventoryBodies(ctx: TestContext, technicianId: number) {
  let facility: { id: number; customerId: number } | undefined;
  let year = Number.POSITIVE_INFINITY;
  return async (): Promise<Body> => {
    if (!facility || year > new Date().getFullYear()) {
      facility = await create.facility(ctx);
      year = 2015;
    }
    const thisYear = year++;
    return inventoryBody({
      customer_id: facility.customerId,
      facility_id: facility.id,
      year: thisYear,
      technician_ids: [technicianId],
      inventory_ids: [],
      ...inventoryFilingFacts(thisYear),
    });
  };
}

/** Issue 36: the facility-year's certifier and EHS day, valid for the year, so each meets the hostile values. */
function inventoryFilingFacts(year: number) {
  return {
    certifier_name: 'Dana Reyes',
    certifier_title: 'Plant Manager',
    date_signed: '2021-02-20',
    ehs_first_present_on: `${year}-01-01`,
  };
}

/** Customers save the billing address only when it differs, so the body sends one that does. */
const customerWithBilling = () =>
  customerBody({ is_same_billing_address: 0, billing_address: billingAddressBody() });

/** A reference list uploaded for the db-entry/create route, which every variant names. */
async function uploadedList(ctx: TestContext) {
  const res = await upload(
    ctx,
    [
      {
        filename: 'ehs.csv',
        contentType: 'text/csv',
        content: Buffer.from('Chemical Name,CAS #,TPQ\nChlorine,7782-50-5,100\n'),
      },
    ],
    'admin',
    'database',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as { filepath: string; original_name: string };
}

/** Each route that takes a JSON body, with the records it works on and where its strings are saved. */
export const BODY_ROUTES: Record<string, BodyRoute> = {
  'POST /auth/sign-in': {
    async prepare(ctx) {
      return {
        url: '/auth/sign-in',
        // A new account each time, so failed sign-ins of one variant never lock out the next.
        body: async () => ({
          email: (await ownUser(ctx)).email,
          password: PASSWORD,
          rememberMe: true,
          encode: true,
        }),
        send: anonymous(ctx),
      };
    },
    columns: [],
  },
  'POST /auth/set-password': {
    async prepare(ctx) {
      const user = await ownUser(ctx);
      return {
        url: '/auth/set-password',
        body: async () => ({ token: await resetToken(ctx, user.email), password: 'Secret456', encode: true }),
        send: anonymous(ctx),
      };
    },
    columns: [],
    unstored: PASSWORD_LIMIT,
  },
  'PATCH /auth/update-profile': {
    async prepare(ctx) {
      const user = await ownUser(ctx);
      return { url: '/auth/update-profile', body: profileBody, send: withToken(ctx, user.token) };
    },
    columns: USER_COLUMNS,
    unstored: PASSWORD_LIMIT,
  },
  'POST /users/create': {
    prepare: async (_ctx) => ({ url: '/users/create', body: () => userBody() }),
    columns: USER_COLUMNS,
  },
  'PATCH /users/:id/update': {
    async prepare(ctx) {
      const user = await create.user(ctx);
      return { url: `/users/${user.id}/update`, body: () => userBody() };
    },
    columns: USER_COLUMNS,
  },
  'POST /technicians/create': {
    prepare: async (_ctx) => ({ url: '/technicians/create', body: () => technicianBody() }),
    columns: USER_COLUMNS,
  },
  'PATCH /technicians/:id/update': {
    async prepare(ctx) {
      const technician = await create.technician(ctx);
      return { url: `/technicians/${technician.id}/update`, body: () => technicianBody() };
    },
    columns: USER_COLUMNS,
  },
  'POST /customers/create': {
    prepare: async (_ctx) => ({ url: '/customers/create', body: customerWithBilling }),
    columns: CUSTOMER_COLUMNS,
  },
  'PATCH /customers/:id/update': {
    async prepare(ctx) {
      const customer = await create.customer(ctx);
      return { url: `/customers/${customer.id}/update`, body: customerWithBilling };
    },
    columns: CUSTOMER_COLUMNS,
  },
  'POST /facilities/create': {
    async prepare(ctx) {
      const customer = await create.customer(ctx);
      return {
        url: '/facilities/create',
        body: () => facilityBody({ customer_id: customer.id, county: 'Harris', ...FACILITY_REPORT_INPUTS }),
      };
    },
    columns: FACILITY_COLUMNS,
  },
  'PATCH /facilities/:id/update': {
    async prepare(ctx) {
      const facility = await create.facility(ctx);
      const { customerId } = facility;
      return {
        url: `/facilities/${facility.id}/update`,
        body: () => facilityBody({ customer_id: customerId, county: 'Harris', ...FACILITY_REPORT_INPUTS }),
      };
    },
    columns: FACILITY_COLUMNS,
  },
  'POST /contacts/create': {
    async prepare(ctx) {
      const customer = await create.customer(ctx);
      return { url: '/contacts/create', body: () => contactBody({ customer_id: customer.id }) };
    },
    columns: CONTACT_COLUMNS,
  },
  'PATCH /contacts/:id/update': {
    async prepare(ctx) {
      const contact = await create.contact(ctx);
      return {
        url: `/contacts/${contact.id}/update`,
        body: () => contactBody({ customer_id: contact.customerId }),
      };
    },
    columns: CONTACT_COLUMNS,
  },
  'POST /hazards/create': {
    prepare: async (_ctx) => ({ url: '/hazards/create', body: () => hazardBody() }),
    columns: [{ table: schema.hazards }],
  },
  'PATCH /hazards/:id/update': {
    async prepare(ctx) {
      const hazard = await create.hazard(ctx);
      return { url: `/hazards/${hazard.id}/update`, body: () => hazardBody() };
    },
    columns: [{ table: schema.hazards }],
  },
  'POST /containers/create': {
    prepare: async (_ctx) => ({ url: '/containers/create', body: () => containerBody(SPCC_INPUTS) }),
    columns: [{ table: schema.containers }],
  },
  'PATCH /containers/:id/update': {
    async prepare(ctx) {
      const container = await create.container(ctx);
      return { url: `/containers/${container.id}/update`, body: () => containerBody(SPCC_INPUTS) };
    },
    columns: [{ table: schema.containers }],
  },
  'POST /container-units/create': {
    prepare: async (_ctx) => ({ url: '/container-units/create', body: () => containerUnitBody() }),
    columns: [{ table: schema.containerUnits }],
  },
  'PATCH /container-units/:id/update': {
    async prepare(ctx) {
      const unit = await create.containerUnit(ctx);
      return { url: `/container-units/${unit.id}/update`, body: () => containerUnitBody() };
    },
    columns: [{ table: schema.containerUnits }],
  },
  'POST /products/create': {
    async prepare(ctx) {
      const hazard = await create.hazard(ctx);
      return {
        url: '/products/create',
        body: () =>
          productBody({
            hazard_ids: [hazard.id],
            tier2_hazard_categories: ['Explosive'],
            ...PRODUCT_REPORT_INPUTS,
          }),
      };
    },
    columns: [{ table: schema.products }],
  },
  'PATCH /products/:id/update': {
    async prepare(ctx) {
      const hazard = await create.hazard(ctx);
      const product = await create.product(ctx, { hazard_ids: [hazard.id] });
      return {
        url: `/products/${product.id}/update`,
        body: () =>
          productBody({
            hazard_ids: [hazard.id],
            tier2_hazard_categories: ['Explosive'],
            ...PRODUCT_REPORT_INPUTS,
          }),
      };
    },
    columns: [{ table: schema.products }],
  },
  'POST /products/:id/chemical-components/create': {
    async prepare(ctx) {
      const product = await create.product(ctx);
      return {
        url: `/products/${product.id}/chemical-components/create`,
        body: () => componentBody({ is_carcinogen: true, ...PERCENT_RANGE }),
      };
    },
    columns: COMPONENT_COLUMNS,
  },
  'PATCH /products/:id/chemical-components/:componentId/update': {
    async prepare(ctx) {
      const component = await create.component(ctx);
      return {
        url: `/products/${component.productId}/chemical-components/${component.id}/update`,
        body: () => componentBody({ is_carcinogen: true, ...PERCENT_RANGE }),
      };
    },
    columns: COMPONENT_COLUMNS,
  },
  // An inventory's text is its certifier's name and title (issue 36); its other strings are ids,
  // years and days, which must fail cleanly.
  'POST /inventories/create': {
    async prepare(ctx) {
      const technician = await create.technician(ctx);
      return { url: '/inventories/create', body: freshInventoryBodies(ctx, technician.id) };
    },
    columns: [{ table: schema.inventories }],
  },
  'PATCH /inventories/:id/update': {
    async prepare(ctx) {
      const technician = await create.technician(ctx);
      const inventory = await create.inventory(ctx);
      return {
        url: `/inventories/${inventory.id}/update`,
        body: () =>
          inventoryBody({
            customer_id: inventory.customerId,
            facility_id: inventory.facilityId,
            technician_ids: [technician.id],
            inventory_ids: [],
            ...inventoryFilingFacts(Number(inventory.resource.year)),
          }),
      };
    },
    columns: [{ table: schema.inventories }],
  },
  'POST /inventories/:id/product/create': {
    async prepare(ctx) {
      const inventory = await create.inventory(ctx);
      return { url: `/inventories/${inventory.id}/product/create`, body: newProductLine };
    },
    columns: [{ table: schema.inventoryProducts, notInBody: LINE_TIER2_RECORD_IDS }],
  },
  'PATCH /inventories/:id/product/:productId/update': {
    async prepare(ctx) {
      const inventory = await create.inventory(ctx);
      const line = await create.inventoryProduct(ctx, inventory.id);
      return { url: `/inventories/${inventory.id}/product/${line.id}/update`, body: newProductLine };
    },
    columns: [{ table: schema.inventoryProducts, notInBody: LINE_TIER2_RECORD_IDS }],
  },
  'POST /inventories/:id/product/:productId/chemical-components/create': {
    async prepare(ctx) {
      const inventory = await create.inventory(ctx);
      const line = await create.inventoryProduct(ctx, inventory.id);
      return {
        url: `/inventories/${inventory.id}/product/${line.id}/chemical-components/create`,
        body: () => componentBody(PERCENT_RANGE),
      };
    },
    columns: LINE_COMPONENT_COLUMNS,
  },
  'PATCH /inventories/:id/product/:productId/chemical-components/:componentId/update': {
    async prepare(ctx) {
      const inventory = await create.inventory(ctx);
      const line = await create.inventoryProduct(ctx, inventory.id);
      const res = await ctx.call('admin', {
        method: 'POST',
        url: `/inventories/${inventory.id}/product/${line.id}/chemical-components/create`,
        payload: componentBody(),
      });
      const component = (res.json() as { resource: { id: number } }).resource;
      return {
        url: `/inventories/${inventory.id}/product/${line.id}/chemical-components/${component.id}/update`,
        body: () => componentBody(PERCENT_RANGE),
      };
    },
    columns: LINE_COMPONENT_COLUMNS,
  },
  // Reads only: its strings are ids and a size, which must fail cleanly.
  'POST /inventories/:id/product/check-existing': {
    async prepare(ctx) {
      const inventory = await create.inventory(ctx);
      const line = await create.inventoryProduct(ctx, inventory.id);
      const product = Number(line.resource.product_id);
      return {
        url: `/inventories/${inventory.id}/product/check-existing`,
        body: () => ({ product_id: product, container_size: '5', inventory_product_id: line.id }),
      };
    },
    columns: [],
  },
  // The same upload serves every variant: an upload may become the list of its type more than once.
  'POST /db-entry/create': {
    async prepare(ctx) {
      const file = await uploadedList(ctx);
      return {
        url: '/db-entry/create',
        body: () => ({ type: 'ehs', name: `EHS list ${nextSequence()}.csv`, db_entry: { ...file } }),
      };
    },
    columns: [{ table: schema.databaseEntries }],
  },
  // Reads only (plus the audit row of a generation): ids, a year, a type and a format.
  'POST /report/preview': { prepare: (ctx) => reportTarget(ctx, '/report/preview'), columns: [] },
  'POST /report/generate': { prepare: (ctx) => reportTarget(ctx, '/report/generate'), columns: [] },
  // Issue 37: the preview's parts, with the version of a preview drawn first.
  'POST /report/preview/rows': {
    prepare: (ctx) => previewPartTarget(ctx, '/report/preview/rows', { page: 1, ipp: 10, search: 'a' }),
    columns: [],
  },
  'POST /report/preview/explanation': {
    prepare: (ctx) => previewPartTarget(ctx, '/report/preview/explanation', { row: 0 }),
    columns: [],
  },
  'POST /report/preview/warnings': {
    prepare: (ctx) => previewPartTarget(ctx, '/report/preview/warnings', { page: 1, ipp: 10 }),
    columns: [],
  },
  'POST /report/preview/info-groups': {
    prepare: (ctx) => previewPartTarget(ctx, '/report/preview/info-groups', { page: 2, ipp: 5 }),
    columns: [],
  },
  // Issue 36: the same route for every facility of the customer (a ZIP); `facility_id: null` is
  // allowed beside the flag, so the hostile values reach it too.
  'POST /report/generate (all facilities)': {
    prepare: (ctx) => reportTarget(ctx, '/report/generate', true),
    columns: [],
  },
  // Issue 36: one mark per inventory and obligation, so each body names a new inventory of the same
  // facility (inserted directly: a hundred variants through the API would take a minute).
  'POST /filings/mark-filed': {
    async prepare(ctx) {
      const inventory = await create.inventory(ctx);
      return {
        url: '/filings/mark-filed',
        async body() {
          const [row] = await ctx.database.db
            .insert(schema.inventories)
            .values({ year: 2015, customerId: inventory.customerId, facilityId: inventory.facilityId })
            .returning({ id: schema.inventories.id });
          return {
            inventory_id: row!.id,
            obligation: 'tier2',
            filed_on: '2026-02-15',
            method: 'portal',
            confirmation_number: `TX-${nextSequence()}`,
          };
        },
      };
    },
    columns: [{ table: schema.filings }],
  },
  // A figure only: the class, form and place of a permit amount are the migration's.
  'PATCH /fire-code-permit-amounts/:id/update': {
    async prepare(ctx) {
      const res = await ctx.call('admin', { method: 'GET', url: '/fire-code-permit-amounts/list' });
      const [first] = (res.json() as { resource: { id: number }[] }).resource;
      return { url: `/fire-code-permit-amounts/${first?.id}/update`, body: () => ({ amount: '5' }) };
    },
    columns: [],
  },
};

/**
 * A facility-year with one line for the report routes, which every variant names; with
 * `allFacilities`, the body asks for every facility of its customer instead.
 */
async function reportTarget(ctx: TestContext, url: string, allFacilities = false): Promise<Target> {
  const inventory = await create.inventory(ctx);
  await create.inventoryProduct(ctx, inventory.id);
  const year = Number(inventory.resource.year);
  const facility = allFacilities
    ? { all_facilities: true, facility_id: null }
    : { facility_id: inventory.facilityId };
  return {
    url,
    body: () => ({ type: 'epcra_302', customer_id: inventory.customerId, ...facility, year, format: 'pdf' }),
  };
}

/** A preview's part: the report target's body with the version of its preview and its first table. */
async function previewPartTarget(ctx: TestContext, url: string, part: Body): Promise<Target> {
  const report = await reportTarget(ctx, '/report/preview');
  // The index lists every line's components: a row whatever the line holds.
  const request = { ...(await report.body()), type: 'inventory_index_numeric' };
  const first = await ctx.call('admin', { method: 'POST', url: '/report/preview', payload: request });
  expect(first.statusCode, first.body).toBe(200);
  const { version, tables } = first.json().resource as {
    version: string;
    tables: { key: string; row_count: number }[];
  };
  // A table with a row, so the explanation of row 0 is there to answer.
  const table = tables.find((candidate) => candidate.row_count > 0)?.key;
  expect(table, 'a report table with a row').toBeDefined();
  return { url, body: () => ({ ...request, version, table, ...part }) };
}

/** A line of a new catalog product each time, so every variant's strings reach both tables. */
const newProductLine = () =>
  inventoryProductBody({
    name: unique(40),
    mfg_name: 'Hostile Input Supply',
    mfg_product_number: 'HI-1',
    mfg_phone: '(555) 123-4567',
    mfg_emergency_phone: '(555) 765-4321',
    nfpa: '1-2-0',
    sds_no: 'SDS-1',
    container_info: 'Steel drum',
    notes: 'Opened',
    // The report data of issue 11, so each of its fields meets the hostile values too.
    tier2_hazard_categories: ['Explosive'],
    ...PRODUCT_REPORT_INPUTS,
    ...SPCC_INPUTS,
    spcc_exclusion: 'motive_power',
    is_fuel_use_only: true,
    is_atmospheric_storage: true,
    fire_code_use_mode: 'use_open',
    is_outdoor: true,
    annual_pounds_manufactured: '100',
    annual_pounds_processed: '200',
    annual_pounds_otherwise_used: '300',
    average_pounds: '1',
    days_on_site: '30',
    storage_type: 'Steel drum',
    storage_pressure: 'Ambient pressure',
    storage_temperature: 'Ambient temperature',
  });

export function expectNoServerError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(typeof res.json().message, `${what}: error body without a message`).toBe('string');
  }
}

export const isSaved = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

/** Every field of a body, nested objects' fields as `address.city`. */
function fieldPaths(body: Body): string[] {
  return Object.entries(body).flatMap(([field, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? [field, ...Object.keys(value).map((inner) => `${field}.${inner}`)]
      : [field],
  );
}

function withField(body: Body, field: string, value: unknown): Body {
  const [outer, inner] = field.split('.') as [string, string | undefined];
  if (inner === undefined) return { ...body, [outer]: value };
  return { ...body, [outer]: { ...(body[outer] as Body), [inner]: value } };
}

interface LengthRule {
  field: string;
  /** `table.column`, or the field when nothing stores it as typed. */
  column: string;
  size: number | undefined;
  max: number;
  value(length: number): string;
}

/** The length rules of a route's body, one per varchar column it writes (found in the schema). */
function lengthRules(route: BodyRoute, fields: string[]): LengthRule[] {
  const rules: LengthRule[] = [];
  for (const { table, prefix = '', notInBody = {} } of route.columns) {
    const config = getTableConfig(table);
    for (const column of config.columns) {
      if (!is(column, PgVarchar) || column.name in notInBody) continue;
      const name = `${config.name}.${column.name}`;
      const field = prefix + snakeCase(column.name);
      const size = column.length;
      expect(size, `${name} has no length`).toBeTypeOf('number');
      expect(fields, `${name} is varchar(${size}) but the body has no ${field}`).toContain(field);
      if (name in CHOSEN_FROM_A_LIST) continue;
      const narrower = NARROWER_IN_THE_DOMAIN[name];
      if (narrower) expect(narrower.max, `${name}: ${narrower.why}`).toBeLessThanOrEqual(size!);
      rules.push({
        field,
        column: name,
        size,
        max: narrower?.max ?? size!,
        value: (length) => valueOfLength(name, length),
      });
    }
  }
  for (const [field, limit] of Object.entries(route.unstored ?? {})) {
    rules.push({ field, column: field, size: undefined, max: limit.max, value: limit.value });
  }
  return rules;
}

/**
 * One body route: its own records, its valid body saved, then each field replaced by each hostile
 * value and each string at and past its limit. Returns how many variants there were and how many
 * reached the database write (answered 2xx); a route where none did fails.
 */
export async function checkBodyRoute(
  ctx: TestContext,
  key: string,
): Promise<{ variants: number; saved: number }> {
  const route = BODY_ROUTES[key]!;
  const method = key.split(' ')[0] as Method;
  const target = await route.prepare(ctx);
  const call = (payload: Body) => (target.send ?? asAdmin(ctx))(method, target.url, payload);

  const valid = await call(await target.body());
  expect(valid.statusCode, `${key}: the valid body must be saved: ${valid.body.slice(0, 300)}`).toBeOneOf([
    200, 201,
  ]);

  const fields = fieldPaths(await target.body());
  const count = { variants: 0, saved: 0 };
  for (const field of fields) {
    for (const value of HOSTILE_VALUES) {
      const payload = withField(await target.body(), field, value);
      const res = await call(payload);
      expectNoServerError(res, `${key} ${JSON.stringify(payload).slice(0, 200)}`);
      count.variants += 1;
      if (isSaved(res)) count.saved += 1;
    }
  }

  for (const rule of lengthRules(route, fields)) {
    const where = `${key} ${rule.field} (${rule.column}${rule.size ? ` varchar(${rule.size})` : ''}, max ${rule.max})`;
    const atMax = await call(withField(await target.body(), rule.field, rule.value(rule.max)));
    expect(atMax.statusCode, `${where}: ${rule.max} characters must be saved: ${atMax.body}`).toBeOneOf([
      200, 201,
    ]);
    count.variants += 1;
    count.saved += 1;
    const past = [rule.max + 1, ...(rule.size && rule.size > rule.max ? [rule.size, rule.size + 1] : [])];
    for (const length of past) {
      const res = await call(withField(await target.body(), rule.field, rule.value(length)));
      expect(res.statusCode, `${where}: ${length} characters must be a 422: ${res.body.slice(0, 300)}`).toBe(
        422,
      );
      expect(Object.keys(res.json().errors ?? {}), `${where}: ${length} characters`).toContain(rule.field);
      count.variants += 1;
    }
  }
  expect(
    count.saved,
    `${key}: none of ${count.variants} variants reached the database write`,
  ).toBeGreaterThan(0);
  return count;
}

/**
 * A route sends up to 600 requests, most of which write: a few seconds on an idle machine, but
 * far more than the suite's 30 s on a loaded one.
 */
export const ROUTE_TIMEOUT_MS = 120_000;

/** The per-route report: variants that reached the database write, out of those sent. */
export function reportReached(reached: Record<string, { variants: number; saved: number }>): void {
  const rows = Object.entries(reached).map(([route, count]) => `${count.saved}/${count.variants}  ${route}`);
  console.info(`Hostile variants that reached the database write, per body route:\n${rows.join('\n')}`);
}

/** The body routes each test file checks, so the two files run side by side and share the time. */
export const CATALOG_BODY_ROUTES = Object.keys(BODY_ROUTES).filter((key) =>
  /^(POST|PATCH) \/(hazards|containers|container-units|products)\//.test(key),
);
export const ACCOUNT_BODY_ROUTES = Object.keys(BODY_ROUTES).filter(
  (key) => !CATALOG_BODY_ROUTES.includes(key),
);
