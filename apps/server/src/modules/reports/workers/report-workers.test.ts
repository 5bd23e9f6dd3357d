import {
  compliance,
  DEFAULT_REPORT_SETTINGS,
  REPORT_MSG,
  REPORT_TYPES,
  type ReportDocument,
  type ReportPreviewDocument,
  type ReportPreviewResponse,
  ReportPreviewResponseSchema,
  type ReportType,
  reportPreviewDocument,
} from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helper.ts';
import { pdfTextOf, pdfWithoutStamps, uploadedList, workbookOf } from '../../../../test/report-files.ts';
import { regulatoryEntries } from '../../../db/schema/index.ts';
import { AVAILABILITY_MSG } from '../../../plugins/availability.ts';
import { create } from '../../../seed/factories.ts';
import { drawReportDocument, drawReportFile, type ReportInputs } from '../documents/draw.ts';
import { type PreviewPart, previewPartAnswer } from '../documents/preview-parts.ts';
import { loadReportInputs } from '../report-job.ts';
import { reportsService } from '../reports.service.ts';
import {
  type ReportLines,
  ReportWorkerError,
  type ReportWorkerOptions,
  ReportWorkers,
  ReportWorkersBusyError,
} from './index.ts';

/**
 * Reports drawn in worker threads (issue 24, decision 016): the worker's document and files are
 * the in-process ones (the PDF byte for byte but its creation date and id, the XLSX cell for
 * cell), a full queue is refused, and a worker that fails answers a clear 503, not a crash or a hang.
 */

