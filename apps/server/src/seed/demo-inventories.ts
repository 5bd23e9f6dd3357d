import {
  type compliance,
  type InventoryProductResource,
  type SaveInventoryProductRequest,
  SaveInventoryProductRequestSchema,
  SaveInventoryRequestSchema,
} from '@chemtrack/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  containers,
  containerUnits,
  customers,
  facilities,
  inventoryProducts,
  products,
  users,
} from '../db/schema/index.ts';
import type { Actor } from '../lib/audit.ts';
import { inventoriesService } from '../modules/inventories/inventories.service.ts';
import { inventoryProductsService } from '../modules/inventory-products/inventory-products.service.ts';
import { inventoryBody, inventoryProductBody } from './factories.ts';

/** One container of a product found at the facility: the line a technician records. */
interface DemoLine {
  product: string;
  container: string;
  unit: string;
  size: number;
  quantity: number;
  location: string;
  /** An open question the technician left on the line (spec 02 §4). */
  question?: string;
  /** The year's figures the reports read (issue 11); a line without them is screened or estimated. */
  figures?: DemoFigures;
  /** SPCC (rules §7): the tank's own shell capacity in gallons, over its container type's. */
  shellCapacityGal?: number;
}

/**
 * EPCRA 313 activities with the pounds of the year (none given: otherwise used, the factory's
 * default, and no annual amount), Tier II average and days on site, and storage conditions.
 */
interface DemoFigures {
  manufactured?: number;
  processed?: number;
  otherwiseUsed?: number;
  averagePounds?: number;
  daysOnSite?: number;
  storage?: [
    compliance.Tier2StorageType,
    compliance.Tier2StoragePressure,
    compliance.Tier2StorageTemperature,
  ];
}

const AMBIENT = ['Ambient pressure', 'Ambient temperature'] as const;

/** The request fields of a line's figures: each activity flagged when it has pounds. */
function figureFields(figures: DemoFigures | undefined): Partial<SaveInventoryProductRequest> {
  if (!figures) return {};
  const hasActivity = [figures.manufactured, figures.processed, figures.otherwiseUsed].some(
    (pounds) => pounds !== undefined,
  );
  return {
    ...(hasActivity
      ? {
          is_manufactured: figures.manufactured !== undefined,
          is_processed: figures.processed !== undefined,
          is_otherwise_used: figures.otherwiseUsed !== undefined,
          annual_pounds_manufactured: figures.manufactured ?? null,
          annual_pounds_processed: figures.processed ?? null,
          annual_pounds_otherwise_used: figures.otherwiseUsed ?? null,
        }
      : {}),
    ...(figures.averagePounds !== undefined ? { average_pounds: figures.averagePounds } : {}),
    ...(figures.daysOnSite !== undefined ? { days_on_site: figures.daysOnSite } : {}),
    ...(figures.storage
      ? {
          storage_type: figures.storage[0],
          storage_pressure: figures.storage[1],
          storage_temperature: figures.storage[2],
        }
      : {}),
  };
}

/** What changed at the facility between the two walk-throughs. */
interface DemoChanges {
  /** Lines of the copy whose quantity changed, by product and location. */
  quantities: { product: string; location: string; quantity: number }[];
  /** Lines gone this year, by product and location. */
  removed: { product: string; location: string }[];
  /**
   * Copied lines whose year figures (which a copy leaves behind) the technician recorded again,
   * as last year's; the other copied lines stay unchecked, and 313 screens them on what is on hand.
   */
  rechecked: { product: string; location: string }[];
  added: DemoLine[];
}

interface DemoFacilityInventories {
  customer: string;
  facility: string;
  technicians: string[];
  lines: DemoLine[];
  changes: DemoChanges;
  /** The earlier year was closed by an admin (spec 02 §4 completion). */
  isEarlierCompleted: boolean;
}

