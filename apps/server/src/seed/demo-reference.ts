import {
  SaveContactRequestSchema,
  SaveContainerRequestSchema,
  SaveContainerUnitRequestSchema,
  SaveCustomerRequestSchema,
  SaveFacilityRequestSchema,
  SaveHazardRequestSchema,
} from '@chemtrack/domain';
import type { Db } from '../db/client.ts';
import {
  addresses,
  contactPhones,
  contacts,
  containers,
  containerUnits,
  customers,
  facilities,
  facilityContacts,
  facilityCustomers,
  hazards,
} from '../db/schema/index.ts';
import {
  addressBody,
  contactBody,
  containerBody,
  containerUnitBody,
  customerBody,
  facilityBody,
  hazardBody,
} from './factories.ts';

/** The demo hazard classes with their descriptions; demo products name theirs from this list. */
export const DEMO_HAZARD_CLASSES = [
  ['Flammable', 'Liquids and solids that ignite easily (flash point below 199.4 °F).'],
  ['Combustible', 'Liquids with a flash point between 100 °F and 200 °F.'],
  ['Corrosive', 'Destroys skin or corrodes metals.'],
  ['Acute Toxic', 'Harmful or fatal in small doses.'],
  ['Oxidizer', 'Gives off oxygen and intensifies fire.'],
  ['Compressed Gas', 'Gas under pressure.'],
  ['Health Hazard', 'Carcinogen, mutagen, reproductive or respiratory sensitizer.'],
  ['Irritant', 'Skin, eye or respiratory irritant.'],
  ['Environmental Hazard', 'Toxic to aquatic life.'],
  ['Explosive', 'Unstable; may explode when heated or shocked.'],
  ['Reactive', 'Reacts violently with water or air.'],
] as const;
export type DemoHazardClass = (typeof DEMO_HAZARD_CLASSES)[number][0];

/** Name, description and, for the SPCC plan (rules §7), the usual shell capacity in gallons and placement. */
const CONTAINERS: [string, string, number?, 'aboveground'?][] = [
  ['Drum', 'Steel or plastic drum, usually 55 gallons', 55, 'aboveground'],
  ['Tote', 'Intermediate bulk container, 275 or 330 gallons', 330, 'aboveground'],
  ['Pail', 'Open-head pail, 5 gallons', 5, 'aboveground'],
  ['Bottle', 'Glass or plastic bottle'],
  ['Can', 'Metal can or aerosol can'],
  ['Bag', 'Paper or woven bag'],
  ['Cylinder', 'Compressed or liquefied gas cylinder'],
  ['Carboy', 'Plastic carboy, 5 to 15 gallons'],
  // Tanks differ in size: each line gives its own shell capacity.
  ['Aboveground Tank', 'Fixed aboveground storage tank', undefined, 'aboveground'],
  ['Box', 'Fiberboard box'],
];

const UNITS: [string, 'gal' | 'oz' | 'lb' | 'cu', string][] = [
  ['Drum (gal)', 'gal', 'Drum measured in gallons'],
  ['Tote (gal)', 'gal', 'Tote measured in gallons'],
  ['Pail (gal)', 'gal', 'Pail measured in gallons'],
  ['Tank (gal)', 'gal', 'Tank measured in gallons'],
  ['Bottle (oz)', 'oz', 'Bottle measured in fluid ounces'],
  ['Can (oz)', 'oz', 'Can measured in fluid ounces'],
  ['Bag (lb)', 'lb', 'Bag measured in pounds'],
  ['Box (lb)', 'lb', 'Box measured in pounds'],
  ['Cylinder (cu)', 'cu', 'Cylinder measured in cubic feet'],
];

interface DemoAddress {
  address: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
}