/** A pool of its own for one case, closed whatever the case does. */
async function withPool(options: ReportWorkerOptions, use: (pool: ReportWorkers) => Promise<void>) {
  const pool = new ReportWorkers(options);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

let ctx: TestContext;
const request = { customer_id: 0, facility_id: 0, year: 2025, ...DEFAULT_REPORT_SETTINGS };
const GENERATED_AT = new Date('2026-11-26T10:00:00Z');
const workers = new ReportWorkers({ size: 1 });

beforeAll(async () => {
  // The app's own report workers get a heap far too small for the engine (the HTTP case below);
  // the other cases start pools of their own.
  ctx = await createTestContext({ reportWorkerHeapMb: 1 });
  const inventory = await create.inventory(ctx, { year: 2025 });
  request.customer_id = inventory.customerId;
  request.facility_id = inventory.facilityId;
  const chlorine = await create.productWithComponents(
    ctx,
    'Chlorine Tablets',
    { physical_state: 'solid', pounds_per_gallon: '', specific_gravity: '' },
    [
      { name: 'Chlorine', number: '7782-50-5', percentage_weight: '95' },
      { name: 'Water', number: '7732-18-5', percentage_weight: '5' },
    ],
  );
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  for (const [size, count, where] of [
    ['50', '20', 'SHED'],
    ['100', '3', 'Łódź yard ≥ 2'],
  ] as const) {
    await create.inventoryProduct(ctx, inventory.id, {
      product_id: chlorine,
      container_id: bag,
      container_unit_id: pound,
      container_size: size,
      container_quantity: count,
      location_stored: where,
    });
  }
  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values({
    listType: 'ehs',
    databaseEntryId: ehs,
    chemicalName: 'Chlorine',
    casNumber: '7782-50-5',
    thresholdQuantityLbs: '100',
    finalReportableQuantityLb: '10',
  });
});

afterAll(async () => {
  await workers.close();
  await ctx?.close();
});

async function inputsOf(type: ReportType): Promise<ReportInputs> {
  const inputs = await loadReportInputs(ctx.database.db, { ...request, type });
  return { ...inputs, generatedAt: GENERATED_AT };
}

const FIRST: PreviewPart = { part: 'first', version: 'v1' };

/** The first answer of a preview drawn in process, as JSON text. */
function firstBody(document: ReportDocument): string {
  const answer = previewPartAnswer(document, FIRST);
  if (!answer.ok) throw new Error(answer.message);
  return answer.body;
}

/** A pool's first answer of a preview, as JSON text. */
async function firstOf(pool: ReportWorkers, inputs: ReportInputs, lines?: ReportLines): Promise<string> {
  const answer = await pool.preview(inputs, FIRST, lines);
  if (!answer.ok) throw new Error(answer.message);
  return answer.body;
}

/** A preview's answer as the client reads it: its document. */
function answerOf(body: string): ReportPreviewDocument {
  return (JSON.parse(body) as ReportPreviewResponse).resource;
}

async function cellsOf(bytes: Uint8Array): Promise<string[]> {
  const book = await workbookOf(Buffer.from(bytes));
  const cells: string[] = [];
  book.eachSheet((sheet) => {
    sheet.eachRow((row, n) => {
      row.eachCell({ includeEmpty: true }, (cell) => {
        cells.push(
          `${sheet.name}!${cell.address} ${n} ${JSON.stringify(cell.value)} ${cell.numFmt ?? ''} ${JSON.stringify(cell.fill ?? null)} ${JSON.stringify(cell.font ?? null)}`,
        );
      });
    });
  });
  return cells;
}

describe('report workers', () => {
  it('draw the same document and files as the calling thread', async () => {
    const inputs = await inputsOf('epcra_302');
    const inProcess = drawReportDocument(inputs);
    const fromWorker = answerOf(await firstOf(workers, inputs));
    expect(fromWorker).toEqual(answerOf(firstBody(inProcess)));
    // The text the route sends is the answer its schema would have written.
    expect(fromWorker).toEqual(
      answerOf(
        JSON.stringify(
          ReportPreviewResponseSchema.parse({ resource: reportPreviewDocument(inProcess, FIRST.version) }),
        ),
      ),
    );
    expect(fromWorker.tables[0]?.rows.map((row) => [row.cells.cas_number, row.reported])).toEqual([
      ['7782-50-5', true],
    ]);

    const pdf = await workers.file(inputs, 'pdf');
    const pdfHere = await drawReportFile(inProcess, 'pdf');
    expect(pdf.bytes.byteLength).toBe(pdfHere.byteLength);
    expect(pdfWithoutStamps(pdf.bytes)).toBe(pdfWithoutStamps(pdfHere));
    const text = (await pdfTextOf(pdf.bytes)).text;
    // 50 lb × 20 × 95% = 950 lb, 100 lb × 3 × 95% = 285 lb: 1,235 lb of chlorine, over its TPQ.
    expect(text).toContain('1,235.00 lb ≥ TPQ 100 lb');
    expect(text).toContain('at ŁÓDŹ YARD ≥ 2, solid, Bag 100 Pound (lb) × 3: 300.00 lb × 95% = 285.00 lb');
    expect(pdf.summary).toEqual({
      customerName: inProcess.customer.name,
      facilityName: inProcess.facility.name,
      year: 2025,
      rows: inProcess.tables.reduce((sum, table) => sum + table.rows.length, 0),
      warnings: inProcess.warnings.length,
      // 1,235 lb ≥ TPQ 100 lb: the facility must notify (issue 36's summary reads this).
      coverage: 'covered',
    });

    const xlsx = await workers.file(inputs, 'xlsx');
    const xlsxHere = await drawReportFile(inProcess, 'xlsx');
    const cells = await cellsOf(xlsx.bytes);
    expect(cells).toEqual(await cellsOf(xlsxHere));
    expect(cells.filter((cell) => cell.includes(' 1235 '))).toEqual([
      `Extremely hazardous substances!E2 2 1235 #,##0.00 ${JSON.stringify({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF4CC' } })} ${JSON.stringify({ color: { theme: 1 }, family: 2, scheme: 'minor', size: 11, name: 'Calibri' })}`,
    ]);
  });

  it('keep the reference lists in the worker, and take new ones when the lists change', async () => {
    const inputs = await inputsOf('epcra_302');
    const chlorineOf = (body: string) =>
      answerOf(body).tables[0]?.rows.map((row) => [row.cells.tpq_applied_lb, row.reported]);
    await withPool({ size: 1 }, async (pool) => {
      expect(await firstOf(pool, inputs)).toBe(firstBody(drawReportDocument(inputs)));
      expect(pool.entriesSent).toBe(1);
      // The lists unchanged (the same array from referenceEntriesInUse): the worker's own are used.
      const tier2 = await inputsOf('epcra_311_312_tier2');
      expect(tier2.lists.entries).toBe(inputs.lists.entries);
      expect(await firstOf(pool, tier2)).toBe(firstBody(drawReportDocument(tier2)));
      expect(await firstOf(pool, inputs)).toBe(firstBody(drawReportDocument(inputs)));
      expect(pool.entriesSent).toBe(1);

      // New lists (another array): sent, and they replace the worker's. By hand: 1,235 lb of
      // chlorine (above) ≥ its TPQ of 100 lb (rules §EHS table, 7782-50-5) is reported; with the
      // TPQ raised to 10,000 lb, 1,235 < 10,000 is not.
      const raised: ReportInputs = {
        ...inputs,
        lists: {
          ...inputs.lists,
          entries: inputs.lists.entries.map((entry) =>
            entry.cas_number === '7782-50-5' ? { ...entry, threshold_quantity_lbs: 10_000 } : entry,
          ),
        },
      };
      const answer = await firstOf(pool, raised);
      expect(answer).toBe(firstBody(drawReportDocument(raised)));
      expect(chlorineOf(answer)).toEqual([[10_000, false]]);
      expect(pool.entriesSent).toBe(2);
      expect(chlorineOf(await firstOf(pool, raised))).toEqual([[10_000, false]]);
      expect(pool.entriesSent).toBe(2);
      // And back: the old array is another one than the worker holds now.
      expect(chlorineOf(await firstOf(pool, inputs))).toEqual([[100, true]]);
      expect(pool.entriesSent).toBe(3);
      expect(pool.workerCount).toBe(1);
    });
  });

  it("keep a facility-year's lines, within their bounds, and draw every report from them as from the lines sent", async () => {
    const full = await inputsOf('epcra_302');
    const bare = (inputs: ReportInputs): ReportInputs => ({
      ...inputs,
      snapshot: { ...inputs.snapshot, lines: [] },
    });
    let loads = 0;
    const linesOf = (key: string) => ({
      key,
      load: async () => {
        loads++;
        return full.snapshot.lines;
      },
    });
    await withPool({ size: 1, lineSets: 2 }, async (pool) => {
      // Every type, twice: the second from the kept lines, engine work and report (all frozen).
      for (const type of REPORT_TYPES.filter(compliance.isReportAvailable)) {
        const inputs = await inputsOf(type);
        const expected = firstBody(drawReportDocument(inputs));
        expect(await firstOf(pool, bare(inputs), linesOf('a'))).toBe(expected);
        expect(await firstOf(pool, bare(inputs), linesOf('a'))).toBe(expected);
      }
      expect([loads, pool.linesSent]).toEqual([1, 1]);
      // A kept report answers with the new generation time.
      const later = { ...bare(full), generatedAt: new Date('2026-11-26T11:00:00Z') };
      expect(answerOf(await firstOf(pool, later, linesOf('a'))).generated_at).toBe(
        '2026-11-26T11:00:00.000Z',
      );
      // Files drawn from the kept report: the in-process bytes, but pdfkit's stamps.
      const pdf = await pool.file(bare(full), 'pdf', linesOf('a'));
      expect(pdfWithoutStamps(pdf.bytes)).toBe(
        pdfWithoutStamps(await drawReportFile(drawReportDocument(full), 'pdf')),
      );
      expect(await cellsOf((await pool.file(bare(full), 'xlsx', linesOf('a'))).bytes)).toEqual(
        await cellsOf(await drawReportFile(drawReportDocument(full), 'xlsx')),
      );
      expect(loads).toBe(1);

      // Two sets at most: c makes the worker forget a, the least recently used.
      const expected = firstBody(drawReportDocument(full));
      expect(await firstOf(pool, bare(full), linesOf('b'))).toBe(expected);
      expect(await firstOf(pool, bare(full), linesOf('c'))).toBe(expected);
      expect(await firstOf(pool, bare(full), linesOf('b'))).toBe(expected);
      expect(loads).toBe(3);
      expect(await firstOf(pool, bare(full), linesOf('a'))).toBe(expected);
      expect([loads, pool.linesSent]).toEqual([4, 4]);
      // a took c's place; b is still kept.
      expect(await firstOf(pool, bare(full), linesOf('b'))).toBe(expected);
      expect(loads).toBe(4);

      // A job that could not be posted: this side no longer knows what the worker keeps, so the
      // worker forgets every set with the next job, and the lines are read and sent again.
      const broken = { ...bare(full), options: Object.assign({ ...full.options }, { unclonable: () => 1 }) };
      await expect(firstOf(pool, broken, linesOf('b'))).rejects.toBeInstanceOf(ReportWorkerError);
      expect(await firstOf(pool, bare(full), linesOf('b'))).toBe(expected);
      expect(await firstOf(pool, bare(full), linesOf('a'))).toBe(expected);
      expect([loads, pool.linesSent]).toEqual([6, 6]);
    });
    // 14 types drawn twice, two files, by a worker started from source: slow on a loaded machine.
  }, 120_000);

  it('draw a line set larger than their bound from the lines sent, and keep none of it', async () => {
    const full = await inputsOf('epcra_302');
    const lines = { key: 'a', load: async () => full.snapshot.lines };
    await withPool({ size: 1, lineSetLines: 1 }, async (pool) => {
      const expected = firstBody(drawReportDocument(full));
      const bare = { ...full, snapshot: { ...full.snapshot, lines: [] } };
      expect(await firstOf(pool, bare, lines)).toBe(expected);
      expect(await firstOf(pool, bare, lines)).toBe(expected);
      expect(pool.linesSent).toBe(2);
    });
  });

  it('answer a job whose lines could not be read with that error, and draw the next', async () => {
    const full = await inputsOf('epcra_302');
    await withPool({ size: 1 }, async (pool) => {
      const failing = { key: 'x', load: () => Promise.reject(new Error('the database went away')) };
      await expect(
        firstOf(pool, { ...full, snapshot: { ...full.snapshot, lines: [] } }, failing),
      ).rejects.toThrow('the database went away');
      expect(await firstOf(pool, full)).toBe(firstBody(drawReportDocument(full)));
    });
  });

  it('send the lists again after a job that could not be posted', async () => {
    const inputs = await inputsOf('epcra_302');
    await withPool({ size: 1 }, async (pool) => {
      await firstOf(pool, inputs);
      // A function does not clone: the job fails alone, and this side no longer vouches for what
      // the worker holds.
      const broken = { ...inputs, options: Object.assign({ ...inputs.options }, { unclonable: () => 1 }) };
      await expect(firstOf(pool, broken)).rejects.toBeInstanceOf(ReportWorkerError);
      expect(await firstOf(pool, inputs)).toBe(firstBody(drawReportDocument(inputs)));
      expect(pool.entriesSent).toBe(2);
    });
  });

  it('refuse a job past the queue, and draw the ones they took', async () => {
    const inputs = await inputsOf('inventory_index_numeric');
    await withPool({ size: 1, queue: 1 }, async (small) => {
      const first = firstOf(small, inputs);
      const second = firstOf(small, inputs);
      await expect(firstOf(small, inputs)).rejects.toBeInstanceOf(ReportWorkersBusyError);
      const expected = firstBody(drawReportDocument(inputs));
      expect(await first).toBe(expected);
      expect(await second).toBe(expected);
    });
  });

  it('drop an aborted job from the queue, stop the worker drawing one, and draw the job that may wait past the queue', async () => {
    const inputs = await inputsOf('inventory_index_numeric');
    await withPool({ size: 1, queue: 1 }, async (pool) => {
      const refused = new AbortController();
      refused.abort(new Error('cancelled before it started'));
      await expect(pool.file(inputs, 'pdf', undefined, { signal: refused.signal })).rejects.toThrow(
        'cancelled before it started',
      );
      // No lines to read: the first job is posted to the worker at once; the second waits in the queue.
      const drawing = new AbortController();
      const first = pool.file(inputs, 'pdf', undefined, { signal: drawing.signal });
      const waiting = new AbortController();
      const second = pool.file(inputs, 'pdf', undefined, { signal: waiting.signal });
      await expect(pool.file(inputs, 'pdf')).rejects.toBeInstanceOf(ReportWorkersBusyError);
      // The next facility of a run that has started waits past the queue's limit.
      const third = pool.file(inputs, 'pdf', undefined, { mayWait: true });
      waiting.abort(new Error('not wanted any more'));
      await expect(second).rejects.toThrow('not wanted any more');
      drawing.abort(new Error('cancelled while drawn'));
      await expect(first).rejects.toThrow('cancelled while drawn');
      // The stopped worker's place is taken by a new one, which draws the job left.
      const { bytes, summary } = await third;
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(summary.coverage).toBeNull();
      expect(pool.workerCount).toBe(1);
    });
  });

  it('free the worker of a job aborted while its lines are read, and ignore the lines that come late', async () => {
    const full = await inputsOf('epcra_302');
    const bare = { ...full, snapshot: { ...full.snapshot, lines: [] } };
    await withPool({ size: 1 }, async (pool) => {
      let release: (rows: readonly compliance.SnapshotLine[]) => void = () => {};
      const slow = {
        key: 'slow',
        load: () =>
          new Promise<readonly compliance.SnapshotLine[]>((resolve) => {
            release = resolve;
          }),
      };
      const controller = new AbortController();
      const job = pool.file(bare, 'pdf', slow, { signal: controller.signal });
      controller.abort(new Error('the client went away'));
      await expect(job).rejects.toThrow('the client went away');
      const expected = firstBody(drawReportDocument(full));
      expect(await firstOf(pool, full)).toBe(expected);
      release(full.snapshot.lines);
      expect(await firstOf(pool, full)).toBe(expected);
      expect(pool.linesSent).toBe(0);
    });
  });

  it('stop a worker left idle, and start a new one for the next report', async () => {
    const inputs = await inputsOf('epcra_302');
    await withPool({ size: 1, idleMs: 50 }, async (pool) => {
      const expected = firstBody(drawReportDocument(inputs));
      expect(await firstOf(pool, inputs)).toBe(expected);
      expect(pool.workerCount).toBe(1);
      // Idle past its limit, the worker is stopped and its memory returned.
      await expect.poll(() => pool.workerCount, { timeout: 10_000 }).toBe(0);
      expect(await firstOf(pool, inputs)).toBe(expected);
      expect(pool.workerCount).toBe(1);
    });
  });

  it('start one worker when warmed (the Reports screen opened), which draws the next report, and stop it left idle', async () => {
    const inputs = await inputsOf('epcra_302');
    await withPool({ size: 2, idleMs: 1_000 }, async (pool) => {
      pool.warm();
      pool.warm();
      expect(pool.workerCount).toBe(1);
      expect(await firstOf(pool, inputs)).toBe(firstBody(drawReportDocument(inputs)));
      expect(pool.workerCount).toBe(1);
      await expect.poll(() => pool.workerCount, { timeout: 10_000 }).toBe(0);
      // Warmed and never used, it is stopped all the same.
      pool.warm();
      expect(pool.workerCount).toBe(1);
      await expect.poll(() => pool.workerCount, { timeout: 10_000 }).toBe(0);
    });
  });

  it('answer a worker that fails with a clear error, and keep serving', async () => {
    const inputs = await inputsOf('epcra_302');
    // A heap far too small for the engine: the worker runs out of memory (ERR_WORKER_OUT_OF_MEMORY).
    await withPool({ size: 1, maxHeapMb: 1 }, async (starved) => {
      await expect(firstOf(starved, inputs)).rejects.toBeInstanceOf(ReportWorkerError);
      // The next job gets a new worker, and the same clear failure rather than a hang.
      await expect(starved.file(inputs, 'pdf')).rejects.toBeInstanceOf(ReportWorkerError);
      // Through the service: a 503 with the report's message and Retry-After, never a 500.
      const refused = await reportsService
        .preview(ctx.database.db, { ...request, type: 'epcra_302' }, starved)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toMatchObject({
        statusCode: 503,
        message: REPORT_MSG.notDrawn,
        headers: { 'Retry-After': '5' },
      });
    });
  });

  it('over HTTP: a starved worker answers 503 with the message, and the server goes on', async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/report/generate',
      payload: { ...request, type: 'epcra_302', format: 'pdf' },
    });
    expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([
      503,
      { message: REPORT_MSG.notDrawn },
      '5',
    ]);
    expect(REPORT_MSG.notDrawn).not.toBe(AVAILABILITY_MSG.overloaded);
    const preview = await ctx.call('admin', {
      method: 'POST',
      url: '/report/preview',
      payload: { ...request, type: 'epcra_302' },
    });
    expect([preview.statusCode, preview.json()]).toEqual([503, { message: REPORT_MSG.notDrawn }]);
    const list = await ctx.call('admin', { method: 'GET', url: '/report/list' });
    expect(list.statusCode).toBe(200);
  });
});