const DEMO_INVENTORIES: DemoFacilityInventories[] = [
  {
    customer: 'Gulf Coast Refining Co.',
    facility: 'Pasadena Refinery',
    technicians: ['maria.lopez@chemtrack.local', 'james.chen@chemtrack.local'],
    lines: [
      {
        product: 'Unleaded Gasoline (E10)',
        container: 'Aboveground Tank',
        unit: 'Tank (gal)',
        size: 10000,
        quantity: 2,
        location: 'Tank Farm A',
        // 12,000-gal shells holding 10,000 gal each: SPCC counts 24,000 gal, a PE-certified plan.
        shellCapacityGal: 12_000,
        // Made and blended at the refinery: 313 manufactured and processed, not otherwise used.
        figures: {
          manufactured: 2_300_000,
          processed: 500_000,
          averagePounds: 100_000,
          daysOnSite: 365,
          storage: ['Above ground tank', ...AMBIENT],
        },
      },
      {
        product: 'Ultra Low Sulfur Diesel No. 2 (B5)',
        container: 'Aboveground Tank',
        unit: 'Tank (gal)',
        size: 5000,
        quantity: 1,
        location: 'Tank Farm B',
        shellCapacityGal: 6_000,
        figures: {
          otherwiseUsed: 40_000,
          averagePounds: 20_000,
          daysOnSite: 365,
          storage: ['Above ground tank', ...AMBIENT],
        },
      },
      {
        product: 'Ultra Low Sulfur Diesel No. 2 (B5)',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 6,
        location: 'Maintenance Shop',
        figures: { otherwiseUsed: 3_000, storage: ['Steel drum', ...AMBIENT] },
      },
      {
        product: 'Sulfuric Acid 93% (66 Be)',
        container: 'Tote',
        unit: 'Tote (gal)',
        size: 330,
        quantity: 2,
        location: 'Alkylation Unit',
        // The alkylation catalyst: otherwise used, just under the 10,000 lb of 313 in acid.
        figures: {
          otherwiseUsed: 10_500,
          averagePounds: 8_000,
          daysOnSite: 365,
          storage: ['Tote bin', ...AMBIENT],
        },
      },
      {
        product: 'Sodium Hydroxide 50% (Caustic Soda Liquid)',
        container: 'Tote',
        unit: 'Tote (gal)',
        size: 275,
        quantity: 3,
        location: 'Wastewater Treatment',
        figures: { otherwiseUsed: 20_000 },
      },
      {
        product: 'AW 46 Hydraulic Oil',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 4,
        location: 'Maintenance Shop',
        figures: { otherwiseUsed: 1_500 },
      },
      {
        product: 'AW 46 Hydraulic Oil',
        container: 'Pail',
        unit: 'Pail (gal)',
        size: 5,
        quantity: 12,
        location: 'Warehouse',
        figures: { otherwiseUsed: 500 },
      },
      {
        product: 'Propane, HD-5',
        container: 'Cylinder',
        unit: 'Cylinder (cu)',
        size: 33.5,
        quantity: 8,
        location: 'Forklift Cage',
        figures: {
          otherwiseUsed: 6_000,
          storage: ['Cylinder', 'Greater than ambient pressure', 'Ambient temperature'],
        },
      },
      {
        product: 'Nitrogen, Compressed',
        container: 'Cylinder',
        unit: 'Cylinder (cu)',
        size: 300,
        quantity: 10,
        location: 'Lab',
        figures: {
          otherwiseUsed: 2_000,
          storage: ['Cylinder', 'Greater than ambient pressure', 'Ambient temperature'],
        },
      },
      {
        product: 'Isopropyl Alcohol 99%',
        container: 'Bottle',
        unit: 'Bottle (oz)',
        size: 32,
        quantity: 24,
        location: 'Lab',
        figures: { otherwiseUsed: 300 },
      },
      {
        product: 'Portland Cement, Type I/II',
        container: 'Bag',
        unit: 'Bag (lb)',
        size: 94,
        quantity: 40,
        location: 'Warehouse',
        figures: { otherwiseUsed: 40_000 },
      },
      {
        product: 'Calcium Hypochlorite 65% Granular',
        container: 'Box',
        unit: 'Box (lb)',
        size: 50,
        quantity: 6,
        location: 'Cooling Tower',
        figures: { otherwiseUsed: 1_200 },
      },
    ],
    changes: {
      quantities: [
        { product: 'Unleaded Gasoline (E10)', location: 'Tank Farm A', quantity: 3 },
        { product: 'AW 46 Hydraulic Oil', location: 'Warehouse', quantity: 20 },
      ],
      removed: [{ product: 'Portland Cement, Type I/II', location: 'Warehouse' }],
      rechecked: [
        { product: 'Unleaded Gasoline (E10)', location: 'Tank Farm A' },
        { product: 'Ultra Low Sulfur Diesel No. 2 (B5)', location: 'Tank Farm B' },
        { product: 'Sulfuric Acid 93% (66 Be)', location: 'Alkylation Unit' },
      ],
      added: [
        {
          product: 'Methanol',
          container: 'Drum',
          unit: 'Drum (gal)',
          size: 55,
          quantity: 2,
          location: 'Lab',
          question: 'Two drums unlabeled: confirm they hold methanol.',
          // Fed to the new MTBE pilot unit: processed, over the 25,000 lb of 313.
          figures: { processed: 30_000 },
        },
        {
          product: 'Chlorine, 150 lb Cylinder',
          container: 'Cylinder',
          unit: 'Cylinder (cu)',
          size: 150,
          quantity: 4,
          location: 'Cooling Tower',
          figures: {
            otherwiseUsed: 1_800,
            storage: ['Cylinder', 'Greater than ambient pressure', 'Ambient temperature'],
          },
        },
        {
          // Bulk propane for the process heaters (issue 23, a covered RMP process): three tanks of
          // 4,200 lb each as cubic feet (4,200 lb × 8.5 ft³/lb = 35,700 ft³), 107,100 ft³ ÷ 8.5 =
          // 12,600 lb of HD-5 (95% propane, NFPA 2-4-0): an NFPA 4 mixture with ≥ 1% of a listed
          // flammable counts whole, 12,600 lb > TQ 10,000 lb → covered; PSM's flammable screen
          // (flash point -156 °F) 12,600 lb ≥ 10,000 lb → covered.
          product: 'Propane, HD-5',
          container: 'Aboveground Tank',
          unit: 'Cylinder (cu)',
          size: 35_700,
          quantity: 3,
          location: 'Propane Tank Yard',
          figures: {
            storage: ['Above ground tank', 'Greater than ambient pressure', 'Ambient temperature'],
          },
        },
        {
          // Ten 50 lb cylinders as cubic feet (50 lb × 22.6 ft³/lb = 1,130 ft³ each): 500 lb of
          // product, 497.5 lb of ammonia, just under its 500 lb TPQ (302, Tier II).
          product: 'Anhydrous Ammonia',
          container: 'Cylinder',
          unit: 'Cylinder (cu)',
          size: 1130,
          quantity: 10,
          location: 'SCR Unit',
          figures: {
            otherwiseUsed: 12_000,
            averagePounds: 300,
            daysOnSite: 250,
            storage: ['Cylinder', 'Greater than ambient pressure', 'Ambient temperature'],
          },
        },
      ],
    },
    isEarlierCompleted: false,
  },
  {
    customer: 'Great Lakes Plating LLC',
    facility: 'Chicago Plating Works',
    technicians: ['aisha.khan@chemtrack.local'],
    lines: [
      {
        product: 'Hydrochloric Acid 31% (Muriatic, 20 Be)',
        container: 'Tote',
        unit: 'Tote (gal)',
        size: 275,
        quantity: 2,
        location: 'Pickling Line',
      },
      {
        product: 'Hydrochloric Acid 31% (Muriatic, 20 Be)',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 3,
        location: 'Chemical Storage',
      },
      {
        product: 'Nitric Acid 70%',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 2,
        location: 'Chemical Storage',
      },
      {
        product: 'Ferric Chloride Solution 40%',
        container: 'Tote',
        unit: 'Tote (gal)',
        size: 275,
        quantity: 1,
        location: 'Etch Room',
      },
      {
        product: 'Sodium Hydroxide 50% (Caustic Soda Liquid)',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 4,
        location: 'Wastewater Treatment',
      },
      {
        product: 'Potassium Hydroxide 45%',
        container: 'Pail',
        unit: 'Pail (gal)',
        size: 5,
        quantity: 10,
        location: 'Plating Line 2',
      },
      {
        product: 'Phosphoric Acid 85%',
        container: 'Pail',
        unit: 'Pail (gal)',
        size: 5,
        quantity: 4,
        location: 'Plating Line 1',
      },
      {
        product: 'Heavy Duty Alkaline Degreaser',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 2,
        location: 'Cleaning Line',
      },
    ],
    changes: {
      quantities: [{ product: 'Nitric Acid 70%', location: 'Chemical Storage', quantity: 1 }],
      removed: [],
      rechecked: [],
      added: [
        {
          product: 'Sodium Hypochlorite 12.5% (Industrial Bleach)',
          container: 'Tote',
          unit: 'Tote (gal)',
          size: 275,
          quantity: 1,
          location: 'Wastewater Treatment',
          question: 'Tote found outside containment: ask the plant manager.',
        },
      ],
    },
    isEarlierCompleted: true,
  },
];

