import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFRef } from 'pdf-lib';

export interface Bookmark {
  title: string;
  /** The page the bookmark opens. */
  page: PDFRef;
}

/**
 * A flat document outline (the viewer's bookmarks panel). pdf-lib has no outline API, so the
 * /Outlines dictionary and its items (a doubly linked list under one parent, PDF 1.7 §12.3.3)
 * are built from low-level objects. Titles are UTF-16 hex strings, so any product name shows.
 */
export function addOutline(pdf: PDFDocument, bookmarks: Bookmark[]): void {
  if (bookmarks.length === 0) return;
  const { context } = pdf;
  const rootRef = context.nextRef();
  const itemRefs = bookmarks.map(() => context.nextRef());

  bookmarks.forEach((bookmark, index) => {
    const item = PDFDict.withContext(context);
    item.set(PDFName.of('Title'), PDFHexString.fromText(bookmark.title));
    item.set(PDFName.of('Parent'), rootRef);
    const previous = itemRefs[index - 1];
    const next = itemRefs[index + 1];
    if (previous) item.set(PDFName.of('Prev'), previous);
    if (next) item.set(PDFName.of('Next'), next);
    const destination = PDFArray.withContext(context);
    destination.push(bookmark.page);
    destination.push(PDFName.of('Fit'));
    item.set(PDFName.of('Dest'), destination);
    context.assign(itemRefs[index]!, item);
  });

  const root = PDFDict.withContext(context);
  root.set(PDFName.of('Type'), PDFName.of('Outlines'));
  root.set(PDFName.of('First'), itemRefs[0]!);
  root.set(PDFName.of('Last'), itemRefs[itemRefs.length - 1]!);
  root.set(PDFName.of('Count'), PDFNumber.of(itemRefs.length));
  context.assign(rootRef, root);

  pdf.catalog.set(PDFName.of('Outlines'), rootRef);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
