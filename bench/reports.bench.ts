/**
 * Reports on a large facility-year (issue 11): Tier II as PDF and as XLSX, and its preview,
 * through the API (in process) on the suite's report facility (bench/data.ts: 2,000 lines of 5
 * components, part of the chemicals on each reference list). Prints each call's time, the file's
 * size and the process's peak RSS. The suite (`npm run bench`) measures every type over HTTP.
 * Usage: npm run bench:reports -w @chemtrack/bench [-- --runs 3]
 */
import { parseArgs } from 'node:util';
import { loadDataSet, type RawClient, REPORT_LINES } from './data.ts';
import { openBench } from './harness.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

const bench = await openBench();
let report = { customerId: 0, facilityId: 0, year: 0 };
// The suite's data set at its smallest: a few ordinary rows beside the report facility's lines.
await bench.seed(`${REPORT_LINES} inventory lines × 5 components (bench/data.ts)`, runs, async () => {
  const client = (bench.database.db as unknown as { $client: RawClient }).$client;
  ({ report } = await loadDataSet(client, 0.0001));
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
        customer_id: report.customerId,
        facility_id: report.facilityId,
        year: report.year,
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
