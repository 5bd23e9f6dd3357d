import { formatPhone, isoToUsDate, PHYSICAL_STATE_LABELS } from '@chemtrack/domain';
import PDFDocument from 'pdfkit';
import type { DemoProduct } from './demo-products-data.ts';
import type { DemoHazardClass } from './demo-reference.ts';

/**
 * A small, fake Safety Data Sheet for a demo product: the 16 GHS sections in order, drawn with
 * pdfkit's built-in Helvetica (no embedded fonts), usually one or two pages and a few kilobytes.
 * Every page says it is a demo document. Pure: no database, no files.
 */

export const DEMO_SDS_NOTICE = 'DEMO DOCUMENT — generated for ChemTrack demo data, not a real SDS';

const PAGE_MARGIN = 40;
const FOOTER_HEIGHT = 28;
const RED = '#b91c1c';
const GREY = '#4b5563';
const RULE = '#d1d5db';

type Doc = PDFKit.PDFDocument;

const isGasState = (product: DemoProduct) =>
  product.physicalState === 'compressed gas' || product.physicalState === 'liquified gas';

const has = (product: DemoProduct, hazard: DemoHazardClass) => product.hazards.includes(hazard);

function formatNumber(value: number | null, unit = ''): string {
  return value === null ? 'Not applicable' : `${value}${unit}`;
}

function formatPercent(value: number | null): string {
  return value === null ? '-' : String(value);
}

/** GHS hazard statements for the product's hazard classes (section 2). */
function hazardStatements(product: DemoProduct): string[] {
  const gas = isGasState(product);
  const statements: string[] = [];
  for (const hazard of product.hazards) {
    switch (hazard) {
      case 'Flammable':
        if (gas) statements.push('H220 Extremely flammable gas.');
        else if (product.physicalState === 'solid') statements.push('H228 Flammable solid.');
        else if (product.flashPoint !== null && product.flashPoint < 73)
          statements.push('H225 Highly flammable liquid and vapor.');
        else statements.push('H226 Flammable liquid and vapor.');
        break;
      case 'Combustible':
        statements.push('H227 Combustible liquid.');
        break;
      case 'Corrosive':
        statements.push('H314 Causes severe skin burns and eye damage.');
        break;
      case 'Acute Toxic':
        statements.push(gas ? 'H331 Toxic if inhaled.' : 'H302 Harmful if swallowed.');
        break;
      case 'Oxidizer':
        statements.push(
          gas ? 'H270 May cause or intensify fire; oxidizer.' : 'H272 May intensify fire; oxidizer.',
        );
        break;
      case 'Compressed Gas':
        statements.push('H280 Contains gas under pressure; may explode if heated.');
        break;
      case 'Health Hazard':
        statements.push('H373 May cause damage to organs through prolonged or repeated exposure.');
        break;
      case 'Irritant':
        statements.push('H319 Causes serious eye irritation.');
        break;
      case 'Environmental Hazard':
        statements.push('H411 Toxic to aquatic life with long lasting effects.');
        break;
      case 'Explosive':
        statements.push('H201 Explosive; mass explosion hazard.');
        break;
      case 'Reactive':
        statements.push('May react violently with water or incompatible materials.');
        break;
    }
  }
  return statements;
}

const DANGER_CLASSES: DemoHazardClass[] = ['Flammable', 'Corrosive', 'Acute Toxic', 'Oxidizer', 'Explosive'];

function signalWord(product: DemoProduct): string {
  if (product.hazards.length === 0) return 'None';
  return product.hazards.some((hazard) => DANGER_CLASSES.includes(hazard)) ? 'Danger' : 'Warning';
}

function saraCategories(product: DemoProduct): string {
  const { sara } = product;
  const categories = [
    sara.isSaraF && 'Fire',
    sara.isSaraP && 'Sudden release of pressure',
    sara.isSaraR && 'Reactive',
    sara.isSaraA && 'Acute health',
    sara.isSaraC && 'Chronic health',
  ].filter((category): category is string => typeof category === 'string');
  return categories.length === 0 ? 'None' : categories.join(', ');
}