const CUSTOMERS: {
  name: string;
  address: DemoAddress;
  /**
   * `county` shows in the reports' header (rules §0.6); `coordinator`, the facility emergency
   * coordinator, in the 302 report's (40 CFR 355.20(b)).
   */
  facilities: {
    name: string;
    address: DemoAddress;
    county?: string;
    coordinator?: { name: string; title: string; phone: string };
  }[];
}[] = [
  {
    name: 'Gulf Coast Refining Co.',
    address: { address: '1200 Smith St', city: 'Houston', state: 'TX', zip: '77002', phone: '7135550140' },
    facilities: [
      {
        name: 'Pasadena Refinery',
        address: { address: '4500 Red Bluff Rd', city: 'Pasadena', state: 'TX', zip: '77503' },
        county: 'Harris',
        coordinator: { name: 'Dana Reyes', title: 'EHS Manager', phone: '7135550188' },
      },
      {
        name: 'Lake Charles Terminal',
        address: { address: '2300 Cities Service Hwy', city: 'Sulphur', state: 'LA', zip: '70665' },
      },
    ],
  },
  {
    name: 'Sierra Semiconductor Inc.',
    address: {
      address: '2800 Mission College Blvd',
      city: 'Santa Clara',
      state: 'CA',
      zip: '95054',
      phone: '4085550188',
    },
    facilities: [
      {
        name: 'Fab 3',
        address: { address: '3065 Bowers Ave', city: 'Santa Clara', state: 'CA', zip: '95054' },
      },
    ],
  },
  {
    name: 'Great Lakes Plating LLC',
    address: { address: '815 W Fulton St', city: 'Chicago', state: 'IL', zip: '60607', phone: '3125550166' },
    facilities: [
      {
        name: 'Chicago Plating Works',
        address: { address: '4400 S Kildare Ave', city: 'Chicago', state: 'IL', zip: '60632' },
        county: 'Cook',
      },
      {
        name: 'Gary Finishing Plant',
        address: { address: '1 N Broadway', city: 'Gary', state: 'IN', zip: '46402' },
      },
    ],
  },
  {
    name: 'Blue Ridge Cold Storage',
    address: {
      address: '301 S College St',
      city: 'Charlotte',
      state: 'NC',
      zip: '28202',
      phone: '7045550111',
    },
    facilities: [
      {
        name: 'Charlotte Warehouse 2',
        address: { address: '5100 Wilkinson Blvd', city: 'Charlotte', state: 'NC', zip: '28208' },
      },
    ],
  },
  {
    name: 'Rocky Mountain Water District',
    address: { address: '1600 Broadway', city: 'Denver', state: 'CO', zip: '80202', phone: '3035550190' },
    facilities: [
      {
        name: 'Marston Treatment Plant',
        address: { address: '6100 S Wadsworth Blvd', city: 'Littleton', state: 'CO', zip: '80123' },
      },
    ],
  },
  {
    name: 'Evergreen Farm Supply',
    address: { address: '410 W 1st Ave', city: 'Spokane', state: 'WA', zip: '99201', phone: '5095550125' },
    facilities: [
      {
        name: 'Spokane Distribution Center',
        address: { address: '6208 E Trent Ave', city: 'Spokane Valley', state: 'WA', zip: '99212' },
      },
    ],
  },
  {
    name: 'Harbor Marine Services',
    address: { address: '100 Pier 1', city: 'Baltimore', state: 'MD', zip: '21202', phone: '4105550177' },
    facilities: [],
  },
];

async function insertAddress(db: Db, address: DemoAddress) {
  const [row] = await db
    .insert(addresses)
    .values({
      address: address.address,
      city: address.city,
      stateCode: address.state,
      zip: address.zip,
      phone: address.phone ?? '',
    })
    .returning({ id: addresses.id });
  return row!.id;
}

/**
 * Each demo facility's Tier II identification (issue 25): its NAICS code and the approximate
 * coordinates of its town (demo data, not surveyed).
 */
const TIER2_DEMO: Record<string, { naics: string; latitude: string; longitude: string }> = {
  'Pasadena Refinery': { naics: '324110', latitude: '29.691100', longitude: '-95.209100' },
  'Lake Charles Terminal': { naics: '424710', latitude: '30.236400', longitude: '-93.377400' },
  'Fab 3': { naics: '334413', latitude: '37.354100', longitude: '-121.955200' },
  'Chicago Plating Works': { naics: '332813', latitude: '41.811000', longitude: '-87.733000' },
  'Gary Finishing Plant': { naics: '332813', latitude: '41.593400', longitude: '-87.346400' },
  'Charlotte Warehouse 2': { naics: '493120', latitude: '35.227100', longitude: '-80.920000' },
  'Marston Treatment Plant': { naics: '221310', latitude: '39.615000', longitude: '-105.083000' },
  'Spokane Distribution Center': { naics: '424910', latitude: '47.681000', longitude: '-117.325000' },
};

/**
 * A customer's two demo contacts, which each of its facilities names: the owner/operator (also the
 * Tier II information contact) and the emergency contact with a 24-hour phone (the facility's
 * emergency coordinator when it has one).
 */
async function seedDemoContacts(
  db: Db,
  customerId: number,
  index: number,
  coordinator: { name: string; title: string; phone: string } | undefined,
): Promise<number[]> {
  const [first, ...rest] = (coordinator?.name ?? 'Sam Rivera').split(' ');
  const people = [
    contactBody({
      customer_id: customerId,
      first_name: 'Chris',
      last_name: 'Owens',
      title: 'General Manager',
      email: `chris.owens.${index}@example.com`,
      contact_types: ['Owner / Operator', 'Tier II Information Contact'],
      phones: [{ phone_number: `(800) 555-01${String(index).padStart(2, '0')}`, phone_type: 'Work' }],
    }),
    contactBody({
      customer_id: customerId,
      first_name: first ?? 'Sam',
      last_name: rest.join(' ') || 'Rivera',
      title: coordinator?.title ?? 'Emergency Response Lead',
      email: `emergency.${index}@example.com`,
      contact_types: ['Emergency Contact', 'Fac. Emergency Coordinator'],
      phones: [
        {
          phone_number: coordinator?.phone ?? `(800) 555-02${String(index).padStart(2, '0')}`,
          phone_type: '24-hour',
        },
      ],
    }),
  ].map((body) => SaveContactRequestSchema.parse(body));
  const ids: number[] = [];
  for (const person of people) {
    const [row] = await db
      .insert(contacts)
      .values({
        customerId,
        firstName: person.first_name,
        lastName: person.last_name,
        title: person.title,
        email: person.email,
        mailingStreet: person.mailing_street,
        mailingCity: person.mailing_city,
        mailingState: person.mailing_state || null,
        mailingZip: person.mailing_zip,
        mailingCountry: person.mailing_country,
        contactTypes: person.contact_types,
      })
      .returning({ id: contacts.id });
    await db.insert(contactPhones).values(
      person.phones.map((phone, position) => ({
        contactId: row!.id,
        position,
        phoneNumber: phone.phone_number,
        phoneType: phone.phone_type,
      })),
    );
    ids.push(row!.id);
  }
  return ids;
}

