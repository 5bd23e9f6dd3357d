/**
 * EPCRA 311/312 Tier II and Tier I (rules §3): one row per reported EHS, chemical or product with its
 * range codes (40 CFR 370.43), days on site, hazard categories and storage locations; the
 * components of a mixture (its EHS marked) and each location's storage conditions under it.
 * What was tested and falls below its threshold follows in its own section, never in the table.
 * Tier I adds up the reportable amounts per hazard category.
 */
import { compliance, isoToUsDate, type ReportRow, type ReportTable } from '@chemtrack/domain';
import { column, countReported, explanationOf, listedRow, sumOf, total } from './document.ts';
import { amountCell, verdictCell } from './unknown-cells.ts';

const KIND_LABELS: Record<compliance.Tier2Row['kind'], string> = {
  ehs: 'EHS',
  chemical: 'Chemical',
  product: 'Product',
  fuel: 'Retail fuel (gallons)',
};

function componentLine(component: compliance.Tier2Component): string {
  const percent =
    component.percent_weight === null ? '' : ` ${compliance.formatPercent(component.percent_weight)}%`;
  return `${component.name} ${component.cas_number}${percent}${component.is_ehs ? ' (EHS)' : ''}`;
}

function locationLine(location: compliance.Tier2Location): string {
  const conditions = [location.storage_type, location.storage_pressure, location.storage_temperature]
    .filter((value): value is string => !!value)
    .join(', ');
  return `Location ${location.location || '(none recorded)'}: ${compliance.formatPounds(location.amount_lb)} lb${conditions ? ` (${conditions})` : ''}`;
}

/**
 * The row's storage locations: where its pounds are, then where its lines of unknown pounds are
 * (issue 33: an undetermined row still names where the chemical is kept), each once.
 */
function locationNames(row: compliance.Tier2Row): string {
  return [...new Set([...row.locations.map((location) => location.location), ...row.unknown_locations])].join(
    ', ',
  );
}

/** The heading of the section after the Tier II table (rules §3; issue 21 point 2). */
export const TIER2_BELOW_THRESHOLD_TITLE = 'Below threshold (not reported)';

const TIER2_COLUMNS = [
  column('name', 'Chemical or product'),
  column('cas_number', 'CAS'),
  column('kind', 'Tested as'),
  column('is_ehs', 'EHS', 'flag'),
  column('is_mixture', 'Mixture', 'flag'),
  column('physical_states', 'Physical state'),
  column('hazard_categories', 'Hazard categories'),
  column('max_amount_lb', 'Max amount (lb)', 'pounds'),
  column('max_amount_code', 'Max code'),
  column('average_amount_lb', 'Average amount (lb)', 'pounds'),
  column('average_amount_code', 'Average code'),
  column('days_on_site', 'Days on site', 'count'),
  column('threshold_lb', 'Threshold (lb)', 'threshold'),
];

function tier2Row(row: compliance.Tier2Row): ReportRow {
  // An undetermined row has no range code to print (issue 33 point 2).
  const undetermined = row.cannot_be_determined !== null;
  return {
    cells: {
      name: row.name,
      cas_number: row.cas_number,
      kind: KIND_LABELS[row.kind],
      is_ehs: row.is_ehs,
      is_mixture: row.is_mixture,
      physical_states: row.physical_states.join(', '),
      hazard_categories: row.hazard_categories.join('; '),
      max_amount_lb: amountCell(row.max_amount_lb, row),
      max_amount_code: undetermined ? '' : row.max_amount_code.code,
      average_amount_lb: amountCell(row.average_amount_lb, row),
      average_amount_code: undetermined
        ? ''
        : `${row.average_amount_code.code}${row.average_is_estimate ? ' (est.)' : ''}`,
      days_on_site: row.days_on_site,
      // A retail station's fuel is tested in gallons (370.10(a)(2)); the cell says so.
      threshold_lb: row.gallons
        ? `${compliance.formatThreshold(row.gallons.threshold_gal)} gal`
        : row.threshold_lb,
      reportable: verdictCell(row.reportable, row),
      near_threshold: row.near_threshold,
      locations: locationNames(row),
    },
    reported: row.reportable,
    near_threshold: row.near_threshold,
    details: [
      ...(row.components.length > 0 && row.kind === 'product'
        ? [`Components: ${row.components.map(componentLine).join('; ')}`]
        : []),
      ...(row.gallons
        ? [
            `Max amount ${compliance.formatPounds(row.gallons.amount_gal)} gal against ${compliance.formatThreshold(row.gallons.threshold_gal)} gal`,
          ]
        : []),
      ...row.locations.map(locationLine),
      ...row.unknown_locations.map(
        (location) => `Location ${location || '(none recorded)'}: amount unknown (see the data warnings)`,
      ),
      ...(row.days_on_site_is_estimate
        ? [`Days on site not recorded: ${compliance.TIER2_DEFAULT_DAYS_ON_SITE} assumed.`]
        : []),
    ],
    // A fuel row's figure is gallons; its lines are in pounds.
    explanation: explanationOf(row.explanation, row.gallons ? undefined : row.max_amount_lb),
  };
}

