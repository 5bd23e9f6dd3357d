import {
  SaveContainerRequestSchema,
  SaveContainerUnitRequestSchema,
  SaveCustomerRequestSchema,
  SaveFacilityRequestSchema,
  SaveHazardRequestSchema,
} from '@chemtrack/domain';
import type { Db } from '../db/client.ts';
import {
  addresses,
  containers,
  containerUnits,
  customers,
  facilities,
  facilityCustomers,
  hazards,
} from '../db/schema/index.ts';
import {
  addressBody,
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
  for (const demo of CUSTOMERS) {
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
    for (const demoFacility of demo.facilities) {
      const facility = SaveFacilityRequestSchema.parse(
        facilityBody({
          name: demoFacility.name,
          customer_id: row!.id,
          address: addressBody({ phone: '', ...demoFacility.address }),
          county: demoFacility.county ?? '',
          emergency_coordinator_name: demoFacility.coordinator?.name ?? '',
          emergency_coordinator_title: demoFacility.coordinator?.title ?? '',
          emergency_coordinator_phone: demoFacility.coordinator?.phone ?? '',
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
        })
        .returning({ id: facilities.id });
      await db.insert(facilityCustomers).values({ facilityId: created!.id, customerId: row!.id });
    }
  }
}
