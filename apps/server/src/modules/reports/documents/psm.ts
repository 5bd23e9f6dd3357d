/**
 * OSHA PSM (rules §9): process | chemical | CAS | listed concentration | basis ((a)(1)(i) Appendix
 * A or (a)(1)(ii) flammable) | TQ | quantity | q/TQ | covered | exemptions, the contributing
 * products under each row; what falls short under `Below threshold`.
 */
import type { compliance, ReportTable } from '@chemtrack/domain';
import { column } from './document.ts';
import {
  PROCESS_COLUMNS_AFTER,
  PROCESS_COLUMNS_BEFORE,
  processCells,
  processTables,
} from './process-safety.ts';

const BASIS_LABELS: Record<compliance.PsmBasis, string> = {
  appendix_a: '(a)(1)(i) Appendix A',
  flammable: '(a)(1)(ii) Flammable 10,000 lb',
};

export function psmTables(result: compliance.PsmResult): ReportTable[] {
  return processTables(
    'psm',
    'Covered processes (OSHA PSM)',
    result,
    [...PROCESS_COLUMNS_BEFORE, column('basis', 'Basis'), ...PROCESS_COLUMNS_AFTER],
    (row) => ({ ...processCells(row), basis: BASIS_LABELS[row.basis] }),
  );
}
