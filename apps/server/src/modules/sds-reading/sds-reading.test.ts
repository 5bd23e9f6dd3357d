import { SDS_READ_MSG, type SdsReadResult, UPLOAD_MSG } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { line, type PlacedText, placedPdf, row, scannedPdf } from '../../../test/sds-pdfs.ts';
import { multipartBody } from '../../../test/uploads.ts';
import { auditLog, files } from '../../db/schema/index.ts';
import { stopSdsReadingWorker } from './reader/index.ts';

/**
 * Issue 35: `POST /sds/read` over SDSs drawn here (so the tests run anywhere), one hard case of
 * the issue each: two composition tables, a name wrapped around its CAS row, `*` for a
 * percentage, a `>=`/`<` range, a decimal comma, CAS tables in sections 8 and 15, a scan.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await stopSdsReadingWorker();
  await ctx.close();
});

function read(content: Buffer, role: 'admin' | 'staff' | 'technician' = 'staff', filename = 'sds.pdf') {
  const { payload, contentType } = multipartBody([{ filename, content }]);
  return ctx.call(role, {
    method: 'POST',
    url: '/sds/read',
    headers: { 'content-type': contentType },
    payload,
  });
}

async function readOk(pages: PlacedText[][]): Promise<SdsReadResult> {
  const res = await read(await placedPdf(pages));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { resource: SdsReadResult }).resource;
}

/** Columns of the drawn tables: name, CAS, concentration. */
const NAME = 50;
const CAS = 260;
const CONC = 380;

const SECTION_9 = [
  ...line(500, 'SECTION 9. PHYSICAL AND CHEMICAL PROPERTIES'),
  ...row(520, [
    [NAME, 'Physical state'],
    [200, ': liquid'],
  ]),
  ...row(535, [
    [NAME, 'Relative density'],
    [200, ': 1,05 (20 °C)'],
  ]),
  ...line(560, 'SECTION 10. STABILITY AND REACTIVITY'),
];

