/**
 * CAA 112(r) RMP (rules §8): process | substance | CAS | condition | toxic or flammable | TQ |
 * quantity in the process | q/TQ | covered | exemptions, the contributing products (wt%, lb)
 * under each row; the facility total as a screen row; what falls short under `Below threshold`.
 */
import type { compliance, ReportTable } from '@chemtrack/domain';
import { column } from './document.ts';
import {
  PROCESS_COLUMNS_AFTER,
  PROCESS_COLUMNS_BEFORE,
  processCells,
  processTables,
} from './process-safety.ts';

const KIND_LABELS: Record<compliance.RmpSubstanceKind, string> = { toxic: 'Toxic', flammable: 'Flammable' };

export function rmpTables(result: compliance.RmpResult): ReportTable[] {
  return processTables(
    'rmp',
    'Covered processes (CAA 112(r))',
    result,
    [...PROCESS_COLUMNS_BEFORE, column('kind', 'Toxic / flammable'), ...PROCESS_COLUMNS_AFTER],
    (row) => ({ ...processCells(row), kind: KIND_LABELS[row.kind] }),
  );
}
