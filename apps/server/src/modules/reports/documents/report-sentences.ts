/**
 * What a report PDF says in sentences around its tables: the header's lines, the lines under a
 * row (its rule, and for a reported or near figure the contributing and excluded lines), a
 * total, a Tier II file's changes since the previous year, the data warnings and the footer. Beside the other document texts (the tables' titles
 * and column labels in the per-type files, the list names in `document.ts`); `pdf.ts` only lays
 * them out. The XLSX writes the same facts in columns of its own.
 */
import {
  compliance,
  formatReportCell,
  groupInfoWarnings,
  NO_EARLIER_INVENTORY_LINE,
  NO_YEAR_CHANGES_LINE,
  type ReportChanges,
  type ReportDocument,
  type ReportExplanation,
  type ReportRow,
  type ReportTotal,
  toTableDate,
  YEAR_CHANGES_BASIS_LINE,
  yearChangeGroups,
} from '@chemtrack/domain';

/** A line of text and whether it is printed bold. */
export interface ReportLine {
  text: string;
  bold?: boolean;
}

/** Generation time as the header prints it: "2026-11-23 15:06 UTC". */
function formatTimestamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The report in one line, "Tier II - Acme - 2025": the file's title and every page's footer. */
export function reportLabel(report: ReportDocument): string {
  return `${report.name} - ${report.customer.name} - ${report.year}`;
}

/** The header's lines under the title (rules §0.6): who, where, when, the settings and the lists used. */
export function headerLines(report: ReportDocument): ReportLine[] {
  const { facility } = report;
  const lines: ReportLine[] = [
    { text: `Report: ${report.name}` },
    { text: `Customer: ${report.customer.name}`, bold: true },
    { text: `Facility: ${facility.name}${facility.address ? `, ${facility.address}` : ''}`, bold: true },
    { text: `Reporting year: ${report.year}`, bold: true },
    { text: `Generated: ${formatTimestamp(report.generated_at)}` },
    ...report.header.map((item) => ({ text: `${item.label}: ${item.value}`, bold: true })),
  ];
  const lists = report.lists_used
    .map(
      (list) =>
        `${list.label} uploaded ${list.uploaded_at ? toTableDate(list.uploaded_at) : 'never (not uploaded)'}`,
    )
    .join('; ');
  lines.push({ text: `Reference lists used: ${lists || 'none'}` });
  // A report with units of its own (the fire code's cubic feet) prints them in its header instead.
  if (!report.header.some((item) => item.label === 'Units')) {
    lines.push({
      text: 'Units: pounds (lb) and US gallons (gal); liquids converted by pounds per gallon or specific gravity × 8.34.',
    });
  }
  if (report.is_screening) {
    lines.push({
      text: 'SCREENING: figures stand in for data the rule needs (see the notes); not a final determination.',
      bold: true,
    });
  }
  return lines;
}

function contributionLine(c: ReportExplanation['contributions'][number]): string {
  const where = c.location_stored ? ` at ${c.location_stored}` : '';
  const state = c.physical_state ? `, ${c.physical_state}` : '';
  return (
    `${c.product_name} (line ${c.inventory_product_id})${where}${state}, ${c.container}: ` +
    `${compliance.formatPounds(c.line_pounds)} lb × ${compliance.formatPercent(c.percent_weight)}%` +
    `${c.percent_range ? ` (SDS ${c.percent_range})` : ''} = ` +
    `${compliance.formatPounds(c.pounds_contributed)} lb [${c.pounds_basis}]`
  );
}

function exclusionLine(e: ReportExplanation['excluded'][number]): string {
  const where = e.location_stored ? ` at ${e.location_stored}` : '';
  return `Not counted: ${e.product_name} (line ${e.inventory_product_id})${where}: ${e.reason}`;
}

/** The lines printed under a row: its rule text, and for a reported or near figure where it came from. */
export function detailLines(row: ReportRow): ReportLine[] {
  const lines: ReportLine[] = [];
  const { explanation } = row;
  const full = row.reported === true || row.near_threshold;
  if (explanation) {
    lines.push({
      text: `${explanation.rule_text}${row.near_threshold ? ' (near threshold: within 10% below)' : ''}`,
      bold: true,
    });
    if (full) {
      if (explanation.contributions.length > 0) lines.push({ text: 'Contributing products:' });
      for (const c of explanation.contributions) lines.push({ text: `  ${contributionLine(c)}` });
      for (const e of explanation.excluded) lines.push({ text: `  ${exclusionLine(e)}` });
    } else if (explanation.contributions.length > 0) {
      lines.push({
        text: `${explanation.contributions.length} contributing line(s); see the preview or the spreadsheet.`,
      });
    }
    for (const note of explanation.notes) lines.push({ text: note });
  }
  if (full || !explanation) for (const detail of row.details) lines.push({ text: detail });
  return lines;
}

/** A total under a table with its unit: "Total on site: 1,250.00 lb". */
export function totalLine(item: ReportTotal): string {
  const unit = item.kind === 'pounds' ? ' lb' : item.kind === 'gallons' ? ' gal' : '';
  return `${item.label}: ${formatReportCell(item.value, item.kind)}${unit}`;
}

export function warningsHeading(warnings: ReportDocument['warnings']): string {
  return `Data warnings (${warnings.length})`;
}

export const NO_WARNINGS_LINE = 'None: every line and component could be used.';

/** Information warnings by code and CAS: "Water 7732-18-5: CAS is on none of the reference lists (3 lines: …)". */
function groupInfo(warnings: ReportDocument['warnings']): string[] {
  return groupInfoWarnings(warnings).map((group) => {
    const shown = group.lines
      .map((line) => {
        const where = line.location_stored ? ` at ${line.location_stored}` : '';
        return `${line.product_name}${where} (line ${line.inventory_product_id})`;
      })
      .join('; ');
    const more = group.count > group.lines.length ? `; and ${group.count - group.lines.length} more` : '';
    const head = `${group.component_name} ${group.cas_number}`.trim();
    return `${head}: ${group.message} (${group.count} line(s): ${shown}${more})`;
  });
}

/** The warnings as printed: each fault on its own line, then the facts grouped by CAS. */
export function warningLines(warnings: ReportDocument['warnings']): string[] {
  const lines: string[] = [];
  for (const warning of warnings) {
    if (warning.severity !== 'info') lines.push(`Warning: ${warning.message}`);
  }
  // Facts, not faults (water is on no list): one line per CAS, however many lines hold it.
  for (const info of groupInfo(warnings)) lines.push(`Info: ${info}`);
  return lines;
}

/**
 * The lines under a Tier II file's "Changes since {year}" heading (issue 36; the words are the
 * domain's, shared with the preview): the reading both years share, then each group, bold, with
 * one line per chemical added or removed and per field changed ("None." under an empty group). A
 * first year: one line saying there is nothing to compare.
 */
export function yearChangeLines(changes: ReportChanges): ReportLine[] {
  if (changes.previous_year === null) return [{ text: NO_EARLIER_INVENTORY_LINE }];
  const lines: ReportLine[] = [{ text: YEAR_CHANGES_BASIS_LINE }];
  for (const { heading, lines: entries } of yearChangeGroups(changes)) {
    lines.push({ text: heading, bold: true });
    if (entries.length === 0) lines.push({ text: NO_YEAR_CHANGES_LINE });
    for (const text of entries) lines.push({ text });
  }
  return lines;
}

/** A page's number in its footer. */
export function pageNumberLine(page: number, pages: number): string {
  return `Page ${page} of ${pages}`;
}
