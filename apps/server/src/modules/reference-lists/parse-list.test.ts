import { REGULATORY_LIST_TYPES, type RegulatoryListType, UPLOAD_MSG } from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import {
  type Cell,
  csvRows,
  oversizedXlsx,
  toCsv,
  toXls,
  toXlsx,
  zipBombXlsx,
} from '../../../test/reference-files.ts';
import { readSeedList } from '../../seed/reference-lists/load.ts';
import { summarizeChanges } from './change-summary.ts';
import { ListParseError, PARSE_MSG, parseReferenceList } from './parse-list.ts';
import { readTables, type TableFormat, UNREADABLE } from './read-table.ts';

async function parse(bytes: Buffer, format: TableFormat, type: RegulatoryListType) {
  return parseReferenceList(await readTables(bytes, format), type);
}

async function parseRows(rows: Cell[][], type: RegulatoryListType) {
  return parse(toCsv(rows), 'csv', type);
}

/** The problems a file is refused with (or fails the test when it parses). */
async function problemsOf(read: () => Promise<unknown>): Promise<string[]> {
  try {
    await read();
  } catch (error) {
    if (error instanceof ListParseError) return error.problems;
    if (error instanceof Error) return [error.message];
  }
  throw new Error('the file was accepted');
}

describe('the shipped reference lists', () => {
  const EXPECTED_ROWS: Record<RegulatoryListType, number> = {
    '313': 541,
    cercla: 5,
    // 39 toxics of Table 1 and ten flammables of Table 3 (issue 23).
    rmp: 49,
    psm: 27,
    ehs: 3,
  };

  it.each(REGULATORY_LIST_TYPES)('list-%s.csv parses with every row and no warning', async (type) => {
    const parsed = await parse(readSeedList(type), 'csv', type);
    expect(parsed.entries).toHaveLength(EXPECTED_ROWS[type]);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads a 313 qualifier from the name (40 CFR 372.65), never a synonym in parentheses', async () => {
    const tri = (await parse(readSeedList('313'), 'csv', '313')).entries;
    const conditionOf = (cas: string) => tri.find((entry) => entry.cas_number === cas)?.condition;
    expect(conditionOf('7664-93-9')).toBe(
      'acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size',
    );
    expect(conditionOf('7647-01-0')).toBe(
      'acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size',
    );
    expect(conditionOf('7429-90-5')).toBe('fume or dust');
    expect(conditionOf('1332-21-4')).toBe('friable');
    expect(conditionOf('1344-28-1')).toBe('fibrous forms');
    expect(conditionOf('12185-10-3')).toBe('yellow or white');
    // "(HCFC-121a)" and "(mixed isomers)" are names, not qualifiers.
    expect(conditionOf('354-11-0')).toBe('');
    expect(conditionOf('1330-20-7')).toBe('');
    expect(tri.filter((entry) => entry.condition !== '').map((entry) => entry.condition)).toHaveLength(10);
  });

  it('keeps the awkward cases: category codes, one CAS with two conditions, no CAS, quoted commas', async () => {
    const tri = (await parse(readSeedList('313'), 'csv', '313')).entries;
    expect(tri.filter((entry) => entry.category !== '')).toHaveLength(33);
    expect(tri.find((entry) => entry.category === 'N230')).toMatchObject({
      chemical_name: 'Certain glycol ethers',
      cas_number: '',
    });
    expect(tri.find((entry) => entry.cas_number === '630-20-6')?.chemical_name).toBe(
      '1,1,1,2-Tetrachloroethane',
    );

    const rmp = (await parse(readSeedList('rmp'), 'csv', 'rmp')).entries;
    expect(rmp.filter((entry) => entry.cas_number === '7664-41-7')).toEqual([
      expect.objectContaining({
        condition: 'anhydrous',
        threshold_quantity_lbs: 10_000,
        min_concentration_pct: null,
      }),
      expect.objectContaining({
        condition: 'conc 20% or greater',
        threshold_quantity_lbs: 20_000,
        min_concentration_pct: 20,
        // Ammonium hydroxide counts under this listing for RMP (rules §8): the alias column.
        alias_cas_numbers: '1336-21-6',
        substance_kind: 'toxic',
      }),
    ]);
    expect(rmp.find((entry) => entry.cas_number === '7782-50-5')?.threshold_quantity_lbs).toBe(2_500);
    expect(rmp.find((entry) => entry.cas_number === '74-98-6')).toMatchObject({
      chemical_name: 'Propane',
      substance_kind: 'flammable',
      threshold_quantity_lbs: 10_000,
      alias_cas_numbers: '',
    });

    const psm = (await parse(readSeedList('psm'), 'csv', 'psm')).entries;
    expect(psm.find((entry) => entry.chemical_name === 'Alkylaluminum')).toMatchObject({
      cas_number: '',
      threshold_quantity_lbs: 5_000,
    });
    expect(psm.find((entry) => entry.cas_number === '7782-50-5')?.threshold_quantity_lbs).toBe(1_500);
    expect(
      psm.find((entry) => entry.chemical_name.startsWith('Ammonia solutions'))?.min_concentration_pct,
    ).toBe(44);

    const cercla = (await parse(readSeedList('cercla'), 'csv', 'cercla')).entries;
    expect(cercla.map((entry) => [entry.cas_number, entry.final_reportable_quantity_lb])).toEqual([
      ['7664-41-7', 100],
      ['1336-21-6', 1000],
      ['7782-50-5', 10],
      ['107-13-1', 100],
      ['67-66-3', 10],
    ]);
    const ehs = (await parse(readSeedList('ehs'), 'csv', 'ehs')).entries;
    expect(ehs.find((entry) => entry.cas_number === '7664-93-9')).toMatchObject({
      threshold_quantity_lbs: 1000,
      tpq_text: '1000',
    });
  });

  it.each(REGULATORY_LIST_TYPES)(
    'list-%s: the same rows written to .xlsx (exceljs) and .xls (SheetJS) parse to the same entries',
    async (type) => {
      const bytes = readSeedList(type);
      const rows = csvRows(bytes);
      const fromCsv = await parse(bytes, 'csv', type);
      const fromXlsx = await parse(await toXlsx(rows), 'xlsx', type);
      const fromXls = await parse(toXls(rows), 'xls', type);
      expect(fromXlsx.entries).toEqual(fromCsv.entries);
      // SheetJS's BIFF8 writer cuts a string at 255 characters (its limit; BIFF8 itself holds
      // 32,767), so the few longer PFAS names of the 313 list are compared on what it wrote.
      const asWritten = fromCsv.entries.map((entry) => ({
        ...entry,
        chemical_name: entry.chemical_name.slice(0, 255),
      }));
      expect(fromXls.entries).toEqual(asWritten);
    },
  );
});