/**
 * Saves lines through the inventory-products service, as a technician's form does: each line
 * takes its product's data, hazards and components and the figures the server computes.
 */
async function addLines(db: Db, actor: Actor, inventoryId: number, lines: DemoLine[]) {
  if (lines.length === 0) return;
  const [productRows, containerRows, unitRows] = await Promise.all([
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.name, [...new Set(lines.map((line) => line.product))])),
    db.select({ id: containers.id, name: containers.name }).from(containers),
    db.select({ id: containerUnits.id, name: containerUnits.name }).from(containerUnits),
  ]);
  const idOf = (rows: { id: number; name: string }[], name: string, what: string): number => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`Demo ${what} ${name} was not seeded`);
    return row.id;
  };
  for (const line of lines) {
    const body = SaveInventoryProductRequestSchema.parse(
      inventoryProductBody({
        product_id: idOf(productRows, line.product, 'product'),
        container_id: idOf(containerRows, line.container, 'container'),
        container_unit_id: idOf(unitRows, line.unit, 'container unit'),
        container_size: String(line.size),
        container_quantity: String(line.quantity),
        location_stored: line.location,
        notes: line.question ?? '',
        ...figureFields(line.figures),
        ...(line.shellCapacityGal === undefined ? {} : { shell_capacity_gal: line.shellCapacityGal }),
      }),
    );
    await inventoryProductsService.create(db, actor, inventoryId, body);
  }
}