/** The 16 sections after section 3's table: [title, lines]. Section 3 is drawn as a table. */
function sectionText(product: DemoProduct): Map<number, [string, string[]]> {
  const gas = isGasState(product);
  const corrosive = has(product, 'Corrosive');
  const fire = has(product, 'Flammable') || has(product, 'Combustible');
  const flashPoint = product.flashPoint === null ? 'Not applicable' : `${product.flashPoint} °F`;
  const statements = hazardStatements(product);

  return new Map<number, [string, string[]]>([
    [
      1,
      [
        'Identification',
        [
          `Product name: ${product.name}`,
          `Manufacturer: ${product.mfgName}`,
          `Product number: ${product.mfgProductNumber}`,
          `Manufacturer phone: ${formatPhone(product.mfgPhone)}`,
          `Emergency phone (24 h): ${formatPhone(product.mfgEmergencyPhone)}`,
          'Recommended use: Industrial use. Restrictions on use: none known.',
        ],
      ],
    ],
    [
      2,
      [
        'Hazard(s) identification',
        [
          `Hazard classes: ${product.hazards.length === 0 ? 'Not classified as hazardous' : product.hazards.join(', ')}`,
          `Signal word: ${signalWord(product)}`,
          ...(statements.length === 0 ? ['Hazard statements: none.'] : statements),
          `NFPA 704 (health-flammability-instability): ${product.nfpa}`,
        ],
      ],
    ],
    [3, ['Composition / information on ingredients', []]],
    [
      4,
      [
        'First-aid measures',
        [
          gas
            ? 'Inhalation: move to fresh air; give oxygen if breathing is difficult. Get medical attention.'
            : 'Inhalation: move to fresh air. Get medical attention if symptoms persist.',
          corrosive
            ? 'Skin and eyes: flush immediately with water for at least 15 minutes; remove contaminated clothing. Get medical attention immediately.'
            : 'Skin and eyes: rinse with plenty of water. Get medical attention if irritation persists.',
          'Ingestion: do not induce vomiting. Call a poison center or physician.',
        ],
      ],
    ],
    [
      5,
      [
        'Fire-fighting measures',
        [
          fire
            ? 'Extinguishing media: dry chemical, CO2, alcohol-resistant foam. Water may be ineffective.'
            : 'Extinguishing media: use media suitable for the surrounding fire.',
          gas
            ? 'Cylinders may rupture when heated; cool with water spray from a protected location.'
            : 'Fire fighters: wear self-contained breathing apparatus and full protective gear.',
        ],
      ],
    ],
    [
      6,
      [
        'Accidental release measures',
        [
          'Evacuate unprotected personnel, ventilate the area and eliminate ignition sources.',
          product.isSpcc
            ? 'Contain with dikes or absorbents; prevent entry to drains and waterways (see the facility SPCC plan).'
            : 'Contain and collect with inert absorbent; prevent entry to drains and waterways.',
        ],
      ],
    ],
    [
      7,
      [
        'Handling and storage',
        [
          gas
            ? 'Secure cylinders upright; keep valve caps on; store below 125 °F away from incompatibles.'
            : 'Keep containers closed in a cool, well-ventilated area; use secondary containment.',
          fire ? 'Keep away from heat, sparks and open flames; ground and bond containers.' : '',
        ].filter((line) => line !== ''),
      ],
    ],
    [
      8,
      [
        'Exposure controls / personal protection',
        [
          'Engineering controls: general or local exhaust ventilation.',
          corrosive
            ? 'PPE: chemical splash goggles and face shield, chemical-resistant gloves and apron.'
            : 'PPE: safety glasses with side shields, chemical-resistant gloves.',
        ],
      ],
    ],
    [
      9,
      [
        'Physical and chemical properties',
        [
          `Physical state: ${PHYSICAL_STATE_LABELS[product.physicalState]}`,
          `Specific gravity (water = 1): ${formatNumber(product.specificGravity)}`,
          `Density: ${formatNumber(product.poundsPerGallon, ' lb/gal')}`,
          `Flash point: ${flashPoint}`,
          ...(product.conversionFactor === null
            ? []
            : [`Gas volume: ${product.conversionFactor} cu ft per lb at 70 °F, 1 atm`]),
        ],
      ],
    ],
    [
      10,
      [
        'Stability and reactivity',
        [
          has(product, 'Reactive')
            ? 'Reactive: may react violently with water, heat or incompatible materials.'
            : 'Stable under normal conditions of storage and handling.',
          has(product, 'Oxidizer')
            ? 'Incompatible materials: combustibles, reducing agents, organic materials.'
            : 'Incompatible materials: strong oxidizers, strong acids and bases.',
        ],
      ],
    ],
    [
      11,
      [
        'Toxicological information',
        [
          has(product, 'Acute Toxic') || has(product, 'Health Hazard')
            ? 'See section 2. Routes of exposure: inhalation, skin, eyes, ingestion.'
            : 'Not expected to be acutely toxic under normal use.',
        ],
      ],
    ],
    [
      12,
      [
        'Ecological information',
        [
          has(product, 'Environmental Hazard')
            ? 'Toxic to aquatic life. Do not release to the environment.'
            : 'No significant ecological effects expected.',
        ],
      ],
    ],
    [
      13,
      ['Disposal considerations', ['Dispose of in accordance with local, state and federal regulations.']],
    ],
    [14, ['Transport information', ['Refer to the shipping papers; not provided in this demo document.']]],
    [
      15,
      [
        'Regulatory information',
        [
          `SARA 311/312 hazard categories: ${saraCategories(product)}`,
          `SPCC (40 CFR 112) oil: ${product.isSpcc ? 'Yes' : 'No'}`,
        ],
      ],
    ],
    [
      16,
      [
        'Other information',
        [
          `SDS revision date: ${isoToUsDate(product.sdsDate)}`,
          `Prepared by: ${product.mfgName}`,
          DEMO_SDS_NOTICE,
        ],
      ],
    ],
  ]);
}

