import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SDS_READ_MSG, type SdsReadResult } from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import { readPdfText } from './reader/pdf-text.ts';
import { readSdsText } from './reader/read-sds.ts';

/**
 * Issue 35's hard cases on real SDSs of the development set, which is kept out of the repository:
 * SDS_DEV_DIR, or `<repo root>/../shared/data/sds-dev`. The root vitest.config.ts leaves this file
 * out where the folder is not (a clone elsewhere), so it never runs to register nothing. The reader runs on this thread
 * here; the endpoint's worker is covered by sds-reading.test.ts.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const DEV_DIR = process.env.SDS_DEV_DIR ?? path.join(REPO_ROOT, '../shared/data/sds-dev');

async function readDevFile(name: string): Promise<SdsReadResult> {
  const bytes = new Uint8Array(await fs.promises.readFile(path.join(DEV_DIR, name)));
  return readSdsText(await readPdfText(bytes));
}

/** Each component as number, low, high, basis. */
function rowsOf(result: SdsReadResult) {
  return result.components.map((component) => [
    component.number,
    component.percentage_weight_low,
    component.percentage_weight_high,
    component.basis,
  ]);
}

if (!fs.existsSync(path.join(DEV_DIR, 'truth.json'))) {
  throw new Error(`The SDS development set is not at ${DEV_DIR}: set SDS_DEV_DIR.`);
}

describe('SDS reading on the development set', () => {
  it('reads `>= 25.0 - < 50.0%` ranges in a CAS-first table, and does not repeat the section 15 row', async () => {
    const result = await readDevFile('basf__basf_50.pdf');
    expect(rowsOf(result)).toEqual([
      ['65997-17-3', 25, 50, 'weight'],
      ['7723-14-0', 5, 7, 'weight'],
      ['1333-86-4', 1, 3, 'weight'],
      ['1314-13-2', 0.3, 1, 'weight'],
    ]);
    expect(result.components[1]).toMatchObject({
      name: 'red phosphorus',
      page: 2,
      source_text: '7723-14-0 >= 5.0 - < 7.0% red phosphorus',
    });
    expect(result.specific_gravity).toMatchObject({ value: null, low: 1.3, high: 1.6 });
    expect(result.physical_state).toBe('solid');
  });

  it('joins a name wrapped around its CAS row, and reads a density printed with a thousands comma', async () => {
    const result = await readDevFile('givaudan__givaudan_8.pdf');
    expect(result.components.map((component) => [component.name, component.number])).toEqual([
      ['propane-1,2-diol', '57-55-6'],
      ['1,2,3-Propanetriol (= Glycerol)', '56-81-5'],
      ['4-hydroxy-2,5-dimethyl-3(2H)-furanone (= furonol)', '3658-77-3'],
    ]);
    expect(rowsOf(result)[2]).toEqual(['3658-77-3', 0.1, 1, null]);
    expect(result.specific_gravity).toMatchObject({ value: 1.06507, printed: '1,065.07 kg/m3' });
  });

  it('keeps withheld identities as rows without CAS and reads ≤ and < as open bounds', async () => {
    const result = await readDevFile('kerry__kerry_2.pdf');
    const proprietary = [null, null, null, null];
    expect(rowsOf(result)).toEqual([
      ['5989-27-5', 25, 50, null],
      ...Array.from({ length: 6 }, () => proprietary),
      ['127-91-3', null, 2, null],
      proprietary,
      ['105-87-3', null, 1, null],
    ]);
    expect(result.components[1]?.warnings).toEqual([SDS_READ_MSG.casWithheld]);
    expect(result.specific_gravity?.value).toBe(0.873);
  });

  it('reads `>95` and a row whose percentage is `-`', async () => {
    const result = await readDevFile('fisher__fisher_19.pdf');
    expect(rowsOf(result)).toEqual([
      ['5949-29-1', 95, null, 'weight'],
      ['77-92-9', null, null, 'weight'],
    ]);
    expect(result.specific_gravity?.value).toBe(1.54);
  });

  it('takes the basis from the footnote of an asterisked header, and kg/m³ divided by 1000', async () => {
    const result = await readDevFile('exxon_mobil__exxon_mobil_6.pdf');
    expect(rowsOf(result)).toEqual([['26896-20-8', 100, 100, 'weight']]);
    expect(result.specific_gravity?.value).toBe(0.911);
    expect(result.physical_state).toBe('liquid');
  });

  it('reads a substance whose CAS is a label and whose concentration is in a table below', async () => {
    const result = await readDevFile('sigma_aldrich__sigma_aldrich_25.pdf');
    expect(rowsOf(result)).toEqual([['408-35-5', null, 100, null]]);
    expect(result.specific_gravity).toBeNull();
  });

  it('never proposes the CAS numbers of sections 2, 8, 11 and 15', async () => {
    for (const file of ['iff__iff_5.pdf', 'takasago__takasago_7.pdf']) {
      const result = await readDevFile(file);
      expect(result.components, file).toEqual([]);
      expect(result.warnings, file).toEqual([SDS_READ_MSG.noComponents]);
    }
  });

  it('flags both scans, with no components', async () => {
    for (const file of ['firmenich__firmenich_5.pdf', 'pepsico_inc__pepsico_inc_16.pdf']) {
      expect(await readDevFile(file), file).toEqual({
        scanned: true,
        components: [],
        specific_gravity: null,
        physical_state: null,
        warnings: [SDS_READ_MSG.scanned],
      });
    }
  });
});
