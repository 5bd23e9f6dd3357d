import { findPrintedCas, SDS_READ_MSG, type SdsReadResult } from '@chemtrack/domain';
import { readComposition } from './composition.ts';
import type { PdfText } from './pdf-text.ts';
import { readPhysicalState, readSpecificGravity } from './properties.ts';
import { COMPOSITION_TITLE, findSections, PROPERTIES_TITLE, pickSection } from './sections.ts';
import type { TextLine } from './text-lines.ts';

/** Fewer characters than this per page read is a scan (a stamp or a page number at most). */
const SCAN_CHARACTERS_PER_PAGE = 20;

/** Whether the pages hold no text to read: a scanned SDS. */
export function isScanned(text: PdfText): boolean {
  const pages = new Set(text.lines.map((line) => line.page)).size || text.pageCount || 1;
  return text.characters < SCAN_CHARACTERS_PER_PAGE * Math.max(pages, 1);
}

/** Section 3 (by title, whatever its number): the candidate block with the most CAS numbers, then the longest. */
export function compositionLines(lines: TextLine[]): TextLine[] | undefined {
  const block = pickSection(findSections(lines, COMPOSITION_TITLE), (candidate) =>
    candidate.lines.reduce((sum, line) => sum + findPrintedCas(line.text).length * 1000 + 1, 0),
  );
  return block?.lines;
}

function propertiesLines(lines: TextLine[]): TextLine[] | undefined {
  return pickSection(findSections(lines, PROPERTIES_TITLE), (candidate) => candidate.lines.length)?.lines;
}

/** Proposes the components, specific gravity and physical state of an SDS's text. */
export function readSdsText(text: PdfText): SdsReadResult {
  if (isScanned(text)) {
    return {
      scanned: true,
      components: [],
      specific_gravity: null,
      physical_state: null,
      warnings: [SDS_READ_MSG.scanned],
    };
  }
  const warnings: string[] = [];
  const composition = compositionLines(text.lines);
  const components = composition ? readComposition(composition) : [];
  if (!composition) warnings.push(SDS_READ_MSG.noSection3);
  else if (components.length === 0) warnings.push(SDS_READ_MSG.noComponents);
  const properties = propertiesLines(text.lines) ?? [];
  return {
    scanned: false,
    components,
    specific_gravity: readSpecificGravity(properties),
    physical_state: readPhysicalState(properties),
    warnings,
  };
}
