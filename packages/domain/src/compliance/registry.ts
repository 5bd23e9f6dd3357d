/**
 * Report type → programme rule. A report type whose rule is not here is "not available yet";
 * adding one is a rule file in this folder and one line below.
 */
import type { ReportType } from '../shared/enums.ts';
import { type ComplianceContext, createComplianceContext } from './context.ts';
import { epcra302Rule } from './epcra-302.ts';
import { epcra304Rule } from './epcra-304.ts';
import { epcra313ManufacturedRule, epcra313OtherwiseUsedRule, epcra313ProcessedRule } from './epcra-313.ts';
import { hmisRule } from './hmis.ts';
import { hmppRule } from './hmpp.ts';
import { inventoryIndexRule } from './inventory-index.ts';
import type { ProgrammeResult, ProgrammeRule } from './programme.ts';
import { psmRule } from './psm.ts';
import { rmpRule } from './rmp.ts';
import { sampleListWarnings } from './sample-lists.ts';
import { spccRule } from './spcc.ts';
import { tier2Rule } from './tier2.ts';
import type { ComplianceOptions, ComplianceSnapshot, ReferenceLists } from './types.ts';

export const REPORT_RULES = {
  epcra_302: epcra302Rule,
  epcra_304_cercla: epcra304Rule,
  epcra_311_312_tier2: tier2Rule,
  epcra_313_manufactured: epcra313ManufacturedRule,
  epcra_313_processed: epcra313ProcessedRule,
  epcra_313_otherwise_used: epcra313OtherwiseUsedRule,
  spcc_plan: spccRule,
  inventory_index_numeric: inventoryIndexRule,
  caa_112r_rmp: rmpRule,
  caa_304_psm: psmRule,
  // The Excel forms are the same figures (rules §10-13): one rule, two layouts.
  hmpp: hmppRule,
  hmpp_excel: hmppRule,
  haz_mat_inventory: hmisRule,
  haz_mat_inventory_excel: hmisRule,
} as const satisfies Partial<Record<ReportType, ProgrammeRule<ProgrammeResult<unknown>>>>;

export type AvailableReportType = keyof typeof REPORT_RULES;
export type ReportResult<T extends AvailableReportType> = ReturnType<(typeof REPORT_RULES)[T]['run']>;

export function isReportAvailable(type: ReportType): type is AvailableReportType {
  return Object.hasOwn(REPORT_RULES, type);
}

/** One report from a context (build the context once to compute several reports of a snapshot). */
export function runReport<T extends AvailableReportType>(
  type: T,
  context: ComplianceContext,
): ReportResult<T> {
  const result = REPORT_RULES[type].run(context) as ReportResult<T>;
  // Every report on a sample list says so (decision 029), whatever its rule: here, once.
  const samples = sampleListWarnings(
    context,
    result.lists_used.map((list) => list.list_type),
  );
  return samples.length === 0 ? result : { ...result, warnings: [...result.warnings, ...samples] };
}

/** One report straight from a snapshot and the lists. */
export function computeReport<T extends AvailableReportType>(
  type: T,
  snapshot: ComplianceSnapshot,
  lists: ReferenceLists,
  options?: ComplianceOptions,
): ReportResult<T> {
  return runReport(type, createComplianceContext(snapshot, lists, options));
}
