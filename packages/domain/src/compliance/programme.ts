/**
 * What every programme rule returns, so the report files (PDF, XLSX, preview) read one shape:
 * rows with their explanation, the rule in one paragraph, notes for the header and warnings.
 */
import type { RegulatoryListType } from '../shared/enums.ts';
import type { Contribution, Exclusion } from './aggregation.ts';
import type { ComplianceContext } from './context.ts';
import type { EngineWarning } from './warnings.ts';

/** Where a figure came from: the contributing lines and the rule applied to them. */
export interface Explanation {
  /** e.g. "412.80 lb ≥ TPQ 100 lb". */
  rule_text: string;
  contributions: Contribution[];
  /** Components left out (de minimis, unknown pounds), with the reason. */
  excluded: Exclusion[];
  notes: string[];
}

export interface ProgrammeResult<Row> {
  programme: string;
  title: string;
  /** The rule applied, one paragraph for the report header. */
  rule: string;
  /** True when a figure stands in for data the rule needs (313 without annual amounts). */
  is_screening: boolean;
  /** Assumptions, estimates and exclusions the header or notes must print. */
  notes: string[];
  lists_used: { list_type: RegulatoryListType; uploaded_at: string | null }[];
  rows: Row[];
  warnings: EngineWarning[];
  /**
   * The inputs a figure stands in for, for the report header (RMP, PSM: "NFPA flammability of a
   * mixture …"); absent where a programme marks its estimates on the rows only.
   */
  estimated?: string[];
  /** The outcome the header states before anything else the result says (SPCC: plan required, plan type). */
  header_facts?: { label: string; value: string }[];
}

/** One programme: part 2 adds SPCC, RMP, PSM and the fire-code reports as more of these. */
export interface ProgrammeRule<R extends ProgrammeResult<unknown>> {
  id: string;
  title: string;
  lists: readonly RegulatoryListType[];
  run(context: ComplianceContext): R;
}