/** The copied line of a product at a location (the demo has one per pair). */
async function lineAt(db: Db, inventoryId: number, product: string, location: string): Promise<number> {
  const [line] = await db
    .select({ id: inventoryProducts.id })
    .from(inventoryProducts)
    .where(
      and(
        eq(inventoryProducts.inventoryId, inventoryId),
        eq(inventoryProducts.name, product),
        eq(inventoryProducts.locationStored, location.toUpperCase()),
      ),
    );
  if (!line) throw new Error(`Demo line ${product} at ${location} was not copied`);
  return line.id;
}

/** A saved line as the body of its update: its activities kept, what changes on top. */
function updateBody(line: InventoryProductResource, changes: Partial<SaveInventoryProductRequest>) {
  return SaveInventoryProductRequestSchema.parse(
    inventoryProductBody({
      product_id: line.product_id,
      container_id: line.container?.id ?? null,
      container_unit_id: line.container_unit?.id ?? null,
      container_size: line.container_size,
      container_quantity: line.container_quantity,
      location_stored: line.location_stored,
      is_manufactured: line.is_manufactured,
      is_processed: line.is_processed,
      is_otherwise_used: line.is_otherwise_used,
      ...changes,
    }),
  );
}

/**
 * The technician's walk-through this year over the copied lines: counts changed, lines gone, and
 * the year's figures, which a copy does not carry over, recorded again as last year's on the lines
 * the technician rechecked.
 */
