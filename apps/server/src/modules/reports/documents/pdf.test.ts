import { compliance } from '@chemtrack/domain';
import { CAS, component, LISTS, stored } from '@chemtrack/domain/compliance/test-fixtures';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { pdfTextOf, pdfWithoutStamps } from '../../../../test/report-files.ts';
import { buildReportDocument } from './index.ts';
import { reportPdf } from './pdf.ts';
import { pdfText } from './pdf-fonts.ts';

async function bytesOf(stream: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function drawn(stream: PDFKit.PDFDocument): Promise<string> {
  return (await pdfTextOf(new Uint8Array(await bytesOf(stream)))).text;
}

describe('pdfText', () => {
  it('keeps what the embedded font draws and replaces the rest', () => {
    expect(pdfText('550.44 lb ≥ TPQ 500 lb')).toBe('550.44 lb ≥ TPQ 500 lb');
    expect(pdfText('Zakłady Azotowe Puławy → Αθήνα, Москва')).toBe('Zakłady Azotowe Puławy → Αθήνα, Москва');
    expect(pdfText('東京 plant')).toBe('?? plant');
    expect(pdfText('Tank\tA\nrow 2')).toBe('Tank A row 2');
  });
});

describe('a report PDF in the embedded font', () => {
  it('prints ≥, Polish, Greek and Cyrillic names as they are, so the text a reader copies is the text stored', async () => {
    const ammonia = stored(600, {
      inventory_product_id: 7,
      product_name: 'Amoniak techniczny — Łódź',
      container_size: 300,
      container_quantity: 2,
      location_stored: 'Склад 1',
      components: [component(CAS.ammonia, 'Ammonia', 100)],
    });
    const toluene = stored(1_596_376.6, {
      inventory_product_id: 8,
      product_name: 'Toluene',
      location_stored: 'Склад 1',
      is_sara_f: true,
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const context = compliance.createComplianceContext(
      {
        customer: { id: 1, name: 'Zakłady Chemiczne Αθήνα' },
        facility: { id: 2, name: 'Puławy' },
        year: 2025,
        lines: [ammonia, toluene],
      },
      { entries: LISTS.entries.filter((entry) => entry.list_type === 'ehs') },
    );
    const report = buildReportDocument('epcra_302', context, { inventoryId: 9, generatedAt: new Date() });
    const text = await drawn(reportPdf(report));
    expect(text).toContain('Customer: Zakłady Chemiczne Αθήνα');
    expect(text).toContain('Facility: Puławy');
    // 2 bags × 300 lb = 600 lb × 100% = 600.00 lb ≥ TPQ 500 lb → reported.
    expect(text).toContain('600.00 lb ≥ TPQ 500 lb');
    expect(text).toContain('Amoniak techniczny — Łódź (line 7) at Склад 1');

    // A seven-digit amount shrinks to fit its column rather than breaking over two lines:
    // 1,596,376.60 lb ≥ 10,000 lb (a non-EHS product) → Y, range code 12 (1,000,000-9,999,999).
    const tier2 = buildReportDocument('epcra_311_312_tier2', context, {
      inventoryId: 9,
      generatedAt: new Date(),
    });
    const tier2Text = await drawn(reportPdf(tier2));
    expect(tier2Text).toContain('Toluene 108-88-3 Product N N solid');
    expect(tier2Text).toContain('1,596,376.60 12 1,596,376.60 12 (est.) 365 10,000 Y');
    expect(tier2Text).toContain('7664-41-7 EHS');

    // The font work cached per text (decision 016) reaches into pdfkit's private font: the files
    // drawn with and without it must be the same bytes, creation date and id aside.
    for (const document of [report, tier2]) {
      const cached = await bytesOf(reportPdf(document));
      const uncached = await bytesOf(reportPdf(document, { cacheFontWork: false }));
      expect(cached.byteLength).toBe(uncached.byteLength);
      expect(pdfWithoutStamps(cached)).toBe(pdfWithoutStamps(uncached));
    }
  });
});

describe('a report PDF of many pages', () => {
  it('numbers every page "Page N of M" after the pages before the last were written out, and keeps their text', async () => {
    // 160 drums of ammonia: one EHS row whose contributing lines run over several pages.
    const lines = Array.from({ length: 160 }, (_, i) =>
      stored(10 + i, {
        inventory_product_id: 500 + i,
        product_name: `Ammonia solution ${i}`,
        location_stored: `Bay ${i % 7}`,
        components: [component(CAS.ammonia, 'Ammonia', 100)],
      }),
    );
    const context = compliance.createComplianceContext(
      {
        customer: { id: 1, name: 'Many Pages Inc.' },
        facility: { id: 2, name: 'Long Plant' },
        year: 2025,
        lines,
      },
      { entries: LISTS.entries.filter((entry) => entry.list_type === 'ehs') },
    );
    const report = buildReportDocument('epcra_302', context, { inventoryId: 9, generatedAt: new Date() });
    const parser = new PDFParse({ data: new Uint8Array(await bytesOf(reportPdf(report))) });
    try {
      const { pages } = await parser.getText();
      expect(pages.length).toBeGreaterThanOrEqual(3);
      pages.forEach((page, i) => {
        const text = page.text.replace(/\s+/g, ' ');
        expect(text).toContain(`${report.name} - Many Pages Inc. - 2025`);
        expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      });
      const all = pages.map((page) => page.text.replace(/\s+/g, ' ')).join(' ');
      for (const i of [0, 80, 159])
        expect(all).toContain(`Ammonia solution ${i} (line ${500 + i}) at Bay ${i % 7}`);
    } finally {
      await parser.destroy();
    }
  });
});

describe('a report table drawn a row per text object', () => {
  const LONG_NAME =
    'Industrial degreasing solvent blend with corrosion inhibitor for heavy machinery, 55 gallon drum grade';

  function indexReport() {
    // 150 products of one component each: the index prints a row per product and component, over
    // several pages; product 40's long name wraps inside its column.
    const lines = Array.from({ length: 150 }, (_, i) =>
      stored(100 + i, {
        inventory_product_id: 900 + i,
        product_name: i === 40 ? LONG_NAME : `Solvent ${i}`,
        location_stored: `Room ${i % 4}`,
        components: [component(CAS.toluene, 'Toluene', 100)],
      }),
    );
    const context = compliance.createComplianceContext(
      { customer: { id: 1, name: 'Index Inc.' }, facility: { id: 2, name: 'Plant' }, year: 2025, lines },
      LISTS,
    );
    return buildReportDocument('inventory_index_numeric', context, {
      inventoryId: 9,
      generatedAt: new Date(),
    });
  }

  async function pageTexts(stream: PDFKit.PDFDocument): Promise<string[]> {
    const parser = new PDFParse({ data: new Uint8Array(await bytesOf(stream)) });
    try {
      return (await parser.getText()).pages.map((page) => page.text);
    } finally {
      await parser.destroy();
    }
  }

  it('reads as pdfkit drawing each cell would: the same text on every page, a wrapped name whole, the header on every page', async () => {
    const report = indexReport();
    const pages = await pageTexts(reportPdf(report));
    // The cells drawn through pdfkit's own `text`, one text object each (as before decision 025).
    expect(pages).toEqual(await pageTexts(reportPdf(report, { batchText: false })));
    expect(pages.length).toBe(6);

    const all = pages.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain(`108-88-3 Toluene ${LONG_NAME} 100 Room 0 140.00 N/A N N Y N N N N`);
    expect(all).toContain('108-88-3 Toluene Solvent 149 100 Room 1 249.00 N/A N N Y N N N N');
    const header =
      'CAS Component Product wt % Locations Product max (lb) Product max (gal) EHS CERCLA 313 RMP PSM SPCC oil Carcinogen';
    // Five pages of rows, then the totals and the warnings.
    const rows = pages.filter((page) => page.includes('Solvent'));
    expect(rows.length).toBe(5);
    for (const page of rows) expect(page.replace(/\s+/g, ' ')).toContain(header);
    // Every product once, in CAS then product order, none lost at a page break.
    for (let i = 0; i < 150; i++) {
      if (i === 40) continue;
      expect(all.split(`Toluene Solvent ${i} `).length, `Solvent ${i}`).toBe(2);
    }
  });
});