describe('columns by header', () => {
  it.each([
    ['CAS #', 'Threshold Quantity (lbs)'],
    ['CAS Number', 'TPQ'],
    ['CAS/313 Category Code', 'Threshold Quantity'],
    ['cas_number', 'threshold_quantity_lbs'],
  ])('reads "%s" and "%s"', async (cas, threshold) => {
    const parsed = await parseRows(
      [
        ['Chemical Name', cas, threshold],
        ['Chlorine', '7782-50-5', '100'],
      ],
      'ehs',
    );
    expect(parsed.entries[0]).toMatchObject({
      chemical_name: 'Chlorine',
      cas_number: '7782-50-5',
      threshold_quantity_lbs: 100,
    });
  });

  it.each(['Final RQ (lb)', 'Reportable Quantity', 'final_reportable_quantity_lb', 'CERCLA RQ'])(
    'reads the CERCLA figure under "%s"',
    async (header) => {
      const parsed = await parseRows(
        [
          ['Name', 'CAS #', header],
          ['Ammonium hydroxide', '1336-21-6', '1,000'],
        ],
        'cercla',
      );
      expect(parsed.entries[0]?.final_reportable_quantity_lb).toBe(1000);
    },
  );

  it('reads thousands separators, dual TPQs, CAS numbers without dashes, category codes, and warns on a bad check digit', async () => {
    const parsed = await parseRows(
      [
        ['Chemical Name', 'CAS Number', 'TPQ', 'Note'],
        ['Sodium cyanide', '143339', '100', 'a'],
        ['Phenol', '108-95-2', '500/10,000', ''],
        ['Not a real one', '7664-41-8', '1,000', ''],
        ['Glycol ethers', 'N230', '10,000', ''],
        ['Something', 'Varies', '2,500.5', ''],
      ],
      'ehs',
    );
    expect(parsed.entries.map((entry) => entry.cas_number)).toEqual([
      '143-33-9',
      '108-95-2',
      '7664-41-8',
      '',
      '',
    ]);
    expect(parsed.entries[0]).toMatchObject({ note: 'a', threshold_quantity_lbs: 100 });
    expect(parsed.entries[1]).toMatchObject({
      threshold_quantity_lbs: 500,
      threshold_quantity_upper_lbs: 10_000,
      tpq_text: '500/10,000',
    });
    expect(parsed.entries[3]).toMatchObject({ category: 'N230', threshold_quantity_lbs: 10_000 });
    expect(parsed.entries[4]?.threshold_quantity_lbs).toBe(2500.5);
    expect(parsed.warnings).toEqual([
      'Row 4: CAS 7664-41-8 (Not a real one) fails the CAS check digit; the row is kept',
      'Row 6: "Varies" (Something) is not a CAS number; the row is kept without one',
    ]);
  });

  it('stores the fields the rules need where the file has them', async () => {
    const rmp = await parseRows(
      [
        ['Chemical Name', 'CAS #', 'Condition', 'Threshold Quantity', 'Toxic/Flammable'],
        ['Hydrochloric acid', '7647-01-0', 'conc 37% or greater', '15,000', 'Toxic'],
        ['Propane', '74-98-6', '', '10,000', 'Flammable'],
      ],
      'rmp',
    );
    expect(rmp.entries.map((entry) => [entry.substance_kind, entry.min_concentration_pct])).toEqual([
      ['toxic', 37],
      ['flammable', null],
    ]);
    const tri = await parseRows(
      [
        ['Chemical Name', 'CAS #', 'De Minimis (%)', 'PBT'],
        ['Benzene', '71-43-2', '0.1', ''],
        ['Lead', '7439-92-1', '', 'Yes'],
      ],
      '313',
    );
    expect(tri.entries.map((entry) => [entry.de_minimis_pct, entry.is_pbt])).toEqual([
      [0.1, false],
      [null, true],
    ]);
    const markers = await parseRows(
      [
        ['Chemical Name', 'CAS #', 'PFAS', 'Reporting threshold (lb)', 'Qualifier'],
        ['Perfluorooctanoic acid', '335-67-1', 'X', '100', ''],
        ['Mercury', '7439-97-6', '', '10', ''],
        ['Zinc', '7440-66-6', 'no', '', 'fume or dust'],
      ],
      '313',
    );
    expect(
      markers.entries.map((entry) => [entry.is_pfas, entry.threshold_quantity_lbs, entry.condition]),
    ).toEqual([
      [true, 100, ''],
      [false, 10, ''],
      [false, null, 'fume or dust'],
    ]);
    const psm = await parseRows(
      [
        ['Chemical Name', 'CAS #', 'Listed Concentration', 'TQ'],
        ['Hydrogen peroxide', '7722-84-1', '52% by weight or greater', '7,500'],
      ],
      'psm',
    );
    expect(psm.entries[0]?.min_concentration_pct).toBe(52);
  });
});

