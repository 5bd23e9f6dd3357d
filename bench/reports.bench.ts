/**
 * Reports on a large facility-year (issue 11): Tier II as PDF and as XLSX, and its preview,
 * through the API on an inventory of `--lines` lines (5 components each, a quarter of the CAS
 * numbers on the EHS list, so the PDF prints many contributing products). Prints each call's
 * time, the file's size and the process's peak RSS.
 * Usage: npm run bench:reports -w @chemtrack/bench [-- --lines 2000 --runs 3]
 */
import { parseArgs } from 'node:util';
import {
  chemicalComponents,
  customers,
  databaseEntries,
  facilities,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProducts,
  products,
  regulatoryEntries,
} from '../apps/server/src/db/schema/index.ts';
import { openBench } from './harness.ts';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' } },
});
const lineCount = Number(values.lines);
const runs = Number(values.runs);
const YEAR = 2024;
const CHEMICALS = 400;

/** A CAS number with a valid check digit for 100000 + n. */
function cas(n: number): string {
  const digits = String(100_000 + n);
  const check = [...digits].reverse().reduce((sum, digit, i) => sum + Number(digit) * (i + 1), 0) % 10;
  return `${digits.slice(0, -2)}-${digits.slice(-2)}-${check}`;
}

const bench = await openBench();
const { db } = bench.database;
let ids = { customer: 0, facility: 0 };
await bench.seed(`${lineCount} inventory lines × 5 components, ${CHEMICALS} chemicals`, runs, async () => {
  const [customer] = await db.insert(customers).values({ name: 'Bench Chemicals Inc.' }).returning();
  const [facility] = await db
    .insert(facilities)
    .values({ name: 'Bench Plant', customerId: customer!.id })
    .returning();
  ids = { customer: customer!.id, facility: facility!.id };
  const [inventory] = await db
    .insert(inventories)
    .values({ year: YEAR, customerId: customer!.id, facilityId: facility!.id })
    .returning();
  const components = await db
    .insert(chemicalComponents)
    .values(Array.from({ length: CHEMICALS }, (_, i) => ({ name: `Chemical ${i}`, number: cas(i) })))
    .returning({ id: chemicalComponents.id });
  const [upload] = await db.insert(databaseEntries).values({ type: 'ehs', name: 'ehs.csv' }).returning();
  await db.insert(regulatoryEntries).values(
    Array.from({ length: CHEMICALS / 4 }, (_, i) => ({
      listType: 'ehs' as const,
      databaseEntryId: upload!.id,
      chemicalName: `Chemical ${i * 4}`,
      casNumber: cas(i * 4),
      thresholdQuantityLbs: String([1, 10, 100, 500, 1000][i % 5]),
      finalReportableQuantityLb: '100',
    })),
  );
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: lineCount / 4 }, (_, i) => ({
        name: `Bench Product ${i}`,
        mfgName: 'Bench Supply',
        physicalState: 'liquid' as const,
        poundsPerGallon: '8.34',
        isSaraF: i % 2 === 0,
        isSaraA: true,
      })),
    )
    .returning({ id: products.id, name: products.name });
  for (let start = 0; start < lineCount; start += 500) {
    const lines = await db
      .insert(inventoryProducts)
      .values(
        Array.from({ length: Math.min(500, lineCount - start) }, (_, k) => {
          const i = start + k;
          const product = productRows[i % productRows.length]!;
          const gallons = 55 * (1 + (i % 7));
          return {
            inventoryId: inventory!.id,
            productId: product.id,
            name: product.name,
            mfgName: 'Bench Supply',
            physicalState: 'liquid' as const,
            poundsPerGallon: '8.34',
            isSaraF: i % 2 === 0,
            isSaraA: true,
            containerSize: '55',
            containerQuantity: String(1 + (i % 7)),
            maxGallons: String(gallons),
            maxPounds: String(gallons * 8.34),
            locationStored: `BUILDING ${i % 12}`,
          };
        }),
      )
      .returning({ id: inventoryProducts.id });
    await db.insert(inventoryProductChemicalComponents).values(
      lines.flatMap((line, k) =>
        [0, 1, 2, 3, 4].map((j) => ({
          inventoryProductId: line.id,
          chemicalComponentId: components[((start + k) * 5 + j * 7) % CHEMICALS]!.id,
          percentageWeight: String([40, 25, 15, 10, 5][j]),
        })),
      ),
    );
  }
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
for (const [label, url, format] of [
  ['Tier II preview (JSON)', '/api/admin/v1/report/preview', null],
  ['Tier II PDF', '/api/admin/v1/report/generate', 'pdf'],
  ['Tier II XLSX', '/api/admin/v1/report/generate', 'xlsx'],
] as const) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await bench.app.inject({
      method: 'POST',
      url,
      headers: bench.headers,
      payload: {
        type: 'epcra_311_312_tier2',
        customer_id: ids.customer,
        facility_id: ids.facility,
        year: YEAR,
        ...(format ? { format } : {}),
      },
    });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    size = res.rawPayload.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(24)} min ${times[0]!.toFixed(0).padStart(6)} ms  median ${times[Math.floor(runs / 2)]!.toFixed(0).padStart(6)} ms  ${mb(size)}  peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
}
await bench.close();
