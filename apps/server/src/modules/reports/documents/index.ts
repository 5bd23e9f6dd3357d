/**
 * Report type → its layout over the engine's result. A report type is a rule in the engine's
 * registry and one layout here; the PDF and XLSX writers and the
 * preview take any `ReportDocument`.
 */
import {
  compliance,
  formatPhone,
  REPORT_PERCENT_BASIS_LABELS,
  REPORT_TYPE_NAMES,
  type ReportDocument,
  type ReportTable,
  TIER2_OPTION_LABELS,
  usesPercentBasis,
} from '@chemtrack/domain';
import { facilityAddressLine, LIST_LABELS, withRoundingNote } from './document.ts';
import { epcra302Tables } from './epcra-302.ts';
import { epcra304Tables } from './epcra-304.ts';
import { epcra313Tables } from './epcra-313.ts';
import { hmisExcelTables, hmisTables, hmppExcelTables, hmppTables } from './fire-code.ts';
import { inventoryIndexTables } from './inventory-index.ts';
import { psmTables } from './psm.ts';
import { rmpTables } from './rmp.ts';
import { spccTables } from './spcc.ts';
import { tier2CertificationTable, tier2Tables } from './tier2.ts';

type Layout<T extends compliance.AvailableReportType> = (
  result: compliance.ReportResult<T>,
  context: compliance.ComplianceContext,
) => ReportTable[];

export const REPORT_LAYOUTS: { [T in compliance.AvailableReportType]: Layout<T> } = {
  epcra_302: epcra302Tables,
  epcra_304_cercla: epcra304Tables,
  // The certification block closes the Tier II form, after every other section.
  epcra_311_312_tier2: (result, context) => [
    ...tier2Tables(result),
    tier2CertificationTable(context.snapshot.certification),
  ],
  epcra_313_manufactured: epcra313Tables,
  epcra_313_processed: epcra313Tables,
  epcra_313_otherwise_used: epcra313Tables,
  spcc_plan: spccTables,
  inventory_index_numeric: inventoryIndexTables,
  caa_112r_rmp: rmpTables,
  caa_304_psm: psmTables,
  hmpp: hmppTables,
  hmpp_excel: hmppExcelTables,
  haz_mat_inventory: hmisTables,
  haz_mat_inventory_excel: hmisExcelTables,
};

/** 313's reading of SDS percent ranges (rules §0.1, GuideME Q174-Q176), fixed by its rule, not a setting. */
const TRI_PERCENT_TEXT =
  'Midpoint of a known range; between the lower bound and 100% less the other components when only that is known; the upper bound when only it is known (313 rule)';

/**
 * The header lines every report prints (issue 21, 22): how many lines are not yet verified, the
 * settings the report used and the facts its rule asks printed. A new report type gets them by
 * being built through `buildReportDocument`.
 */
export function reportHeader(
  type: compliance.AvailableReportType,
  context: compliance.ComplianceContext,
): ReportDocument['header'] {
  const header: ReportDocument['header'] = [];
  // First: figures resting on data no one confirmed this year are the first thing a reader must know.
  const unverified = compliance.unverifiedSummary(context.unverified);
  if (unverified !== '') header.push({ label: compliance.UNVERIFIED_HEADER_LABEL, value: unverified });
  // A sample list makes every "not reportable" a guess: said right after (decision 029).
  const samples = compliance.sampleListsHeader(context, compliance.REPORT_RULES[type].lists);
  if (samples !== '') header.push({ label: compliance.SAMPLE_LISTS_HEADER_LABEL, value: samples });
  if (usesPercentBasis(type)) {
    header.push({
      label: 'SDS percent ranges',
      value: REPORT_PERCENT_BASIS_LABELS[context.options.percent_basis],
    });
  } else if (type.startsWith('epcra_313_')) {
    header.push({ label: 'SDS percent ranges', value: TRI_PERCENT_TEXT });
  }
  if (type === 'epcra_311_312_tier2') {
    header.push({
      label: 'Tier II option (40 CFR 370.14)',
      value:
        TIER2_OPTION_LABELS[context.options.tier2_non_ehs_basis === 'component' ? 'component' : 'mixture'],
    });
  }
  if (type === 'epcra_302') {
    const coordinator = context.snapshot.facility.emergency_coordinator;
    header.push({
      label: 'Facility emergency coordinator (40 CFR 355.20(b))',
      value: coordinator?.name
        ? [
            coordinator.name,
            coordinator.title,
            coordinator.phone ? `24-hour phone ${formatPhone(coordinator.phone)}` : '',
          ]
            .filter((part) => part !== '')
            .join(', ')
        : 'Not recorded',
    });
  }
  return header;
}

/**
 * What the report's own result puts in the header: its outcome (SPCC) and which inputs its figures
 * estimated (rules §0: every report says so).
 */
function resultHeader(result: compliance.ProgrammeResult<unknown>): ReportDocument['header'] {
  const header: ReportDocument['header'] = [...(result.header_facts ?? [])];
  if (result.estimated !== undefined) {
    const { estimated } = result;
    header.push({ label: 'Estimated inputs', value: estimated.length > 0 ? estimated.join('; ') : 'None' });
  }
  return header;
}

/** One report of a facility-year: the engine's figures laid out as the files and the preview show them. */
export function buildReportDocument<T extends compliance.AvailableReportType>(
  type: T,
  context: compliance.ComplianceContext,
  meta: { inventoryId: number; generatedAt: Date },
): ReportDocument {
  const result = compliance.runReport(type, context);
  const layout: Layout<T> = REPORT_LAYOUTS[type];
  const { snapshot } = context;
  const tables = layout(result, context);
  return {
    type,
    name: REPORT_TYPE_NAMES[type],
    title: result.title,
    customer: { id: snapshot.customer.id, name: snapshot.customer.name },
    facility: {
      id: snapshot.facility.id,
      name: snapshot.facility.name,
      address: facilityAddressLine(snapshot.facility.address),
    },
    year: snapshot.year,
    inventory_id: meta.inventoryId,
    generated_at: meta.generatedAt.toISOString(),
    is_screening: result.is_screening,
    coverage: compliance.reportCoverage(type, result),
    rule: result.rule,
    header: [...reportHeader(type, context), ...resultHeader(result)],
    notes: withRoundingNote(result.notes, tables),
    lists_used: result.lists_used.map((list) => ({
      list_type: list.list_type,
      label: LIST_LABELS[list.list_type],
      uploaded_at: list.uploaded_at,
    })),
    unverified: context.unverified,
    tables,
    warnings: result.warnings,
  };
}