describe('the EPA Consolidated List of Lists layout', () => {
  const LIST_OF_LISTS: Cell[][] = [
    ['Consolidated List of Chemicals Subject to EPCRA, CERCLA and Section 112(r) of the Clean Air Act'],
    [],
    [
      'Chemical Name',
      'CAS/313 Category Codes',
      'Section 302 (EHS) TPQ',
      'Section 304 EHS RQ',
      'CERCLA RQ',
      'Section 313',
      'RCRA Code',
      'CAA 112(r) RMP TQ',
    ],
    ['Ammonia', '7664-41-7', '500', '100', '100', '313', '', '10,000'],
    ['Chlorine', '7782-50-5', '100', '10', '10', '313', '', '2,500'],
    ['Acetone', '67-64-1', '', '', '5,000', '', 'U002', ''],
    ['Phenol', '108-95-2', '500/10,000', '1,000', '1,000', '313', 'U188', ''],
    ['Glycol ethers', 'N230', '', '', '', '313', '', ''],
    ['Propane', '74-98-6', '', '', '', '', '', '10,000'],
  ];

  it.each([
    ['ehs', ['7664-41-7', '7782-50-5', '108-95-2']],
    ['cercla', ['7664-41-7', '7782-50-5', '67-64-1', '108-95-2']],
    ['313', ['7664-41-7', '7782-50-5', '108-95-2', 'N230']],
    ['rmp', ['7664-41-7', '7782-50-5', '74-98-6']],
  ] as const)('a file uploaded as %s takes the rows of that programme', async (type, identifiers) => {
    for (const bytes of [toCsv(LIST_OF_LISTS), await toXlsx(LIST_OF_LISTS)]) {
      const format = bytes[0] === 0x50 ? 'xlsx' : 'csv';
      const parsed = await parse(bytes, format, type);
      expect(parsed.entries.map((entry) => entry.cas_number || entry.category)).toEqual(identifiers);
    }
  });

  it('carries each programme figure into its field', async () => {
    const ehs = await parseRows(LIST_OF_LISTS, 'ehs');
    expect(ehs.entries[2]).toMatchObject({
      threshold_quantity_lbs: 500,
      threshold_quantity_upper_lbs: 10_000,
      tpq_text: '500/10,000',
      final_reportable_quantity_lb: 1000,
    });
    const cercla = await parseRows(LIST_OF_LISTS, 'cercla');
    expect(cercla.entries.map((entry) => entry.final_reportable_quantity_lb)).toEqual([100, 10, 5000, 1000]);
    const rmp = await parseRows(LIST_OF_LISTS, 'rmp');
    expect(rmp.entries.map((entry) => entry.threshold_quantity_lbs)).toEqual([10_000, 2_500, 10_000]);
  });

  it('has no PSM column (an OSHA list): a PSM upload of it is refused', async () => {
    expect(await problemsOf(() => parseRows(LIST_OF_LISTS, 'psm'))).toEqual([
      'The List of Lists layout has no column for the PSM list',
    ]);
  });
});

