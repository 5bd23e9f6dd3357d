import { calculateContainer, SaveInventoryRequestSchema } from '@chemtrack/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  containers,
  containerUnits,
  customers,
  facilities,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProducts,
  productChemicalComponents,
  productHazards,
  products,
  users,
} from '../db/schema/index.ts';
import type { productDataColumns } from '../db/schema/product-data.ts';
import type { Actor } from '../lib/audit.ts';
import { inventoriesService } from '../modules/inventories/inventories.service.ts';
import { inventoryBody } from './factories.ts';

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
}

/** What changed at the facility between the two walk-throughs. */
interface DemoChanges {
  /** Lines of the copy whose quantity changed, by product and location. */
  quantities: { product: string; location: string; quantity: number }[];
  /** Lines gone this year, by product and location. */
  removed: { product: string; location: string }[];
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
      },
      {
        product: 'Ultra Low Sulfur Diesel No. 2 (B5)',
        container: 'Aboveground Tank',
        unit: 'Tank (gal)',
        size: 5000,
        quantity: 1,
        location: 'Tank Farm B',
      },
      {
        product: 'Ultra Low Sulfur Diesel No. 2 (B5)',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 6,
        location: 'Maintenance Shop',
      },
      {
        product: 'Sulfuric Acid 93% (66 Be)',
        container: 'Tote',
        unit: 'Tote (gal)',
        size: 330,
        quantity: 2,
        location: 'Alkylation Unit',
      },
      {
        product: 'Sodium Hydroxide 50% (Caustic Soda Liquid)',
        container: 'Tote',
        unit: 'Tote (gal)',
        size: 275,
        quantity: 3,
        location: 'Wastewater Treatment',
      },
      {
        product: 'AW 46 Hydraulic Oil',
        container: 'Drum',
        unit: 'Drum (gal)',
        size: 55,
        quantity: 4,
        location: 'Maintenance Shop',
      },
      {
        product: 'AW 46 Hydraulic Oil',
        container: 'Pail',
        unit: 'Pail (gal)',
        size: 5,
        quantity: 12,
        location: 'Warehouse',
      },
      {
        product: 'Propane, HD-5',
        container: 'Cylinder',
        unit: 'Cylinder (cu)',
        size: 33.5,
        quantity: 8,
        location: 'Forklift Cage',
      },
      {
        product: 'Nitrogen, Compressed',
        container: 'Cylinder',
        unit: 'Cylinder (cu)',
        size: 300,
        quantity: 10,
        location: 'Lab',
      },
      {
        product: 'Isopropyl Alcohol 99%',
        container: 'Bottle',
        unit: 'Bottle (oz)',
        size: 32,
        quantity: 24,
        location: 'Lab',
      },
      {
        product: 'Portland Cement, Type I/II',
        container: 'Bag',
        unit: 'Bag (lb)',
        size: 94,
        quantity: 40,
        location: 'Warehouse',
      },
      {
        product: 'Calcium Hypochlorite 65% Granular',
        container: 'Box',
        unit: 'Box (lb)',
        size: 50,
        quantity: 6,
        location: 'Cooling Tower',
      },
    ],
    changes: {
      quantities: [
        { product: 'Unleaded Gasoline (E10)', location: 'Tank Farm A', quantity: 3 },
        { product: 'AW 46 Hydraulic Oil', location: 'Warehouse', quantity: 20 },
      ],
      removed: [{ product: 'Portland Cement, Type I/II', location: 'Warehouse' }],
      added: [
        {
          product: 'Methanol',
          container: 'Drum',
          unit: 'Drum (gal)',
          size: 55,
          quantity: 2,
          location: 'Lab',
          question: 'Two drums unlabeled: confirm they hold methanol.',
        },
        {
          product: 'Chlorine, 150 lb Cylinder',
          container: 'Cylinder',
          unit: 'Cylinder (cu)',
          size: 150,
          quantity: 4,
          location: 'Cooling Tower',
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

type ProductData = Pick<typeof products.$inferSelect, keyof ReturnType<typeof productDataColumns>>;

/** The product data a line records, as the product holds it when the line is saved. */
function productSnapshot(product: typeof products.$inferSelect): ProductData {
  const {
    id: _id,
    sdsFileId: _file,
    isActive: _active,
    createdAt: _created,
    updatedAt: _updated,
    ...data
  } = product;
  return data;
}

const figure = (value: number | null) => (value === null ? null : String(value));

/**
 * Inserts lines into an inventory, each with its product's data, hazards and components as the
 * product holds them and the figures the container calculation gives (spec 02 §9), as a saved
 * line would. The inventory-products calls are not there yet, so this writes the rows itself.
 */
async function insertLines(db: Db, inventoryId: number, lines: DemoLine[], checkedAt: Date | null) {
  if (lines.length === 0) return;
  const productRows = await db
    .select()
    .from(products)
    .where(inArray(products.name, [...new Set(lines.map((line) => line.product))]));
  const containerRows = await db.select({ id: containers.id, name: containers.name }).from(containers);
  const unitRows = await db.select().from(containerUnits);
  const find = <T extends { name: string }>(rows: T[], name: string, what: string): T => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`Demo ${what} ${name} was not seeded`);
    return row;
  };
  const values = lines.map((line) => {
    const product = find(productRows, line.product, 'product');
    const unit = find(unitRows, line.unit, 'container unit');
    const { max_gallons, max_pounds } = calculateContainer({
      physical_state: product.physicalState,
      unit_type: unit.unitType,
      unit_name: unit.name,
      container_size: line.size,
      container_quantity: line.quantity,
      pounds_per_gallon: product.poundsPerGallon,
      conversion_factor: product.conversionFactor,
    });
    return {
      inventoryId,
      productId: product.id,
      ...productSnapshot(product),
      containerId: find(containerRows, line.container, 'container').id,
      containerUnitId: unit.id,
      containerSize: String(line.size),
      containerQuantity: String(line.quantity),
      locationStored: line.location.toUpperCase(),
      maxGallons: figure(max_gallons),
      maxPounds: figure(max_pounds),
      notes: line.question ?? '',
      isResolveQuestion: line.question === undefined,
      checkedAt,
    };
  });
  const inserted = await db.insert(inventoryProducts).values(values).returning({ id: inventoryProducts.id });
  const lineIds = sql.join(
    inserted.map((row) => sql`${row.id}`),
    sql`, `,
  );
  // The hazards and components the products hold, copied onto each new line.
  await db.execute(sql`
    INSERT INTO ${inventoryProductHazards} (inventory_product_id, hazard_id)
    SELECT line.id, ph.hazard_id
    FROM ${inventoryProducts} line JOIN ${productHazards} ph ON ph.product_id = line.product_id
    WHERE line.id IN (${lineIds})`);
  await db.execute(sql`
    INSERT INTO ${inventoryProductChemicalComponents} (
      inventory_product_id, chemical_component_id, percentage_weight, percentage_volume,
      regulations, restrictions, reporting_requirements)
    SELECT line.id, pc.chemical_component_id, pc.percentage_weight, pc.percentage_volume,
      pc.regulations, pc.restrictions, pc.reporting_requirements
    FROM ${inventoryProducts} line JOIN ${productChemicalComponents} pc ON pc.product_id = line.product_id
    WHERE line.id IN (${lineIds})`);
}

/** The copied line of a product at a location (the demo has one per pair). */
function lineWhere(inventoryId: number, product: string, location: string) {
  return and(
    eq(inventoryProducts.inventoryId, inventoryId),
    eq(inventoryProducts.name, product),
    eq(inventoryProducts.locationStored, location.toUpperCase()),
  );
}

/** The technician's walk-through this year over the copied lines: counts changed, lines gone. */
async function applyChanges(db: Db, inventoryId: number, changes: DemoChanges, checkedAt: Date) {
  for (const change of changes.quantities) {
    const [line] = await db
      .select({
        size: inventoryProducts.containerSize,
        physicalState: inventoryProducts.physicalState,
        poundsPerGallon: inventoryProducts.poundsPerGallon,
        conversionFactor: inventoryProducts.conversionFactor,
        unitType: containerUnits.unitType,
        unitName: containerUnits.name,
      })
      .from(inventoryProducts)
      .innerJoin(containerUnits, eq(containerUnits.id, inventoryProducts.containerUnitId))
      .where(lineWhere(inventoryId, change.product, change.location));
    if (!line) throw new Error(`Demo line ${change.product} at ${change.location} was not copied`);
    const { max_gallons, max_pounds } = calculateContainer({
      physical_state: line.physicalState,
      unit_type: line.unitType,
      unit_name: line.unitName,
      container_size: line.size,
      container_quantity: change.quantity,
      pounds_per_gallon: line.poundsPerGallon,
      conversion_factor: line.conversionFactor,
    });
    await db
      .update(inventoryProducts)
      .set({
        containerQuantity: String(change.quantity),
        maxGallons: figure(max_gallons),
        maxPounds: figure(max_pounds),
        checkedAt,
      })
      .where(lineWhere(inventoryId, change.product, change.location));
  }
  for (const gone of changes.removed) {
    await db.delete(inventoryProducts).where(lineWhere(inventoryId, gone.product, gone.location));
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
    await insertLines(db, earlier.id, demo.lines, new Date(`${earlierYear}-06-15T15:00:00Z`));
    if (demo.isEarlierCompleted) {
      await inventoriesService.update(db, seeder, earlier.id, body(earlierYear, [], true));
    }

    const later = await inventoriesService.create(db, seeder, body(thisYear - 1, [earlier.id]));
    const walkedAt = new Date(`${thisYear - 1}-06-20T15:00:00Z`);
    await applyChanges(db, later.id, demo.changes, walkedAt);
    await insertLines(db, later.id, demo.changes.added, walkedAt);
  }
}
