import {
  type AddressInput,
  casCheckDigit,
  type Role,
  type SaveComponentRequest,
  type SaveContactRequest,
  type SaveContainerRequest,
  type SaveContainerUnitRequest,
  type SaveCustomerRequest,
  type SaveFacilityRequest,
  type SaveHazardRequest,
  type SaveInventoryProductRequest,
  type SaveInventoryRequest,
  type SaveProductRequest,
  type SaveTechnicianRequest,
  type SaveUserRequest,
} from '@chemtrack/domain';

/**
 * Test data factories: one valid API body per entity, shared by the server tests and the demo seed.
 * Each call gives a new body whose unique fields (names, e-mails, CAS numbers) carry a counter, so
 * two records made in one database never collide; any field can be overridden. The `create`
 * helpers send the body through the API, so a record made for a test passes every rule a user's does.
 * No test dependency here: the demo seed imports this file at run time.
 */

let sequence = 0;

/** The next number of this process's counter, for names and e-mails no other record has. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/**
 * A well-formed CAS number of the 900000-00-x range, one per counter value (n < 10,000,000), far
 * from the real numbers the tests type themselves.
 */
export function casNumber(n: number = nextSequence()): string {
  const digits = String(90_000_000 + n);
  return `${digits.slice(0, -2)}-${digits.slice(-2)}-${casCheckDigit(digits)}`;
}

/** A valid address, the same every time: addresses have no unique field. */
export function addressBody(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0100',
    ...overrides,
  };
}

/** A billing address, which has no phone. */
export function billingAddressBody(
  overrides: Partial<Omit<AddressInput, 'phone'>> = {},
): Omit<AddressInput, 'phone'> {
  return { address: 'PO Box 9', city: 'Dallas', state: 'TX', zip: '75201', ...overrides };
}

export function userBody(overrides: Partial<SaveUserRequest> = {}): SaveUserRequest {
  const n = nextSequence();
  return {
    first_name: 'Uma',
    last_name: `User ${n}`,
    email: `user-${n}@example.com`,
    phone: '(512) 555-0101',
    role: 'staff',
    encode: true,
    ...overrides,
  };
}