async function applyChanges(
  db: Db,
  actor: Actor,
  inventoryId: number,
  changes: DemoChanges,
  lastYear: DemoLine[],
) {
  for (const checked of changes.rechecked) {
    const earlier = lastYear.find(
      (line) => line.product === checked.product && line.location === checked.location,
    );
    const id = await lineAt(db, inventoryId, checked.product, checked.location);
    const line = await inventoryProductsService.get(db, { inventoryId, lineId: id });
    await inventoryProductsService.update(
      db,
      actor,
      { inventoryId, lineId: id },
      updateBody(line, figureFields(earlier?.figures)),
    );
  }
  for (const change of changes.quantities) {
    const id = await lineAt(db, inventoryId, change.product, change.location);
    const line = await inventoryProductsService.get(db, { inventoryId, lineId: id });
    const body = updateBody(line, { container_quantity: String(change.quantity) });
    await inventoryProductsService.update(db, actor, { inventoryId, lineId: id }, body);
  }
  for (const gone of changes.removed) {
    await inventoryProductsService.unlink(db, actor, {
      inventoryId,
      lineId: await lineAt(db, inventoryId, gone.product, gone.location),
    });
  }
}

/**
 * Two years of inventories for two demo facilities: the earlier one with its lines, the later one
 * made by the inventories service from the earlier (its lines copied, as a user's create with
 * inventory_ids does), then walked through: some counts changed, a line gone, new lines, a few
 * open questions, and the copied lines not yet looked at left unchecked as the worklist. The
 * plating works' earlier inventory is completed.
 */
export async function seedDemoInventories(db: Db): Promise<void> {
  const seeder: Actor = { userId: undefined, ip: undefined, role: 'admin' };
  const thisYear = new Date().getFullYear();
  for (const demo of DEMO_INVENTORIES) {
    const [place] = await db
      .select({ customerId: customers.id, facilityId: facilities.id })
      .from(facilities)
      .innerJoin(customers, eq(customers.id, facilities.customerId))
      .where(and(eq(customers.name, demo.customer), eq(facilities.name, demo.facility)));
    if (!place) throw new Error(`Demo facility ${demo.facility} was not seeded`);
    const technicians = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, demo.technicians));
    const body = (year: number, inventoryIds: number[], isCompleted = false) =>
      SaveInventoryRequestSchema.parse(
        inventoryBody({
          year,
          customer_id: place.customerId,
          facility_id: place.facilityId,
          technician_ids: technicians.map((technician) => technician.id),
          inventory_ids: inventoryIds,
          is_completed: isCompleted,
        }),
      );

    const earlierYear = thisYear - 2;
    const earlier = await inventoriesService.create(db, seeder, body(earlierYear, []));
    await addLines(db, seeder, earlier.id, demo.lines);
    if (demo.isEarlierCompleted) {
      await inventoriesService.update(db, seeder, earlier.id, body(earlierYear, [], true));
    }

    const later = await inventoriesService.create(db, seeder, body(thisYear - 1, [earlier.id]));
    await applyChanges(db, seeder, later.id, demo.changes, demo.lines);
    await addLines(db, seeder, later.id, demo.changes.added);
  }
}
