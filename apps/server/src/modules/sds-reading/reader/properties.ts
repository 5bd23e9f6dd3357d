import type { PhysicalState, SdsReadSpecificGravity } from '@chemtrack/domain';
import type { TextLine } from './text-lines.ts';

/**
 * Section 9's specific gravity (or relative density; a density in g/cm³, g/ml or kg/l is the
 * same number, kg/m³ is divided by 1000) and physical state.
 */

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`;
const VALUE = new RegExp(
  String.raw`(~|≈|ca\.?\s*|approx\.?\s*)?(${NUMBER})(?:\s*(?:-|–|to)\s*(${NUMBER}))?\s*(g\/cm3|g\/cm³|g\/cc|g\/ml|kg\/l|kg\/dm3|kg\/dm³|kg\/m3|kg\/m³)?`,
  'i',
);

/** `1,065.07` (a thousands comma: three digits after it) or `0,5` (a decimal comma). */
function toNumber(text: string): number {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text) && text.includes('.'))
    return Number(text.replace(/,/g, ''));
  if (/^\d{1,3}(?:,\d{3})+$/.test(text)) return Number(text.replace(/,/g, ''));
  return Number(text.replace(',', '.'));
}

const SG_LABEL = /\b(?:specific gravity|relative density|rel\.? density|sp\.? ?gr\.?)\b/i;
const DENSITY_LABEL = /\bdensity\b/i;
const NOT_SG = /vapou?r|bulk|relative vapou?r|particle|optical|charge/i;

interface Candidate extends SdsReadSpecificGravity {
  rank: number;
}

/** The value printed after a label on its line (or the next line, when the label stands alone). */
function valueAfterLabel(line: TextLine, label: RegExp, next: TextLine | undefined): Candidate | undefined {
  const match = label.exec(line.text);
  if (!match) return undefined;
  let rest = line.text.slice(match.index + match[0].length);
  if (!/\d/.test(rest) && next && next.page === line.page) rest = next.text;
  // Conditions printed before the value (`@ 25C`, `(20 °C)`, `at 20 °C (68 °F)`).
  rest = rest
    .replace(/\([^)]*(?:°|º|deg)[^)]*\)/gi, ' ')
    .replace(
      /(?:@|at)\s*-?\d+(?:[.,]\d+)?\s*(?:°|º)?\s*[CF]\b(?:\s*\(\s*-?\d+(?:[.,]\d+)?\s*(?:°|º)?\s*[CF]\s*\))?/gi,
      ' ',
    )
    .replace(/^[\s:.)(\-–]+/, '');
  if (/^(?:no|not|n\/?[ad]|study|none|unknown)\b/i.test(rest)) return undefined;
  const value = VALUE.exec(rest);
  if (!value?.[2] || value.index > 8) return undefined;
  const unit = (value[4] ?? '').toLowerCase();
  const divisor = unit.startsWith('kg/m') ? 1000 : 1;
  const low = toNumber(value[2]) / divisor;
  const high = value[3] ? toNumber(value[3]) / divisor : low;
  if (!(low > 0 && low < 25 && high >= low && high < 25)) return undefined;
  return {
    value: value[3] ? null : Math.round(low * 100000) / 100000,
    low,
    high,
    printed: value[0].trim(),
    page: line.page,
    rank: 0,
  };
}

/** The specific gravity of section 9: a specific gravity or relative density first, a density with its unit next. */
export function readSpecificGravity(lines: TextLine[]): SdsReadSpecificGravity | null {
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    if (NOT_SG.test(line.text.slice(0, 40)) && !SG_LABEL.test(line.text)) return;
    const next = lines[index + 1];
    const sg = SG_LABEL.test(line.text) ? valueAfterLabel(line, SG_LABEL, next) : undefined;
    if (sg) {
      candidates.push({ ...sg, rank: sg.value === null ? 1 : 0 });
      return;
    }
    if (!DENSITY_LABEL.test(line.text) || SG_LABEL.test(line.text)) return;
    const density = valueAfterLabel(line, DENSITY_LABEL, next);
    if (density && /g\/|kg\//i.test(density.printed))
      candidates.push({ ...density, rank: density.value === null ? 3 : 2 });
  });
  candidates.sort((a, b) => a.rank - b.rank);
  const best = candidates[0];
  if (!best) return null;
  const { rank: _rank, ...result } = best;
  return result;
}

const STATE_LABEL = /\b(?:physical state|state of matter|physical form|appearance|form|state)\b\s*[:.]?/i;

/** Words of a printed state, most telling first. */
export function toPhysicalState(printed: string): PhysicalState | null {
  const text = printed.toLowerCase();
  if (/liquefied gas|liquified gas/.test(text)) return 'liquified gas';
  if (/\bgas\b|gaseous|compressed/.test(text)) return 'compressed gas';
  if (/liquid|solution|\boil\b|oily|fluid|emulsion|syrup|lotion|viscous|gel\b/.test(text)) return 'liquid';
  if (
    /solid|powder|pellet|crystal|granul|flake|prill|chip|pastille|tablet|bead|dust|wax|block|fibre|fiber|lump/.test(
      text,
    )
  )
    return 'solid';
  return null;
}

/** The physical state of section 9: "Physical state" first, then "Form" and "Appearance". */
export function readPhysicalState(lines: TextLine[]): PhysicalState | null {
  const ranked: { state: PhysicalState; rank: number }[] = [];
  for (const line of lines) {
    const match = STATE_LABEL.exec(line.text);
    if (!match) continue;
    const label = match[0].toLowerCase();
    const state = toPhysicalState(line.text.slice(match.index + match[0].length).slice(0, 80));
    if (!state) continue;
    const rank =
      label.includes('physical') || label.startsWith('state') ? 0 : label.startsWith('form') ? 1 : 2;
    ranked.push({ state, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked[0]?.state ?? null;
}
