import { parentPort } from 'node:worker_threads';
import type { compliance } from '@chemtrack/domain';
import {
  drawReportDocument,
  drawReportFile,
  fileSummary,
  previewBody,
  type ReportInputs,
} from './documents/draw.ts';
import type { FromReportWorker, ToReportWorker } from './report-workers.ts';

/**
 * The report worker (issue 24): runs the engine, the layout and the PDF/XLSX writer for one job at
 * a time, off the server's event loop. A preview posts its answer back as JSON text; a file posts its bytes
 * (transferred, not copied) with what the service names the file and audits it by.
 */

if (!parentPort) throw new Error('report-worker.ts runs in a worker thread');
const port = parentPort;

/**
 * The reference entries of the last job that brought them: the pool sends them again only when
 * the lists changed (or another database's report comes), so most jobs arrive without them.
 * Frozen as the main thread's are: every report that follows shares them.
 */
let entries: compliance.ReferenceLists['entries'] | undefined;

function freezeEntries(received: compliance.ReferenceLists['entries']) {
  for (const entry of received) Object.freeze(entry);
  return Object.freeze(received);
}

port.on('message', async (job: ToReportWorker) => {
  let answer: FromReportWorker;
  let transfer: ArrayBuffer[] = [];
  try {
    if (job.entries) entries = freezeEntries(job.entries);
    if (!entries) throw new Error('the report worker was sent no reference lists');
    const inputs: ReportInputs = { ...job.inputs, lists: { ...job.inputs.lists, entries } };
    const document = drawReportDocument(inputs);
    if (job.kind === 'preview')
      answer = { id: job.id, ok: true, kind: 'preview', body: previewBody(document) };
    else {
      const bytes = await drawReportFile(document, job.format);
      // A buffer from Node's pool shares its memory: copy out exactly the file to transfer it.
      const file = new Uint8Array(bytes.byteLength);
      file.set(bytes);
      transfer = [file.buffer];
      answer = { id: job.id, ok: true, kind: 'file', bytes: file, summary: fileSummary(document) };
    }
  } catch (error) {
    answer = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, transfer);
});
