/**
 * The scale data set of issue 24, generated from a seeded PRNG so two runs at one scale load the
 * same rows: at scale 1, 5,000 customers, 20,000 facilities, 100,000 products and 1,000,000
 * inventory lines over 5 years (one inventory per facility a year). Beside it, one facility whose
 * inventory holds 2,000 lines of 5 components each, with part of the chemicals on every reference
 * list: the facility every report type and the inventory-products list are measured on.
 *
 * Rows go in as one `INSERT … SELECT * FROM unnest($1::type[], …)` per chunk: a statement with a
 * few array parameters instead of a parameter per value, so a chunk of 5,000 rows is one round
 * trip on both PostgreSQL and PGlite, and explicit ids (no `RETURNING` to map rows back).
 */

/** The raw client under drizzle (`db.$client`): pg's Pool and PGlite both answer `query(text, params)`. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

/** mulberry32: a small, fast, seedable PRNG; good enough to spread names and figures. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const FULL_SIZE = {
  customers: 5_000,
  facilities: 20_000,
  products: 100_000,
  lines: 1_000_000,
  years: 5,
} as const;
export const FIRST_YEAR = 2021;
/** The report facility's figures. */
export const REPORT_LINES = 2_000;
export const REPORT_YEAR = 2025;
const COMPONENTS_PER_LINE = 5;
const CHEMICALS = 400;

export interface DataSetSize {
  customers: number;
  facilities: number;
  products: number;
  lines: number;
  inventories: number;
}

export function sizeAt(scale: number): DataSetSize {
  const facilities = Math.max(1, Math.round(FULL_SIZE.facilities * scale));
  return {
    customers: Math.max(1, Math.round(FULL_SIZE.customers * scale)),
    facilities,
    products: Math.max(10, Math.round(FULL_SIZE.products * scale)),
    lines: Math.max(10, Math.round(FULL_SIZE.lines * scale)),
    inventories: facilities * FULL_SIZE.years,
  };
}

/** Words product names are made of; a search for one of them matches about 1/WORDS.length of names. */
export const NAME_WORDS = [
  'Acetone',
  'Solvent',
  'Degreaser',
  'Coolant',
  'Hydraulic',
  'Lubricant',
  'Primer',
  'Enamel',
  'Thinner',
  'Cleaner',
  'Adhesive',
  'Sealant',
  'Resin',
  'Hardener',
  'Catalyst',
  'Etchant',
  'Flux',
  'Inhibitor',
  'Antifreeze',
  'Bleach',
  'Caustic',
  'Peroxide',
  'Glycol',
  'Toluene',
  'Xylene',
  'Ammonia',
  'Chlorine',
  'Propane',
  'Diesel',
  'Kerosene',
  'Varnish',
  'Stripper',
  'Polish',
  'Wax',
  'Grease',
  'Epoxy',
  'Lacquer',
  'Stain',
  'Dye',
  'Pigment',
] as const;
const MAKERS = 500;
const STATES = ['TX', 'CA', 'NY', 'OH', 'WA', 'IL', 'PA', 'FL', 'GA', 'NC'];

/** A CAS number with a valid check digit for 100000 + n. */
export function cas(n: number): string {
  const digits = String(100_000 + n);
  const check = [...digits].reverse().reduce((sum, digit, i) => sum + Number(digit) * (i + 1), 0) % 10;
  return `${digits.slice(0, -2)}-${digits.slice(-2)}-${check}`;
}

type Column = [name: string, type: string, values: unknown[]];

/** Inserts rows given column by column, in chunks of `chunk` rows, ids included. */
async function insertColumns(client: RawClient, table: string, columns: Column[], chunk = 5_000) {
  const count = columns[0]?.[2].length ?? 0;
  const names = columns.map(([name]) => name).join(', ');
  // Enum arrays go as text[] and are cast per value: PGlite cannot serialise an array of an enum.
  const builtIn = (type: string) => ['int', 'text', 'bool', 'numeric', 'timestamptz'].includes(type);
  const casts = columns.map(([, type], i) => `$${i + 1}::${builtIn(type) ? type : 'text'}[]`).join(', ');
  const select = columns.map(([, type], i) => (builtIn(type) ? `c${i}` : `c${i}::${type}`)).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  const text = `INSERT INTO ${table} (${names}) OVERRIDING SYSTEM VALUE SELECT ${select} FROM unnest(${casts}) AS t(${aliases})`;
  for (let start = 0; start < count; start += chunk) {
    await client.query(
      text,
      columns.map(([, , values]) => values.slice(start, start + chunk)),
    );
  }
}

async function resetIdentity(client: RawClient, tables: string[]) {
  for (const table of tables) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
    );
  }
}

const range = (n: number, first = 1) => Array.from({ length: n }, (_, i) => i + first);

export interface LoadedDataSet {
  size: DataSetSize;
  report: { customerId: number; facilityId: number; inventoryId: number; year: number };
  /** A word every product search uses: it matches about 1 name in NAME_WORDS.length. */
  searchWord: string;
}

/**
 * Loads the data set into a migrated, empty database (the admin the suite signs in with may exist:
 * users are not touched). Ids start at 1 in every table it fills.
 */