describe('files that are refused, each with its reason', () => {
  it.each([
    ['an empty file', toCsv([[]]), [PARSE_MSG.empty]],
    ['a file of headers only', toCsv([['Chemical Name', 'CAS #', 'TPQ']]), [PARSE_MSG.headersOnly]],
    [
      'a file without a CAS column',
      toCsv([
        ['Chemical Name', 'TPQ'],
        ['Chlorine', '100'],
      ]),
      [PARSE_MSG.noCasColumn],
    ],
    [
      'a file without a name column',
      toCsv([
        ['CAS #', 'TPQ'],
        ['7782-50-5', '100'],
      ]),
      [PARSE_MSG.noNameColumn],
    ],
    [
      'a file without a threshold column',
      toCsv([
        ['Chemical Name', 'CAS #'],
        ['Chlorine', '7782-50-5'],
      ]),
      [PARSE_MSG.noThresholdColumn],
    ],
    [
      'a bad number',
      toCsv([
        ['Chemical Name', 'CAS #', 'Threshold Quantity (lbs)'],
        ['Chlorine', '7782-50-5', '100'],
        ['Ammonia', '7664-41-7', 'lots'],
      ]),
      ['Row 3, Threshold Quantity (lbs): "lots" is not a number'],
    ],
    [
      'a CSV with formula cells',
      toCsv([
        ['Chemical Name', 'CAS #', 'TPQ'],
        ["=cmd|' /C calc'!A0", '7782-50-5', '100'],
        ['Ammonia', '@SUM(1+1)', '500'],
      ]),
      [
        'Row 2, Chemical Name: "=cmd|\' /C calc\'!A0" starts like a spreadsheet formula (=, +, -, @); files with formula cells are refused',
        'Row 3, CAS #: "@SUM(1+1)" starts like a spreadsheet formula (=, +, -, @); files with formula cells are refused',
      ],
    ],
    [
      'a row without a name',
      toCsv([
        ['Chemical Name', 'CAS #', 'TPQ'],
        ['', '7782-50-5', '100'],
      ]),
      ['Row 2, Chemical Name: the chemical name is empty'],
    ],
  ])('%s', async (_label, bytes, problems) => {
    expect(await problemsOf(() => parse(bytes, 'csv', 'ehs'))).toEqual(problems);
  });

  it('lists at most the first 20 problems, with how many more there are', async () => {
    const rows: Cell[][] = [['Chemical Name', 'CAS #', 'TPQ']];
    for (let i = 0; i < 25; i++) rows.push([`Chemical ${i}`, '7782-50-5', 'n/a']);
    const problems = await problemsOf(() => parseRows(rows, 'ehs'));
    expect(problems).toHaveLength(21);
    expect(problems[0]).toBe('Row 2, TPQ: "n/a" is not a number');
    expect(problems[19]).toBe('Row 21, TPQ: "n/a" is not a number');
    expect(problems[20]).toBe('and 5 more problems');
  });

  // Issue 33 point 16: a file shaped for another list is refused, naming the columns the chosen list needs.
  it.each([
    [
      'the shipped CERCLA list chosen as 313',
      '313' as const,
      "The file's columns (chemical_name, cas_number, final_reportable_quantity_lb) fit the CERCLA list, not the 313 list, which needs Chemical Name and CAS # (or a 313 category code) columns, with De Minimis, PBT, PFAS or Qualifier where the list has them, and no reportable quantity",
      readSeedList('cercla'),
    ],
    [
      'the shipped EHS list chosen as CERCLA',
      'cercla' as const,
      "The file's columns (chemical_name, cas_number, threshold_quantity_lbs) fit the EHS, RMP or PSM list, not the CERCLA list, which needs Chemical Name, CAS # and Final Reportable Quantity columns",
      readSeedList('ehs'),
    ],
    [
      'the shipped CERCLA list chosen as RMP',
      'rmp' as const,
      "The file's columns (chemical_name, cas_number, final_reportable_quantity_lb) fit the CERCLA list, not the RMP list, which needs Chemical Name, CAS # and Threshold Quantity (TQ) columns",
      readSeedList('cercla'),
    ],
    [
      'the shipped 313 list chosen as EHS',
      'ehs' as const,
      "The file's columns (chemical_name, cas_number, category) fit the 313 list, not the EHS list, which needs Chemical Name, CAS # and Threshold Quantity (TPQ) columns",
      readSeedList('313'),
    ],
    [
      'the shipped PSM list chosen as 313',
      '313' as const,
      "The file's columns (chemical_name, cas_number, threshold_quantity_lbs) fit the EHS, RMP or PSM list, not the 313 list, which needs Chemical Name and CAS # (or a 313 category code) columns, with De Minimis, PBT, PFAS or Qualifier where the list has them, and no reportable quantity",
      readSeedList('psm'),
    ],
  ])('%s is refused with the columns it needs', async (_label, type, message, bytes) => {
    expect(await problemsOf(() => parse(bytes, 'csv', type))).toEqual([message]);
  });

  it('a 313 list with its PBT threshold column is still a 313 list', async () => {
    const parsed = await parseRows(
      [
        ['Chemical Name', 'CAS #', 'PBT', 'Threshold Quantity (lbs)'],
        ['Mercury', '7439-97-6', 'Y', '10'],
      ],
      '313',
    );
    expect(parsed.entries[0]).toMatchObject({ is_pbt: true, threshold_quantity_lbs: 10 });
  });

  it('a CSV with a broken quote is unreadable', async () => {
    const bytes = Buffer.from('Chemical Name,CAS #,TPQ\r\n"Chlorine,7782-50-5,100\r\n');
    const [problem] = await problemsOf(() => parse(bytes, 'csv', 'ehs'));
    expect(problem).toMatch(new RegExp(`^${UNREADABLE.csv}: `));
  });

  it.each([
    ['a zip bomb posing as .xlsx', zipBombXlsx(), UPLOAD_MSG.xlsxTooLarge],
    ['a zip declaring a gigabyte', oversizedXlsx(), UPLOAD_MSG.xlsxTooLarge],
    ['random bytes read as .xlsx', Buffer.from('PK\u0003\u0004 not really a zip'), UPLOAD_MSG.xlsxTooLarge],
    ['random bytes read as .xls', Buffer.alloc(600, 7), UNREADABLE.xls],
  ])('%s is unreadable', async (_label, bytes, message) => {
    const format = _label.endsWith('.xls') ? 'xls' : 'xlsx';
    expect(await problemsOf(() => parse(bytes, format, 'ehs'))).toEqual([message]);
  });
});

describe('the change summary', () => {
  it('counts rows added, removed and changed, matched by CAS and condition', async () => {
    const parsed = await parse(readSeedList('rmp'), 'csv', 'rmp');
    const before = parsed.entries;
    const after = before
      .filter((entry) => entry.cas_number !== '107-02-8')
      .map((entry) =>
        entry.cas_number === '7782-50-5' ? { ...entry, threshold_quantity_lbs: 3000 } : entry,
      );
    after.push({
      ...before[0]!,
      chemical_name: 'Isopentane',
      cas_number: '78-78-4',
      substance_kind: 'flammable',
    });
    const summary = summarizeChanges('rmp', before, {
      entries: after,
      rowNumbers: after.map((_, index) => index + 2),
      warnings: [],
    });
    expect(summary).toMatchObject({
      total: 49,
      previous_total: 49,
      added_count: 1,
      removed_count: 1,
      changed_count: 1,
      unchanged_count: 47,
    });
    expect(summary.removed[0]?.cas_number).toBe('107-02-8');
    expect(summary.changed[0]).toMatchObject({
      cas_number: '7782-50-5',
      changes: ['Threshold Quantity: 2500 → 3000'],
    });
  });
});
