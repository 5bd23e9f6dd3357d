import type { TextLine } from './text-lines.ts';

const ROMAN = [
  '',
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
];

/** `SECTION 3`, `Section 3:`, `3.`, `3 -`, `III.`, `Section III -` at the start of a line; the number. */
const NUMBERED_HEADING = /^(?:section\s*)?(\d{1,2}|[ivx]{1,5})(?:\s*[.:)\-–—]\s*|\s+)(?!\d)(?=[A-Za-z&/])/i;

/** The section number a heading line opens, if it is one (a sub-section `3.1` is not). */
export function headingNumber(text: string): number | undefined {
  const match = NUMBERED_HEADING.exec(text.trim());
  if (!match?.[1]) return undefined;
  const token = match[1].toUpperCase();
  const number = /^\d+$/.test(token) ? Number(token) : ROMAN.indexOf(token);
  return number >= 1 && number <= 16 ? number : undefined;
}

export interface SectionBlock {
  heading: TextLine;
  /** Lines after the heading up to the next section's heading. */
  lines: TextLine[];
}

/**
 * A section found by its title (GHS 16 sections: 3 is "Composition/information on ingredients";
 * older MSDS layouts number it 2 or II, "Hazardous ingredients"): each heading line whose title
 * matches, with its lines up to the next numbered heading. A table of contents yields blocks of
 * a line or two, which the caller's choice passes over.
 */
export function findSections(lines: TextLine[], title: RegExp): SectionBlock[] {
  const blocks: SectionBlock[] = [];
  lines.forEach((line, index) => {
    const number = headingNumber(line.text);
    if (number === undefined || !title.test(line.text)) return;
    const block: TextLine[] = [];
    for (const next of lines.slice(index + 1)) {
      const nextNumber = headingNumber(next.text);
      if (nextNumber !== undefined && nextNumber !== number && isSectionTitle(next.text)) break;
      block.push(next);
    }
    blocks.push({ heading: line, lines: block });
  });
  return blocks;
}

/** The words section headings are made of (any of the 16 and the older layouts'). */
const SECTION_TITLE_WORDS =
  /identification|hazard|composition|ingredient|first[- ]aid|fire|accidental|release|handling|storage|exposure|protection|physical|chemical|stability|reactivity|toxicolog|ecolog|disposal|transport|regulatory|other information|health|precaution|control|spill|leak|reactivity|manufacturer|product|special/i;

function isSectionTitle(text: string): boolean {
  return SECTION_TITLE_WORDS.test(text) && text.length < 120;
}

export const COMPOSITION_TITLE =
  /composition|information on ingredients|ingredients|hazardous components|components/i;
export const PROPERTIES_TITLE =
  /physical\s*(?:and|&|\/)?\s*chemical|physical(?:\/|\s)+chemical|physical data|physical properties/i;

/** The block with the most lines that look like content (skipping a table of contents' entry). */
export function pickSection(
  blocks: SectionBlock[],
  score: (block: SectionBlock) => number,
): SectionBlock | undefined {
  let best: SectionBlock | undefined;
  let bestScore = -1;
  for (const block of blocks) {
    const value = score(block);
    if (value > bestScore) {
      best = block;
      bestScore = value;
    }
  }
  return best;
}