export async function loadDataSet(client: RawClient, scale: number, seed = 24): Promise<LoadedDataSet> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const size = sizeAt(scale);

  // Addresses: one per customer, then one per facility (plus the report facility's customer and facility).
  const addressCount = size.customers + size.facilities + 2;
  await insertColumns(client, 'addresses', [
    ['id', 'int', range(addressCount)],
    ['address', 'text', range(addressCount).map((i) => `${i} ${pick(['Main', 'Oak', 'Mill', 'River'])} St`)],
    ['city', 'text', range(addressCount).map(() => `City ${Math.floor(random() * 300)}`)],
    ['state_code', 'text', range(addressCount).map(() => pick(STATES))],
    ['zip', 'text', range(addressCount).map(() => String(10_000 + Math.floor(random() * 89_999)))],
    ['phone', 'text', range(addressCount).map((i) => String(5_125_550_000 + i))],
  ]);

  const customerCount = size.customers + 1;
  const customerIds = range(customerCount);
  await insertColumns(client, 'customers', [
    ['id', 'int', customerIds],
    [
      'name',
      'text',
      customerIds.map((i) =>
        i === customerCount ? 'Bench Chemicals Inc.' : `${pick(NAME_WORDS)} Industries ${i}`,
      ),
    ],
    ['address_id', 'int', customerIds],
    ['billing_address_id', 'int', customerIds],
    ['is_same_billing_address', 'bool', customerIds.map(() => true)],
  ]);

  // Facilities spread over the customers (4 a customer on average); the last is the report plant.
  const facilityCount = size.facilities + 1;
  const facilityIds = range(facilityCount);
  const facilityCustomer = facilityIds.map((i) =>
    i === facilityCount ? customerCount : 1 + Math.floor(random() * size.customers),
  );
  await insertColumns(client, 'facilities', [
    ['id', 'int', facilityIds],
    ['customer_id', 'int', facilityCustomer],
    [
      'name',
      'text',
      facilityIds.map((i) => (i === facilityCount ? 'Bench Plant' : `Plant ${i} ${pick(STATES)}`)),
    ],
    ['address_id', 'int', facilityIds.map((i) => customerCount + i)],
  ]);
  await insertColumns(client, 'facility_customers', [
    ['facility_id', 'int', facilityIds],
    ['customer_id', 'int', facilityCustomer],
  ]);

  await client.query(`INSERT INTO hazards (name) SELECT 'Hazard ' || g FROM generate_series(1, 12) AS g`);
  const productIds = range(size.products + REPORT_LINES / 4);
  const isReportProduct = (id: number) => id > size.products;
  await insertColumns(client, 'products', [
    ['id', 'int', productIds],
    [
      'name',
      'text',
      productIds.map((i) =>
        isReportProduct(i)
          ? `Bench Product ${i - size.products}`
          : `${pick(NAME_WORDS)} ${pick(NAME_WORDS)} ${i}`,
      ),
    ],
    ['mfg_name', 'text', productIds.map(() => `Maker ${Math.floor(random() * MAKERS)}`)],
    ['sds_status', 'sds_status', productIds.map(() => pick(['sds', 'pending', 'update']))],
    ['physical_state', 'physical_state', productIds.map(() => 'liquid')],
    ['pounds_per_gallon', 'numeric', productIds.map(() => '8.34')],
    ['is_sara_f', 'bool', productIds.map((i) => i % 2 === 0)],
    ['is_sara_a', 'bool', productIds.map(() => true)],
  ]);
  await insertColumns(client, 'product_hazards', [
    ['product_id', 'int', [...productIds, ...productIds]],
    [
      'hazard_id',
      'int',
      [...productIds.map((i) => 1 + (i % 12)), ...productIds.map((i) => 1 + ((i + 5) % 12))],
    ],
  ]);

  // One inventory a facility a year, the last the report facility's.
  const inventoryCount = size.inventories + 1;
  const inventoryIds = range(inventoryCount);
  await insertColumns(client, 'inventories', [
    ['id', 'int', inventoryIds],
    [
      'year',
      'int',
      inventoryIds.map((i) =>
        i === inventoryCount ? REPORT_YEAR : FIRST_YEAR + ((i - 1) % FULL_SIZE.years),
      ),
    ],
    [
      'customer_id',
      'int',
      inventoryIds.map((i) =>
        i === inventoryCount ? customerCount : facilityCustomer[Math.floor((i - 1) / FULL_SIZE.years)]!,
      ),
    ],
    [
      'facility_id',
      'int',
      inventoryIds.map((i) =>
        i === inventoryCount ? facilityCount : 1 + Math.floor((i - 1) / FULL_SIZE.years),
      ),
    ],
    [
      'updated_at',
      'timestamptz',
      inventoryIds.map((i) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()),
    ],
  ]);

  // The lines: spread over the ordinary inventories, then the report inventory's 2,000.
  const lineCount = size.lines + REPORT_LINES;
  for (let start = 0; start < lineCount; start += 50_000) {
    const ids = range(Math.min(50_000, lineCount - start), start + 1);
    const isReport = (id: number) => id > size.lines;
    const product = ids.map((id) =>
      isReport(id)
        ? size.products + 1 + ((id - size.lines - 1) % (REPORT_LINES / 4))
        : 1 + Math.floor(random() * size.products),
    );
    const quantity = ids.map((id) => 1 + (id % 7));
    await insertColumns(
      client,
      'inventory_products',
      [
        ['id', 'int', ids],
        [
          'inventory_id',
          'int',
          ids.map((id) => (isReport(id) ? inventoryCount : 1 + Math.floor(random() * size.inventories))),
        ],
        ['product_id', 'int', product],
        [
          'name',
          'text',
          product.map((p) =>
            p > size.products ? `Bench Product ${p - size.products}` : `Line of product ${p}`,
          ),
        ],
        ['mfg_name', 'text', product.map((p) => `Maker ${p % MAKERS}`)],
        ['physical_state', 'physical_state', ids.map(() => 'liquid')],
        ['pounds_per_gallon', 'numeric', ids.map(() => '8.34')],
        ['is_sara_f', 'bool', ids.map((id) => id % 2 === 0)],
        ['is_sara_a', 'bool', ids.map(() => true)],
        ['container_size', 'numeric', ids.map(() => '55')],
        ['container_quantity', 'numeric', quantity.map(String)],
        ['max_gallons', 'numeric', quantity.map((q) => String(55 * q))],
        ['max_pounds', 'numeric', quantity.map((q) => (55 * q * 8.34).toFixed(2))],
        ['location_stored', 'text', ids.map((id) => `BUILDING ${id % 12}`)],
        [
          'updated_at',
          'timestamptz',
          ids.map((id) => new Date(Date.UTC(2025, 0, 1) + id * 1000).toISOString()),
        ],
      ],
      10_000,
    );
  }

  // The report facility's chemicals: a quarter on the EHS list, others on CERCLA, 313, RMP and PSM.
  const chemicalIds = range(CHEMICALS);
  await insertColumns(client, 'chemical_components', [
    ['id', 'int', chemicalIds],
    ['name', 'text', chemicalIds.map((i) => `Chemical ${i}`)],
    ['number', 'text', chemicalIds.map((i) => cas(i))],
  ]);
  const componentLines = range(REPORT_LINES, size.lines + 1);
  await insertColumns(client, 'inventory_product_chemical_components', [
    ['inventory_product_id', 'int', componentLines.flatMap((line) => Array(COMPONENTS_PER_LINE).fill(line))],
    [
      'chemical_component_id',
      'int',
      componentLines.flatMap((_, k) =>
        range(COMPONENTS_PER_LINE, 0).map((j) => 1 + ((k * 5 + j * 7) % CHEMICALS)),
      ),
    ],
    ['percentage_weight', 'numeric', componentLines.flatMap(() => ['40', '25', '15', '10', '5'])],
  ]);
  const lists: { type: string; every: number; threshold: number[] }[] = [
    { type: 'ehs', every: 4, threshold: [1, 10, 100, 500, 1000] },
    { type: 'cercla', every: 3, threshold: [1, 10, 100, 1000, 5000] },
    { type: '313', every: 5, threshold: [10_000, 25_000] },
    { type: 'rmp', every: 7, threshold: [500, 1000, 5000, 10_000] },
    { type: 'psm', every: 9, threshold: [1000, 5000, 10_000] },
  ];
  await insertColumns(client, 'database_entries', [
    ['id', 'int', range(lists.length)],
    ['type', 'regulatory_list_type', lists.map((list) => list.type)],
    ['name', 'text', lists.map((list) => `${list.type}.csv`)],
  ]);
  const entries = lists.flatMap((list, l) =>
    range(Math.floor(CHEMICALS / list.every), 0).map((i) => ({
      list: list.type,
      upload: l + 1,
      chemical: i * list.every + 1,
      threshold: list.threshold[i % list.threshold.length]!,
    })),
  );
  await insertColumns(client, 'regulatory_entries', [
    ['list_type', 'regulatory_list_type', entries.map((e) => e.list)],
    ['database_entry_id', 'int', entries.map((e) => e.upload)],
    ['chemical_name', 'text', entries.map((e) => `Chemical ${e.chemical}`)],
    ['cas_number', 'text', entries.map((e) => cas(e.chemical))],
    ['threshold_quantity_lbs', 'numeric', entries.map((e) => String(e.threshold))],
    ['final_reportable_quantity_lb', 'numeric', entries.map(() => '100')],
    [
      'substance_kind',
      'text',
      entries.map((e, i) => (e.list === 'rmp' ? (i % 2 ? 'toxic' : 'flammable') : '')),
    ],
  ]);

  await resetIdentity(client, [
    'addresses',
    'customers',
    'facilities',
    'hazards',
    'products',
    'inventories',
    'inventory_products',
    'chemical_components',
    'database_entries',
    'regulatory_entries',
  ]);
  return {
    size,
    report: {
      customerId: customerCount,
      facilityId: facilityCount,
      inventoryId: inventoryCount,
      year: REPORT_YEAR,
    },
    searchWord: 'solv',
  };
}
