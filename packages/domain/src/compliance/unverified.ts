/**
 * Data no person has confirmed this year (issue 22 §5): lines copied from an earlier year and not
 * yet checked, and lines with an open question. They count in every figure (leaving them out
 * would under-report), so every report says how many there are and names them: a consultant
 * must not file figures resting on last year's data without knowing it.
 */
import type { InventoryProductWorklist } from '../inventory-products/inventory-product-resource.ts';
import type { SnapshotLine } from './types.ts';
import type { EngineWarning, WarningCode } from './warnings.ts';

/** The header line's label, so the preview can tell it from the settings and draw its links. */
export const UNVERIFIED_HEADER_LABEL = 'Not yet verified';

export const UNVERIFIED_CODES = [
  'unchecked_carry_over',
  'open_question',
] as const satisfies readonly WarningCode[];
export type UnverifiedCode = (typeof UNVERIFIED_CODES)[number];

/** The inventory line list's worklist filter that shows each group's lines. */
export const UNVERIFIED_WORKLISTS: Record<UnverifiedCode, InventoryProductWorklist> = {
  unchecked_carry_over: 'unchecked',
  open_question: 'question',
};

export function isUnverifiedCode(code: WarningCode): code is UnverifiedCode {
  return (UNVERIFIED_CODES as readonly WarningCode[]).includes(code);
}

export interface UnverifiedLine {
  inventory_product_id: number;
  product_name: string;
  location_stored: string;
}

export interface UnverifiedGroup {
  code: UnverifiedCode;
  worklist: InventoryProductWorklist;
  count: number;
  /** "3 lines carried over from 2025 not yet checked", "1 open question". */
  text: string;
  lines: UnverifiedLine[];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2025", "2024 and 2025", "2023, 2024 and 2025". */
function yearList(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b).map(String);
  if (sorted.length <= 1) return sorted.join('');
  return `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
}

function lineOf(line: SnapshotLine): UnverifiedLine {
  return {
    inventory_product_id: line.inventory_product_id,
    product_name: line.product_name,
    location_stored: line.location_stored,
  };
}

/** The unchecked carry-overs, then the open questions; a group only where it has lines. */
export function unverifiedGroups(lines: readonly SnapshotLine[]): UnverifiedGroup[] {
  const unchecked = lines.filter((line) => typeof line.carried_over_from_year === 'number');
  const questions = lines.filter((line) => line.has_open_question === true);
  const groups: UnverifiedGroup[] = [];
  if (unchecked.length > 0) {
    const years = unchecked.map((line) => line.carried_over_from_year ?? 0);
    groups.push({
      code: 'unchecked_carry_over',
      worklist: UNVERIFIED_WORKLISTS.unchecked_carry_over,
      count: unchecked.length,
      text: `${plural(unchecked.length, 'line', 'lines')} carried over from ${yearList(years)} not yet checked`,
      lines: unchecked.map(lineOf),
    });
  }
  if (questions.length > 0) {
    groups.push({
      code: 'open_question',
      worklist: UNVERIFIED_WORKLISTS.open_question,
      count: questions.length,
      text: plural(questions.length, 'open question', 'open questions'),
      lines: questions.map(lineOf),
    });
  }
  return groups;
}

/** "3 lines carried over from 2025 not yet checked; 1 open question"; '' when every line is confirmed. */
export function unverifiedSummary(groups: readonly UnverifiedGroup[]): string {
  return groups.map((group) => group.text).join('; ');
}

function namedLine(line: UnverifiedLine): string {
  return `${line.product_name}${line.location_stored ? ` at ${line.location_stored}` : ''} (line ${line.inventory_product_id})`;
}

/**
 * One warning per group naming every line, so a printed or saved report stands alone; it names
 * no single line (the preview links the group to the filtered line list instead).
 */
export function unverifiedWarning(group: UnverifiedGroup): EngineWarning {
  const detail =
    group.code === 'unchecked_carry_over'
      ? 'copied figures, not yet confirmed this year'
      : 'figures may change once answered';
  return {
    code: group.code,
    severity: 'warning',
    message: `${group.text} (${detail}): ${group.lines.map(namedLine).join('; ')}`,
    inventory_product_id: null,
    product_id: null,
    product_name: '',
    location_stored: '',
  };
}
