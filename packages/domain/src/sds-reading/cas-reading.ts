import { isValidCasNumber } from '../shared/cas.ts';

/** A CAS-shaped token as printed, leading zeros allowed (`0003658-77-3`). */
export const CAS_TOKEN = /(?<![\d-])0*(\d{2,7})\s?-\s?(\d{2})\s?-\s?(\d)(?![\d-])/g;

export interface PrintedCas {
  /** With dashes, leading zeros removed (`3658-77-3`). */
  number: string;
  /** Whether its check digit is right. */
  isValid: boolean;
}

/** A printed CAS number in its canonical form, and whether its check digit holds. */
export function readPrintedCas(printed: string): PrintedCas | null {
  const match = new RegExp(CAS_TOKEN.source).exec(printed);
  if (!match) return null;
  const number = `${match[1]}-${match[2]}-${match[3]}`;
  return { number, isValid: isValidCasNumber(number) };
}

/** Every CAS-shaped token of a text, in order, canonical. */
export function findPrintedCas(text: string): (PrintedCas & { index: number; printed: string })[] {
  return [...text.matchAll(CAS_TOKEN)].map((match) => {
    const number = `${match[1]}-${match[2]}-${match[3]}`;
    return { number, isValid: isValidCasNumber(number), index: match.index, printed: match[0] };
  });
}