function bottom(doc: Doc): number {
  return doc.page.height - PAGE_MARGIN - FOOTER_HEIGHT;
}

/** Starts a new page when fewer than `height` points remain above the footer. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** Height of a section's text lines at the body font, to keep short sections on one page. */
function linesHeight(doc: Doc, lines: string[]): number {
  const width = doc.page.width - PAGE_MARGIN * 2 - 8;
  doc.font('Helvetica').fontSize(9);
  return lines.reduce((sum, line) => sum + doc.heightOfString(line, { width }), 0);
}

function sectionHeading(doc: Doc, number: number, title: string, keepTogether: number): void {
  ensureSpace(doc, 26 + Math.max(18, keepTogether));
  doc.moveDown(0.4);
  const y = doc.y;
  const width = doc.page.width - PAGE_MARGIN * 2;
  doc.rect(PAGE_MARGIN, y, width, 15).fill('#e5e7eb');
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .text(`SECTION ${number}: ${title.toUpperCase()}`, PAGE_MARGIN + 4, y + 4, { width: width - 8 });
  doc.y = y + 19;
  doc.font('Helvetica').fontSize(9);
}

function paragraph(doc: Doc, line: string): void {
  const width = doc.page.width - PAGE_MARGIN * 2 - 8;
  ensureSpace(doc, doc.heightOfString(line, { width }));
  doc.text(line, PAGE_MARGIN + 4, doc.y, { width });
}

function compositionTable(doc: Doc, product: DemoProduct): void {
  const x = PAGE_MARGIN + 4;
  const columns = [
    { title: 'Chemical name', width: 300 },
    { title: 'CAS #', width: 90 },
    { title: 'Weight %', width: 60 },
    { title: 'Volume %', width: 60 },
  ];
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.width ?? 60) - 6 })),
      ) + 4;
    ensureSpace(doc, height);
    const y = doc.y;
    let left = x;
    cells.forEach((cell, i) => {
      const width = columns[i]?.width ?? 60;
      doc.text(cell, left, y + 2, { width: width - 6, align: i >= 2 ? 'right' : 'left' });
      left += width;
    });
    const end = y + height;
    doc
      .moveTo(x, end)
      .lineTo(left - 6, end)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = end + 1;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const component of product.components) {
    row(
      [
        component.name,
        component.cas,
        formatPercent(component.percentageWeight),
        formatPercent(component.percentageVolume),
      ],
      false,
    );
  }
  doc.font('Helvetica').fontSize(9);
}

/** The demo banner and page number at the foot of every page (pages are buffered). */
function footers(doc: Doc, product: DemoProduct): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE_MARGIN - FOOTER_HEIGHT + 10;
    const width = doc.page.width - PAGE_MARGIN * 2;
    doc
      .moveTo(PAGE_MARGIN, y - 4)
      .lineTo(PAGE_MARGIN + width, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('Helvetica-Bold').fontSize(8).fillColor(RED).text(DEMO_SDS_NOTICE, PAGE_MARGIN, y, { width });
    doc
      .font('Helvetica')
      .fillColor(GREY)
      .text(
        `${product.name} · Revision ${isoToUsDate(product.sdsDate)} · Page ${index - range.start + 1} of ${range.count}`,
        PAGE_MARGIN,
        y + 10,
        { width },
      );
    doc.page.margins.bottom = marginBottom;
  }
  doc.fillColor('black');
}

/** Draws the demo SDS for one product; resolves with the PDF bytes. */
export async function renderDemoSdsPdf(product: DemoProduct): Promise<Buffer> {
  const revised = new Date(`${product.sdsDate}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: {
      Title: `Safety Data Sheet: ${product.name}`,
      Author: product.mfgName,
      Subject: DEMO_SDS_NOTICE,
      Creator: 'ChemTrack demo seeder',
      Producer: 'ChemTrack demo seeder',
      CreationDate: revised,
      ModDate: revised,
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - PAGE_MARGIN * 2;

  // Demo banner, then the title block.
  doc.rect(PAGE_MARGIN, PAGE_MARGIN, width, 20).fill(RED);
  doc
    .fillColor('white')
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(DEMO_SDS_NOTICE, PAGE_MARGIN, PAGE_MARGIN + 6, { width, align: 'center' });
  doc.fillColor('black').font('Helvetica-Bold').fontSize(18).text('Safety Data Sheet', PAGE_MARGIN, 72, {
    width,
  });
  doc.font('Helvetica-Bold').fontSize(12).text(product.name, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `${product.mfgName} · Revision date ${isoToUsDate(product.sdsDate)} · According to OSHA HazCom 2012 (GHS)`,
      {
        width,
      },
    );
  doc.fillColor('black');

  for (const [number, [title, lines]] of sectionText(product)) {
    const body = number === 3 ? 0 : linesHeight(doc, lines);
    sectionHeading(doc, number, title, body < 160 ? body : 0);
    if (number === 3) compositionTable(doc, product);
    for (const line of lines) paragraph(doc, line);
  }

  footers(doc, product);
  doc.end();
  return done;
}