describe('POST /sds/read', () => {
  it('proposes each row of two composition tables once, with its page and printed text', async () => {
    const result = await readOk([
      [
        ...line(60, 'SECTION 1. IDENTIFICATION'),
        ...line(80, 'Product name: Bath Cleaner'),
        ...line(120, 'SECTION 3. COMPOSITION/INFORMATION ON INGREDIENTS'),
        ...line(140, 'According to the 2012 OSHA Hazard Communication Standard'),
        ...row(160, [
          [NAME, 'Chemical name'],
          [CAS, 'CAS-No.'],
          [CONC, 'Weight %'],
        ]),
        ...row(175, [
          [NAME, 'Ethanol'],
          [CAS, '64-17-5'],
          [CONC, '>= 25.0 - < 50.0%'],
        ]),
        ...row(190, [
          [NAME, 'Sodium hydroxide'],
          [CAS, '0001310-73-2'],
          [CONC, '<= 5'],
        ]),
        ...line(215, 'According to the 1994 OSHA Hazard Communication Standard'),
        ...row(235, [
          [NAME, 'Chemical name'],
          [CAS, 'CAS-No.'],
          [CONC, 'Weight %'],
        ]),
        ...row(250, [
          [NAME, 'Ethanol'],
          [CAS, '64-17-5'],
          [CONC, '>= 25.0 - < 50.0%'],
        ]),
        ...row(265, [
          [NAME, 'Sodium hydroxide'],
          [CAS, '1310-73-2'],
          [CONC, '<= 5'],
        ]),
        ...line(290, 'Non-hazardous components'),
        ...row(305, [
          [NAME, 'Chemical name'],
          [CAS, 'CAS-No.'],
          [CONC, 'Weight %'],
        ]),
        ...row(320, [
          [NAME, 'Water'],
          [CAS, '7732-18-5'],
          [CONC, '>95'],
        ]),
        ...line(350, 'SECTION 4. FIRST-AID MEASURES'),
        ...SECTION_9,
      ],
    ]);
    expect(result).toEqual({
      scanned: false,
      components: [
        {
          name: 'Ethanol',
          number: '64-17-5',
          percentage_weight_low: 25,
          percentage_weight_high: 50,
          basis: 'weight',
          page: 1,
          source_text: 'Ethanol 64-17-5 >= 25.0 - < 50.0%',
          warnings: [],
        },
        {
          name: 'Sodium hydroxide',
          number: '1310-73-2',
          percentage_weight_low: null,
          percentage_weight_high: 5,
          basis: 'weight',
          page: 1,
          source_text: 'Sodium hydroxide 0001310-73-2 <= 5',
          warnings: [],
        },
        {
          name: 'Water',
          number: '7732-18-5',
          percentage_weight_low: 95,
          percentage_weight_high: null,
          basis: 'weight',
          page: 1,
          source_text: 'Water 7732-18-5 >95',
          warnings: [],
        },
      ],
      specific_gravity: { value: 1.05, low: 1.05, high: 1.05, printed: '1,05', page: 1 },
      physical_state: 'liquid',
      warnings: [],
    });
  });

  it('joins a name wrapped around its CAS row, reads `*` and a decimal comma, keeps a withheld identity and a failing check digit', async () => {
    const result = await readOk([
      [
        ...line(60, 'Section 3: Composition/Information on Ingredients'),
        ...row(90, [
          [NAME, 'Component'],
          [CAS, 'CAS number'],
          [CONC, 'Concentration (% w/w)'],
        ]),
        ...row(108, [[NAME, '4-hydroxy-2,5-dimethyl-3(2H)-']]),
        ...row(112, [
          [CAS, '3658-77-3'],
          [CONC, '0,5'],
        ]),
        ...row(116, [[NAME, 'furanone']]),
        ...row(135, [
          [NAME, 'Fragrance'],
          [CAS, 'Trade secret'],
          [CONC, '*'],
        ]),
        ...row(150, [
          [NAME, 'Limonene'],
          [CAS, '5989-27-6'],
          [CONC, '1 - 5'],
        ]),
        ...line(175, '* The exact percentage is withheld as a trade secret.'),
        ...line(200, 'Section 4: First-aid measures'),
        ...SECTION_9,
      ],
    ]);
    expect(result.components).toEqual([
      {
        name: '4-hydroxy-2,5-dimethyl-3(2H)- furanone',
        number: '3658-77-3',
        percentage_weight_low: 0.5,
        percentage_weight_high: 0.5,
        basis: 'weight',
        page: 1,
        source_text: '4-hydroxy-2,5-dimethyl-3(2H)-\n3658-77-3 0,5\nfuranone',
        warnings: [],
      },
      {
        name: 'Fragrance',
        number: null,
        percentage_weight_low: null,
        percentage_weight_high: null,
        basis: 'weight',
        page: 1,
        source_text: 'Fragrance Trade secret *',
        warnings: [SDS_READ_MSG.casWithheld],
      },
      {
        name: 'Limonene',
        number: '5989-27-6',
        percentage_weight_low: 1,
        percentage_weight_high: 5,
        basis: 'weight',
        page: 1,
        source_text: 'Limonene 5989-27-6 1 - 5',
        warnings: [SDS_READ_MSG.casCheckDigit('5989-27-6')],
      },
    ]);
  });

  it('never proposes the CAS numbers of sections 8 and 15', async () => {
    const result = await readOk([
      [
        ...line(60, '3. Composition / Information on Ingredients'),
        ...row(90, [
          [NAME, 'Chemical name'],
          [CAS, 'CAS No.'],
          [CONC, '%'],
        ]),
        ...row(105, [
          [NAME, 'Phosphoric acid'],
          [CAS, '7664-38-2'],
          [CONC, '2.5 - 10'],
        ]),
        ...line(130, '4. First-Aid Measures'),
        ...line(160, '8. Exposure Controls/Personal Protection'),
        ...row(180, [
          [NAME, 'Component'],
          [CAS, 'CAS No.'],
          [CONC, 'OSHA PEL (%)'],
        ]),
        ...row(195, [
          [NAME, 'Sulfuric acid'],
          [CAS, '7664-93-9'],
          [CONC, '1 mg/m3'],
        ]),
        ...line(400, '9. Physical and Chemical Properties'),
        ...row(420, [
          [NAME, 'Appearance'],
          [200, 'White powder'],
        ]),
        ...row(435, [
          [NAME, 'Density'],
          [200, '911 kg/m³'],
        ]),
      ],
      [
        ...line(60, '15. Regulatory Information'),
        ...row(90, [
          [NAME, 'Component'],
          [CAS, 'CAS No.'],
          [CONC, 'Weight %'],
        ]),
        ...row(105, [
          [NAME, 'Methanol'],
          [CAS, '67-56-1'],
          [CONC, '0.1'],
        ]),
      ],
    ]);
    expect(result.components.map((component) => component.number)).toEqual(['7664-38-2']);
    expect(result.components[0]?.basis).toBeNull();
    expect(result.specific_gravity).toEqual({
      value: 0.911,
      low: 0.911,
      high: 0.911,
      printed: '911 kg/m³',
      page: 1,
    });
    expect(result.physical_state).toBe('solid');
  });

  it('says a scan is one, with no components, and writes nothing', async () => {
    const before = await ctx.database.db.select().from(auditLog);
    const res = await read(await scannedPdf());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      resource: {
        scanned: true,
        components: [],
        specific_gravity: null,
        physical_state: null,
        warnings: [SDS_READ_MSG.scanned],
      },
    });
    expect(await ctx.database.db.select().from(auditLog)).toEqual(before);
    expect(await ctx.database.db.select().from(files)).toEqual([]);
  });

  it('says when no section 3 is found', async () => {
    const result = await readOk([[...line(60, 'This is a letter, not a safety data sheet.')]]);
    expect(result).toEqual({
      scanned: false,
      components: [],
      specific_gravity: null,
      physical_state: null,
      warnings: [SDS_READ_MSG.noSection3],
    });
  });

  it('answers admins too, and refuses technicians with 403', async () => {
    const pdf = await placedPdf([[...line(60, 'Nothing')]]);
    expect((await read(pdf, 'admin')).statusCode).toBe(200);
    const res = await read(pdf, 'technician');
    expect(res.statusCode).toBe(403);
  });

  it('refuses a file that is no PDF with 415', async () => {
    const res = await read(Buffer.from('PK\u0003\u0004 not a pdf at all'), 'staff', 'sds.pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UPLOAD_MSG.pdfOnly, errors: { file: [UPLOAD_MSG.pdfOnly] } });
  });

  it('asks for the file with 422 when none is sent', async () => {
    const { payload, contentType } = multipartBody([{ field: 'note', value: 'no file' }]);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/sds/read',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: UPLOAD_MSG.fileRequired,
      errors: { file: [UPLOAD_MSG.fileRequired] },
    });
  });

  it('answers a PDF that cannot be read with 422', async () => {
    const res = await read(Buffer.from('%PDF-1.7\nthis is no PDF body at all\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: SDS_READ_MSG.unreadable,
      errors: { file: [SDS_READ_MSG.unreadable] },
    });
  });

  it('refuses a file over the upload size with 413', async () => {
    const small = await createTestContext({ uploadMaxBytes: 4096 });
    try {
      const { payload, contentType } = multipartBody([
        {
          filename: 'big.pdf',
          content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8192, 0x20)]),
        },
      ]);
      const res = await small.call('staff', {
        method: 'POST',
        url: '/sds/read',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: UPLOAD_MSG.tooLarge(4096),
        errors: { file: [UPLOAD_MSG.tooLarge(4096)] },
      });
    } finally {
      await small.close();
    }
  });
});