export function technicianBody(overrides: Partial<SaveTechnicianRequest> = {}): SaveTechnicianRequest {
  const n = nextSequence();
  return {
    first_name: 'Tomas',
    last_name: `Technician ${n}`,
    email: `technician-${n}@example.com`,
    phone: '(512) 555-0102',
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

export function customerBody(overrides: Partial<SaveCustomerRequest> = {}): SaveCustomerRequest {
  return {
    name: `Customer ${nextSequence()}`,
    prepared_at: '2026-03-01',
    address: addressBody(),
    is_same_billing_address: 1,
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

export function facilityBody(
  overrides: Partial<SaveFacilityRequest> & Pick<SaveFacilityRequest, 'customer_id'>,
): SaveFacilityRequest {
  return {
    name: `Facility ${nextSequence()}`,
    address: addressBody(),
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

/** A contact of the customer: owner/operator and emergency contact, with a 24-hour phone. */
export function contactBody(
  overrides: Partial<SaveContactRequest> & Pick<SaveContactRequest, 'customer_id'>,
): SaveContactRequest {
  const n = nextSequence();
  return {
    first_name: 'Dana',
    last_name: `Reyes ${n}`,
    title: 'EHS Manager',
    email: `dana.reyes.${n}@example.com`,
    mailing_street: '100 Main St',
    mailing_city: 'Houston',
    mailing_state: 'TX',
    mailing_zip: '77002',
    mailing_country: 'USA',
    contact_types: ['Owner / Operator', 'Emergency Contact'],
    phones: [
      { phone_number: '(713) 555-0100', phone_type: '24-hour' },
      { phone_number: '713-555-0101', phone_type: 'Work' },
    ],
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

export function hazardBody(overrides: Partial<SaveHazardRequest> = {}): SaveHazardRequest {
  return {
    name: `Hazard Class ${nextSequence()}`,
    description: 'Made by a test data factory',
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

export function containerBody(overrides: Partial<SaveContainerRequest> = {}): SaveContainerRequest {
  return {
    name: `Container ${nextSequence()}`,
    description: 'Made by a test data factory',
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

/** The server appends the unit type to the alias: `Unit 7` with `gal` is stored as `Unit 7 (gal)`. */
export function containerUnitBody(
  overrides: Partial<SaveContainerUnitRequest> = {},
): SaveContainerUnitRequest {
  return {
    name: `Unit ${nextSequence()}`,
    unit_type: 'gal',
    description: 'Made by a test data factory',
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

/** A liquid with every field a user can type; no hazard classes unless given. */
export function productBody(overrides: Partial<SaveProductRequest> = {}): SaveProductRequest {
  const n = nextSequence();
  return {
    name: `Product ${n}`,
    mfg_name: 'Acme Chemical Co',
    mfg_product_number: `P-${n}`,
    mfg_phone: '(555) 123-4567',
    mfg_emergency_phone: '1-800-424-9300',
    sds_date: '2026-01-15',
    physical_state: 'liquid',
    specific_gravity: '0.79',
    pounds_per_gallon: '6.6',
    conversion_factor: '5',
    flash_points: '55',
    nfpa: '2-3-0',
    is_spcc: 1,
    is_sara_f: 1,
    is_sara_p: 0,
    is_sara_r: 0,
    is_sara_a: 1,
    is_sara_c: 0,
    hazard_ids: [],
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

/** A component with a CAS number no other factory component has. */
export function componentBody(overrides: Partial<SaveComponentRequest> = {}): SaveComponentRequest {
  const n = nextSequence();
  return {
    name: `Component ${n}`,
    number: casNumber(n),
    percentage_weight: '40',
    percentage_volume: '45',
    regulations: 'EPCRA 313',
    restrictions: 'None',
    reporting_requirements: 'Tier II',
    encode: true,
    ...overrides,
  };
}

/**
 * An inventory of the facility, last year unless given: never the current year, so a test can
 * still make this year's copy of it. One inventory per customer, facility and year.
 */
export function inventoryBody(
  overrides: Partial<SaveInventoryRequest> & Pick<SaveInventoryRequest, 'customer_id' | 'facility_id'>,
): SaveInventoryRequest {
  return {
    year: new Date().getFullYear() - 1,
    technician_ids: [],
    is_active: 1,
    encode: true,
    ...overrides,
  };
}

/**
 * A line of a catalog product in a container (both named by the caller): three 5-gallon
 * cans in the store room unless told otherwise.
 */
export function inventoryProductBody(
  overrides: Partial<SaveInventoryProductRequest> = {},
): SaveInventoryProductRequest {
  return {
    container_size: '5',
    container_quantity: '3',
    location_stored: 'Store Room',
    is_otherwise_used: 1,
    encode: true,
    ...overrides,
  };
}

/** The part of an injected response the factories read (light-my-request's, or any client's). */
export interface ApiResponse {
  statusCode: number;
  body: string;
  json(): unknown;
}

/** What a test context offers: an authenticated call as a role, under the API prefix. */
export interface ApiClient {
  call(role: Role, options: { method: 'POST'; url: string; payload: object }): Promise<ApiResponse>;
}

export interface Created<Body> {
  id: number;
  body: Body;
  resource: Record<string, unknown> & { id: number };
}

/** Posts a body and returns the new record; anything but a 201 is a broken fixture and throws. */
async function post<Body extends object>(
  api: ApiClient,
  role: Role,
  url: string,
  body: Body,
): Promise<Created<Body>> {
  const res = await api.call(role, { method: 'POST', url, payload: body });
  if (res.statusCode !== 201) {
    throw new Error(`factory POST ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  }
  const { resource } = res.json() as { resource: Created<Body>['resource'] };
  return { id: resource.id, body, resource };
}

/** Creates records through the API, as an admin unless told otherwise. */
export const create = {
  user: (api: ApiClient, overrides: Partial<SaveUserRequest> = {}, role: Role = 'admin') =>
    post(api, role, '/users/create', userBody(overrides)),
  technician: (api: ApiClient, overrides: Partial<SaveTechnicianRequest> = {}, role: Role = 'admin') =>
    post(api, role, '/technicians/create', technicianBody(overrides)),
  customer: (api: ApiClient, overrides: Partial<SaveCustomerRequest> = {}, role: Role = 'admin') =>
    post(api, role, '/customers/create', customerBody(overrides)),
  /** A facility, of a new customer unless `customer_id` names one. */
  async facility(api: ApiClient, overrides: Partial<SaveFacilityRequest> = {}, role: Role = 'admin') {
    const customerId = Number(overrides.customer_id ?? (await create.customer(api, {}, role)).id);
    const created = await post(
      api,
      role,
      '/facilities/create',
      facilityBody({ ...overrides, customer_id: customerId }),
    );
    return { ...created, customerId };
  },
  /** A contact, of a new customer unless `customer_id` names one. */
  async contact(api: ApiClient, overrides: Partial<SaveContactRequest> = {}, role: Role = 'admin') {
    const customerId = Number(overrides.customer_id ?? (await create.customer(api, {}, role)).id);
    const created = await post(
      api,
      role,
      '/contacts/create',
      contactBody({ ...overrides, customer_id: customerId }),
    );
    return { ...created, customerId };
  },
  hazard: (api: ApiClient, overrides: Partial<SaveHazardRequest> = {}) =>
    post(api, 'admin', '/hazards/create', hazardBody(overrides)),
  container: (api: ApiClient, overrides: Partial<SaveContainerRequest> = {}, role: Role = 'admin') =>
    post(api, role, '/containers/create', containerBody(overrides)),
  containerUnit: (api: ApiClient, overrides: Partial<SaveContainerUnitRequest> = {}, role: Role = 'admin') =>
    post(api, role, '/container-units/create', containerUnitBody(overrides)),
  product: (api: ApiClient, overrides: Partial<SaveProductRequest> = {}, role: Role = 'admin') =>
    post(api, role, '/products/create', productBody(overrides)),
  /** An inventory of a new facility (of a new customer) unless `customer_id` and `facility_id` name one. */
  async inventory(api: ApiClient, overrides: Partial<SaveInventoryRequest> = {}, role: Role = 'admin') {
    const facility =
      overrides.facility_id === undefined
        ? await create.facility(
            api,
            overrides.customer_id === undefined ? {} : { customer_id: overrides.customer_id },
            role,
          )
        : undefined;
    const customerId = Number(overrides.customer_id ?? facility?.customerId);
    const facilityId = Number(overrides.facility_id ?? facility?.id);
    const created = await post(
      api,
      role,
      '/inventories/create',
      inventoryBody({ ...overrides, customer_id: customerId, facility_id: facilityId }),
    );
    return { ...created, customerId, facilityId };
  },
  /** A component on a product, a new one unless `productId` names it. */
  async component(
    api: ApiClient,
    overrides: Partial<SaveComponentRequest> = {},
    productId?: number,
    role: Role = 'admin',
  ) {
    const owner = productId ?? (await create.product(api, {}, role)).id;
    const created = await post(
      api,
      role,
      `/products/${owner}/chemical-components/create`,
      componentBody(overrides),
    );
    return { ...created, productId: owner };
  },
  /** A catalog product with its components as an SDS gives them (percent by weight only). */
  async productWithComponents(
    api: ApiClient,
    name: string,
    overrides: Partial<SaveProductRequest>,
    components: { name: string; number: string; percentage_weight: string }[],
  ): Promise<number> {
    const created = await create.product(api, { name, ...overrides });
    for (const part of components)
      await create.component(api, { ...part, percentage_volume: '' }, created.id);
    return created.id;
  },
  /** A line on the inventory; of a new catalog product unless `product_id` or `name` says otherwise. */
  async inventoryProduct(
    api: ApiClient,
    inventoryId: number,
    overrides: Partial<SaveInventoryProductRequest> = {},
    role: Role = 'admin',
  ) {
    const productId =
      overrides.product_id ?? (overrides.name ? undefined : (await create.product(api, {}, role)).id);
    return post(
      api,
      role,
      `/inventories/${inventoryId}/product/create`,
      inventoryProductBody({ ...overrides, ...(productId ? { product_id: productId } : {}) }),
    );
  },
};
