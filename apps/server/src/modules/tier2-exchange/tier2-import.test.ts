import fs from 'node:fs';
import path from 'node:path';
import { TIER2_IMPORT_MSG } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/uploads.ts';

const SAMPLE = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/tier2/epcra_tier2_data.xml'));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function importFile(content: Buffer, fields: Record<string, string> = {}, query = '', role: 'admin' | 'staff' | 'technician' = 'staff') {
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
    { filename: 'tier2.t2s', contentType: 'application/octet-stream', content },
  ]);
  return ctx.call(role, { method: 'POST', url: `/tier2/import${query}`, headers: { 'content-type': contentType }, payload });
}

describe('probe', () => {
  it('dry run then import', async () => {
    const dry = await importFile(SAMPLE, {}, '?dry_run=1');
    console.log(dry.statusCode, JSON.stringify(dry.json(), null, 1).slice(0, 4000));
    const res = await importFile(SAMPLE);
    console.log(res.statusCode, JSON.stringify(res.json().resource?.written ?? res.json()));
    const written = res.json().resource.written;
    const pv = await ctx.call('admin', { method: 'POST', url: '/report/preview', payload: { type: 'epcra_311_312_tier2', customer_id: written.customer_id, facility_id: written.facility_ids[0], year: 2025, format: 'pdf' } });
    console.log(pv.statusCode, JSON.stringify(pv.json().resource?.tables?.map((t: any) => ({ title: t.title, rows: t.rows.map((r: any) => r.cells) })) ?? pv.json(), null, 1).slice(0, 5000));
    expect(TIER2_IMPORT_MSG).toBeDefined();
  });
});