/** A Tier II section: the shared columns, its own status flag, the storage locations last. */
function tier2Section(
  key: string,
  title: string,
  flag: ReturnType<typeof column>,
  rows: readonly compliance.Tier2Row[],
  totals: ReportTable['totals'],
): ReportTable {
  return {
    key,
    title,
    columns: [...TIER2_COLUMNS, flag, column('locations', 'Storage locations')],
    rows: rows.map(tier2Row),
    totals,
  };
}

export function tier2Tables(result: compliance.Tier2Result): ReportTable[] {
  const below = result.below_threshold;
  return [
    // The rows whose reporting cannot be determined stay in the main table, after the reported ones.
    tier2Section(
      'tier2',
      'Tier II chemicals',
      column('reportable', 'Reportable', 'flag'),
      [...result.rows, ...result.undetermined],
      [
        total('Reported chemicals and products', result.rows.length),
        total(
          'Sum of the reportable maximum amounts (lb)',
          sumOf(result.rows, (row) => row.max_amount_lb),
          'pounds',
          result.rows.map((row) => row.max_amount_lb),
        ),
      ],
    ),
    tier2Section(
      'tier2_below_threshold',
      TIER2_BELOW_THRESHOLD_TITLE,
      column('near_threshold', 'Near threshold', 'flag'),
      below,
      [
        total('Tested and below the threshold', below.length),
        total(
          'Near the threshold (within 10% below)',
          countReported(below, (row) => row.near_threshold),
        ),
      ],
    ),
    {
      key: 'tier1',
      title: 'Tier I by hazard category',
      columns: [
        column('hazard_category', 'Hazard category'),
        column('max_amount_lb', 'Max amount (lb)', 'pounds'),
        column('max_amount_code', 'Max code'),
        column('average_amount_lb', 'Average amount (lb)', 'pounds'),
        column('average_amount_code', 'Average code'),
        column('locations', 'General locations'),
        column('chemicals', 'Chemicals'),
      ],
      rows: result.tier1.map((row) =>
        listedRow(
          {
            hazard_category: row.hazard_category,
            max_amount_lb: row.max_amount_lb,
            max_amount_code: row.max_amount_code.code,
            average_amount_lb: row.average_amount_lb,
            average_amount_code: `${row.average_amount_code.code}${row.average_is_estimate ? ' (est.)' : ''}`,
            locations: row.locations.join(', '),
            chemicals: row.chemicals.join('; '),
          },
          true,
        ),
      ),
      totals: [total('Hazard categories', result.tier1.length)],
    },
  ];
}

// ——— Issue 36 (decision 036): the Tier II form's certification, the report's last table ———

export const TIER2_CERTIFICATION_TITLE = 'Certification (40 CFR 370.42)';

/**
 * The Tier II form's certification statement, which the owner or operator (or an officially
 * designated representative) signs; the page count is left for the signer, as on the form.
 */
export const TIER2_CERTIFICATION_STATEMENT =
  'I certify under penalty of law that I have personally examined and am familiar with the information ' +
  'submitted in pages one through ____, and that based on my inquiry of those individuals responsible for ' +
  'obtaining the information, I believe that the submitted information is true, accurate, and complete.';

/** What the block prints for a fact the inventory does not hold yet. */
export const TIER2_NOT_RECORDED = 'Not recorded';

/**
 * The certification block: the statement, then the certifier's name, official title and date
 * signed as the facility-year records them (Inventory Details), and a blank line to sign on.
 */
export function tier2CertificationTable(
  certification: compliance.SnapshotCertification | null | undefined,
): ReportTable {
  const fact = (value: string | null | undefined) => (value ? value : TIER2_NOT_RECORDED);
  const rows: [string, string][] = [
    ['Statement', TIER2_CERTIFICATION_STATEMENT],
    ['Name of owner/operator or authorized representative', fact(certification?.name)],
    ['Official title', fact(certification?.title)],
    ['Date signed', certification?.date_signed ? isoToUsDate(certification.date_signed) : TIER2_NOT_RECORDED],
    ['Signature', ''],
  ];
  return {
    key: 'tier2_certification',
    title: TIER2_CERTIFICATION_TITLE,
    columns: [column('certification_item', 'Item'), column('certification_entry', 'Entry')],
    rows: rows.map(([item, entry]) => listedRow({ certification_item: item, certification_entry: entry })),
    totals: [],
  };
}
