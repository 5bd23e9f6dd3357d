import {
  PREVIEW_PAGE_SIZE,
  type ReportPreviewDocument,
  ReportPreviewExplanationResponseSchema,
  ReportPreviewResponseSchema,
  ReportPreviewRowsResponseSchema,
  type ReportRow,
} from '@chemtrack/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * A preview read whole through its parts (issue 37): the first answer, every further page of each
 * table (`POST /report/preview/rows`) and every row's explanation (`POST /report/preview/explanation`),
 * put back together in the shape the preview answered before it paged. The tests of the figures
 * read it, so every one of them goes through the routes a person's screen asks.
 */
export type WholePreview = Omit<ReportPreviewDocument, 'tables'> & {
  tables: (Omit<ReportPreviewDocument['tables'][number], 'rows'> & { rows: ReportRow[] })[];
};

export type PostJson = (url: string, payload: Record<string, unknown>) => Promise<LightMyRequestResponse>;

export async function wholePreview(post: PostJson, request: Record<string, unknown>): Promise<WholePreview> {
  const first = await post('/report/preview', request);
  expect(first.statusCode, first.body).toBe(200);
  const report = ReportPreviewResponseSchema.parse(first.json()).resource;
  const part = { ...request, version: report.version };
  const warnings = await allPages(
    post,
    '/report/preview/warnings',
    part,
    report.warnings,
    report.warning_count,
  );
  const infoGroups = await allPages(
    post,
    '/report/preview/info-groups',
    part,
    report.info_groups,
    report.info_group_count,
  );
  const tables = [];
  for (const table of report.tables) {
    const rows = [...table.rows];
    for (let page = 2; rows.length < table.row_count; page++) {
      const res = await post('/report/preview/rows', {
        ...part,
        table: table.key,
        page,
        ipp: PREVIEW_PAGE_SIZE,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { items } = ReportPreviewRowsResponseSchema.parse(res.json()).resource;
      expect(items.length).toBeGreaterThan(0);
      rows.push(...items);
    }
    const whole: ReportRow[] = [];
    for (const row of rows) {
      const res = await post('/report/preview/explanation', { ...part, table: table.key, row: row.index });
      expect(res.statusCode, res.body).toBe(200);
      const { explanation, details } = ReportPreviewExplanationResponseSchema.parse(res.json()).resource;
      expect(explanation !== null).toBe(row.explained);
      whole.push({
        cells: row.cells,
        reported: row.reported,
        near_threshold: row.near_threshold,
        details,
        explanation,
      });
    }
    tables.push({ ...table, rows: whole });
  }
  return { ...report, tables, warnings, info_groups: infoGroups };
}

/** A list the first answer holds the first page of, read to its end. */
async function allPages<Item>(
  post: PostJson,
  url: string,
  part: Record<string, unknown>,
  firstPage: Item[],
  count: number,
): Promise<Item[]> {
  const items = [...firstPage];
  for (let page = 2; items.length < count; page++) {
    const res = await post(url, { ...part, page, ipp: PREVIEW_PAGE_SIZE });
    expect(res.statusCode, res.body).toBe(200);
    const next = (res.json() as { resource: { items: Item[] } }).resource.items;
    expect(next.length).toBeGreaterThan(0);
    items.push(...next);
  }
  return items;
}