/**
 * Hazard classes, container types and units, and customers with facilities in several states.
 * Each record is the factory's body for it, checked by the API's own schema, so demo rows obey
 * every rule a user's save does.
 */
export async function seedDemoReference(db: Db): Promise<void> {
  const hazardRows = DEMO_HAZARD_CLASSES.map(([name, description]) =>
    SaveHazardRequestSchema.parse(hazardBody({ name, description })),
  );
  await db.insert(hazards).values(hazardRows.map(({ name, description }) => ({ name, description })));
  const containerRows = CONTAINERS.map(([name, description, capacity, placement]) =>
    SaveContainerRequestSchema.parse(
      containerBody({
        name,
        description,
        shell_capacity_gal: capacity ?? null,
        placement: placement ?? null,
      }),
    ),
  );
  await db.insert(containers).values(
    containerRows.map(({ name, description, shell_capacity_gal, placement }) => ({
      name,
      description,
      shellCapacityGal: shell_capacity_gal == null ? null : String(shell_capacity_gal),
      placement: placement ?? null,
    })),
  );
  const unitRows = UNITS.map(([name, unitType, description]) =>
    SaveContainerUnitRequestSchema.parse(containerUnitBody({ name, unit_type: unitType, description })),
  );
  await db
    .insert(containerUnits)
    .values(unitRows.map(({ name, unit_type, description }) => ({ name, unitType: unit_type, description })));
  for (const [index, demo] of CUSTOMERS.entries()) {
    const customer = SaveCustomerRequestSchema.parse(
      customerBody({
        name: demo.name,
        prepared_at: '2026-01-15',
        address: addressBody({ phone: '', ...demo.address }),
        is_same_billing_address: 1,
      }),
    );
    const addressId = await insertAddress(db, customer.address);
    const { phone: _phone, ...billing } = customer.address;
    const billingAddressId = await insertAddress(db, billing);
    const [row] = await db
      .insert(customers)
      .values({
        name: customer.name,
        addressId,
        billingAddressId,
        isSameBillingAddress: true,
        preparedAt: customer.prepared_at,
      })
      .returning({ id: customers.id });
    const contactIds =
      demo.facilities.length > 0
        ? await seedDemoContacts(db, row!.id, index, demo.facilities.find((f) => f.coordinator)?.coordinator)
        : [];
    for (const demoFacility of demo.facilities) {
      const tier2 = TIER2_DEMO[demoFacility.name];
      const facility = SaveFacilityRequestSchema.parse(
        facilityBody({
          name: demoFacility.name,
          customer_id: row!.id,
          address: addressBody({ phone: '', ...demoFacility.address }),
          county: demoFacility.county ?? '',
          emergency_coordinator_name: demoFacility.coordinator?.name ?? '',
          emergency_coordinator_title: demoFacility.coordinator?.title ?? '',
          emergency_coordinator_phone: demoFacility.coordinator?.phone ?? '',
          naics_code: tier2?.naics ?? '',
          latitude: tier2?.latitude ?? null,
          longitude: tier2?.longitude ?? null,
        }),
      );
      const [created] = await db
        .insert(facilities)
        .values({
          name: facility.name,
          customerId: facility.customer_id,
          addressId: await insertAddress(db, facility.address),
          county: facility.county ?? '',
          emergencyCoordinatorName: facility.emergency_coordinator_name ?? '',
          emergencyCoordinatorTitle: facility.emergency_coordinator_title ?? '',
          emergencyCoordinatorPhone: facility.emergency_coordinator_phone ?? '',
          naicsCode: facility.naics_code ?? '',
          latitude: facility.latitude ?? null,
          longitude: facility.longitude ?? null,
        })
        .returning({ id: facilities.id });
      await db.insert(facilityCustomers).values({ facilityId: created!.id, customerId: row!.id });
      if (contactIds.length > 0) {
        await db
          .insert(facilityContacts)
          .values(
            contactIds.map((contactId, position) => ({ facilityId: created!.id, contactId, position })),
          );
      }
    }
  }
}
