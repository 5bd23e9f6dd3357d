/** A run of text as the PDF places it: its left and right edge in points, and its height. */
export interface TextItem {
  text: string;
  x: number;
  right: number;
  height: number;
}

/** Items on one baseline, left to right, and their text joined as a reader would. */
export interface TextLine {
  /** 1-based page. */
  page: number;
  /** Baseline in points from the page's bottom (larger is higher). */
  y: number;
  items: TextItem[];
  text: string;
  /** Where each item's text starts in `text`. */
  starts: number[];
}

/** Items whose baselines are closer than this many points share a line (sub- and superscripts too). */
const SAME_LINE = 3;

/**
 * Joins an item to the previous one with a space when a gap shows between them; a word drawn in
 * pieces (`In` `formation`, kerning) stays one word.
 */
function joinsWithSpace(previous: TextItem, next: TextItem): boolean {
  const gap = next.x - previous.right;
  return gap > Math.max(previous.height, next.height, 4) * 0.18;
}

/** Builds a line's text and item offsets. */
export function makeLine(page: number, y: number, items: TextItem[]): TextLine {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  let text = '';
  const starts: number[] = [];
  sorted.forEach((item, index) => {
    const previous = sorted[index - 1];
    if (previous && text !== '' && joinsWithSpace(previous, item)) text += ' ';
    starts.push(text.length);
    text += item.text;
  });
  return { page, y, items: sorted, text, starts };
}

/** Groups one page's items into lines, top to bottom. */
export function groupLines(page: number, items: (TextItem & { y: number })[]): TextLine[] {
  const kept = items
    .map((item) => ({ ...item, text: item.text.replace(/\s+/g, ' ').trim() }))
    .filter((item) => item.text !== '');
  kept.sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: { y: number; items: TextItem[] }[] = [];
  for (const item of kept) {
    const group = groups.find((candidate) => Math.abs(candidate.y - item.y) < SAME_LINE);
    const { y: _y, ...textItem } = item;
    if (group) group.items.push(textItem);
    else groups.push({ y: item.y, items: [textItem] });
  }
  groups.sort((a, b) => b.y - a.y);
  return groups.map((group) => makeLine(page, group.y, group.items));
}

/** The item a character offset of the line falls in. */
export function itemAt(line: TextLine, offset: number): TextItem | undefined {
  let found: TextItem | undefined;
  line.starts.forEach((start, index) => {
    if (start <= offset) found = line.items[index];
  });
  return found;
}
