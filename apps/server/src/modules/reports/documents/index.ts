/**
 * Report type → its layout over the engine's result. Part 2 (SPCC, RMP, PSM, fire code) adds a
 * rule in the engine's registry and one layout file here; the PDF and XLSX writers and the
 * preview take any `ReportDocument`.
 */
import { compliance, REPORT_TYPE_NAMES, type ReportDocument, type ReportTable } from '@chemtrack/domain';
import { facilityAddressLine, LIST_LABELS } from './document.ts';
import { epcra302Tables } from './epcra-302.ts';
import { epcra304Tables } from './epcra-304.ts';
import { epcra313Tables } from './epcra-313.ts';
import { inventoryIndexTables } from './inventory-index.ts';
import { tier2Tables } from './tier2.ts';

type Layout<T extends compliance.AvailableReportType> = (
  result: compliance.ReportResult<T>,
  context: compliance.ComplianceContext,
) => ReportTable[];

export const REPORT_LAYOUTS: { [T in compliance.AvailableReportType]: Layout<T> } = {
  epcra_302: epcra302Tables,
  epcra_304_cercla: epcra304Tables,
  epcra_311_312_tier2: tier2Tables,
  epcra_313_manufactured: epcra313Tables,
  epcra_313_processed: epcra313Tables,
  epcra_313_otherwise_used: epcra313Tables,
  inventory_index_numeric: inventoryIndexTables,
};

/** One report of a facility-year: the engine's figures laid out as the files and the preview show them. */
export function buildReportDocument<T extends compliance.AvailableReportType>(
  type: T,
  context: compliance.ComplianceContext,
  meta: { inventoryId: number; generatedAt: Date },
): ReportDocument {
  const result = compliance.runReport(type, context);
  const layout: Layout<T> = REPORT_LAYOUTS[type];
  const { snapshot } = context;
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
    rule: result.rule,
    notes: result.notes,
    lists_used: result.lists_used.map((list) => ({
      list_type: list.list_type,
      label: LIST_LABELS[list.list_type],
      uploaded_at: list.uploaded_at,
    })),
    tables: layout(result, context),
    warnings: result.warnings,
  };
}
