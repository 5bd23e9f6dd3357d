import {
  DEFAULT_REPORT_SETTINGS,
  formatReportCell,
  type ReportChanges,
  type ReportDocument,
  type ReportInfoGroup,
  type ReportPreviewDocument,
  type ReportRow,
  reportPreviewDocument,
} from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reportChangesOptions, reportPreviewExplanationOptions } from './api.ts';
import { ReportPreview } from './report-preview.tsx';

/**
 * The preview's drawing of a report document as the server sends it (the shape is the domain's
 * ReportPreviewDocumentSchema; the figures and explanations themselves are the server tests').
 */

const row = (n: number): ReportRow => ({
  cells: { name: `Chemical ${n}`, pounds: 1000 + n + 0.005, threshold: 10000, flag: n % 2 === 0 },
  reported: n === 1,
  near_threshold: n === 2,
  details: [],
  explanation: {
    rule_text: `${n} lb ≥ 10,000 lb`,
    contributions: [],
    excluded: [],
    notes: [],
  },
});

/** The first answer of a hand-made report, as the server writes it (the domain's own function). */
function document(rows: number, warnings: number): ReportPreviewDocument {
  const whole = wholeDocument(rows, warnings);
  const first = reportPreviewDocument(whole, 'v1');
  wholes.set(first, whole);
  return first;
}
/** Each first answer's whole report, whose explanations the cache is given. */
const wholes = new WeakMap<ReportPreviewDocument, ReportDocument>();

/** The information groups of a first answer, with their counts as the server gives them. */
function withInfoGroups(report: ReportPreviewDocument, groups: ReportInfoGroup[]) {
  report.info_groups = groups;
  report.info_group_count = groups.length;
  report.info_warning_count = groups.reduce((sum, group) => sum + group.count, 0);
}

function wholeDocument(rows: number, warnings: number): ReportDocument {
  return {
    type: 'epcra_311_312_tier2',
    name: 'EPCRA 311/312 Tier I and II',
    title: 'EPCRA 311/312 Tier I and Tier II (screening)',
    customer: { id: 1, name: 'Preview Co.' },
    facility: { id: 2, name: 'Preview Plant', address: '1 Test Way, Tulsa, OK 74107' },
    year: 2025,
    inventory_id: 7,
    generated_at: '2026-11-23T10:00:00.000Z',
    is_screening: true,
    coverage: 'covered',
    rule: 'The rule in one paragraph.',
    header: [
      { label: 'SDS percent ranges', value: 'Upper bound of SDS percent ranges' },
      { label: 'Tier II option (40 CFR 370.14)', value: 'Each mixture as a whole' },
    ],
    notes: [],
    lists_used: [
      { list_type: 'ehs', label: 'EHS list (EPCRA 302)', uploaded_at: '2026-03-07T12:00:00.000Z' },
      { list_type: 'cercla', label: 'CERCLA list', uploaded_at: null },
    ],
    unverified: [],
    tables: [
      {
        key: 'tier2',
        title: 'Tier II chemicals',
        columns: [
          { key: 'name', label: 'Chemical', kind: 'text' },
          { key: 'pounds', label: 'Max (lb)', kind: 'pounds' },
          { key: 'threshold', label: 'Threshold (lb)', kind: 'threshold' },
          { key: 'flag', label: 'EHS', kind: 'flag' },
        ],
        rows: Array.from({ length: rows }, (_, i) => row(i + 1)),
        totals: [{ label: 'Reportable chemicals', value: 1, kind: 'count' }],
      },
    ],
    warnings: Array.from({ length: warnings }, (_, i) => ({
      code: 'missing_density',
      severity: 'warning',
      message: `Line ${i + 1} has no density.`,
      inventory_product_id: 100 + i,
      product_id: 1,
      product_name: `Product ${i + 1}`,
      location_stored: 'SHED',
    })),
  };
}

/** The request the preview was drawn for, as the Reports screen sends it. */
const requestOf = (report: ReportPreviewDocument) => ({
  type: report.type,
  customer_id: report.customer.id,
  facility_id: report.facility.id,
  year: report.year,
  ...DEFAULT_REPORT_SETTINGS,
});

/** The fixture's first year as `GET /report/changes` answers it (nothing to compare). */
const FIRST_YEAR: ReportChanges = { previous_year: null, added: [], removed: [], changed: [] };

/**
 * The preview drawn from a hand-made document, as the server sends it; a Tier II preview asks
 * `GET /report/changes` too, whose answer (hand-made as well) the query cache holds already, so
 * this file draws and never fetches (year-changes.test.tsx asks the real server).
 */
async function renderPreview(report: ReportPreviewDocument, changes: ReportChanges = FIRST_YEAR) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(
    reportChangesOptions({
      type: report.type,
      customer_id: report.customer.id,
      facility_id: report.facility.id,
      year: report.year,
    }).queryKey,
    { resource: changes },
  );
  // Each row's explanation as `POST /report/preview/explanation` answers it (preview-pages.test.tsx asks the real server).
  const request = requestOf(report);
  for (const [t, table] of (wholes.get(report)?.tables ?? []).entries())
    for (const [index, row] of table.rows.entries())
      client.setQueryData(
        reportPreviewExplanationOptions({
          ...request,
          version: report.version,
          table: report.tables[t]!.key,
          row: index,
        }).queryKey,
        { resource: { explanation: row.explanation, details: row.details } },
      );
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/reports',
    component: () => <ReportPreview report={report} request={request} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/reports'] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: report.title });
}

describe('ReportPreview', () => {
  it('shows the header, the screening note, the lists used and formatted, marked rows', async () => {
    const preview = await renderPreview(document(3, 1));
    expect(within(preview).getByRole('note').textContent).toMatch(/^Screening:/);
    expect(preview.textContent).toContain('Preview Co. · Preview Plant, 1 Test Way, Tulsa, OK 74107 · 2025');
    expect(preview.textContent).toContain('EHS list (EPCRA 302): uploaded 03-07-2026');
    expect(preview.textContent).toContain('CERCLA list: never uploaded');
    const settings = preview.querySelector('dl[aria-label="Report settings"]');
    expect(settings?.textContent).toBe(
      'SDS percent rangesUpper bound of SDS percent rangesTier II option (40 CFR 370.14)Each mixture as a whole',
    );
    const table = within(preview).getByRole('table', { name: 'Tier II chemicals' });
    const [, first, second, third] = within(table).getAllByRole('row');
    // The row's name and its Explain button come first, pinned (issue 33 point 12), then the status.
    expect(first?.textContent).toBe('Chemical 1ExplainReported1,001.0110,000N');
    expect(first?.getAttribute('data-reported')).toBe('true');
    expect(second?.textContent).toContain('near threshold');
    expect(third?.textContent).toBe('Chemical 3Explain1,003.0110,000N');
    expect(preview.textContent).toContain('Reportable chemicals:1');
    const fix = within(preview).getByRole('link', { name: 'Fix Product 1 at SHED' });
    // A missing density is fixed on the product (issue 33 point 2), no longer on the line.
    expect(fix.getAttribute('href')).toBe('/products/1');
  });

  // Issue 33 point 12: a wide table keeps the name, the verdict and Explain pinned on the left
  // (the layout itself is checked at 1366×768 in e2e/tests/reports.spec.ts).
  it('pins the name, the Reportable column and Explain, and keeps a CAS number on one line', async () => {
    const report = document(2, 0);
    const [table] = report.tables;
    if (!table) throw new Error('no table');
    table.columns = [
      { key: 'name', label: 'Chemical', kind: 'text' },
      { key: 'cas_number', label: 'CAS', kind: 'text' },
      { key: 'pounds', label: 'Max (lb)', kind: 'pounds' },
      { key: 'reportable', label: 'Reportable', kind: 'flag' },
    ];
    table.rows = table.rows.map((row, i) => ({
      ...row,
      cells: { ...row.cells, cas_number: '7647-01-0', reportable: i === 0 },
    }));
    const preview = await renderPreview(report);
    const drawn = within(preview).getByRole('table', { name: 'Tier II chemicals' });
    const headers = within(drawn)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Chemical', 'Reportable', 'Explanation', 'Status', 'CAS', 'Max (lb)']);
    const [, first] = within(drawn).getAllByRole('row');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => [cell.className.includes('sticky'), cell.style.left])).toEqual([
      [true, '0rem'],
      [true, '12rem'],
      [true, '19rem'],
    ]);
    expect(cells[1]?.textContent).toBe('Y');
    const cas = within(drawn).getAllByRole('cell', { name: '7647-01-0' })[0];
    expect(cas?.className).toContain('whitespace-nowrap');
  });

  it('a warning about a reference list names no line, so it has no Fix link (issue 21: 313 list markers)', async () => {
    const report = document(1, 1);
    report.warnings.unshift({
      code: 'list_without_markers',
      severity: 'warning',
      message: 'The EPCRA 313 list in use marks no chemical as PBT or PFAS.',
      inventory_product_id: null,
      product_id: null,
      product_name: '',
      location_stored: '',
    });
    const preview = await renderPreview(report);
    const [listWarning, lineWarning] = within(
      within(preview).getByRole('list', { name: 'Warnings' }),
    ).getAllByRole('listitem');
    expect(listWarning?.textContent).toBe('The EPCRA 313 list in use marks no chemical as PBT or PFAS. ');
    expect(within(listWarning as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(lineWarning as HTMLElement).getByRole('link').textContent).toBe('Fix Product 1 at SHED');
  });

  it('a missing conversion factor or density is fixed on the product: its Fix link opens the product (issue 33 point 2)', async () => {
    const report = document(1, 1);
    report.warnings.unshift({
      code: 'missing_fire_code_amount',
      severity: 'warning',
      message:
        'Chlorine at YARD (line 70): 4,000.00 lb of gas with no conversion factor (cu ft per lb): its cubic feet at NTP are unknown; left out of the fire-code totals',
      inventory_product_id: 70,
      product_id: 700,
      product_name: 'Chlorine',
      location_stored: 'YARD',
    });
    const other = report.warnings[1];
    if (other) other.code = 'missing_percent';
    const preview = await renderPreview(report);
    const [productWarning, lineWarning] = within(
      within(preview).getByRole('list', { name: 'Warnings' }),
    ).getAllByRole('listitem');
    const fix = within(productWarning as HTMLElement).getByRole('link', { name: 'Fix Chlorine at YARD' });
    expect(fix.getAttribute('href')).toBe('/products/700');
    // Other warnings still open the line.
    expect(
      within(lineWarning as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/inventories/7/products/100');
  });

  it('links each count of unverified lines, in the header and the warnings, to the line list filtered to them (issue 22)', async () => {
    const report = document(1, 0);
    const groups = [
      {
        code: 'unchecked_carry_over',
        worklist: 'unchecked',
        text: '3 lines carried over from 2025 not yet checked',
      },
      { code: 'open_question', worklist: 'question', text: '1 open question' },
    ] as const;
    report.unverified = groups.map((group) => ({
      ...group,
      count: 1,
      lines: [{ inventory_product_id: 100, product_name: 'Toluene', location_stored: 'SHED' }],
    }));
    report.header.unshift({
      label: 'Not yet verified',
      value: '3 lines carried over from 2025 not yet checked; 1 open question',
    });
    for (const group of groups) {
      report.warnings.push({
        code: group.code,
        severity: 'warning',
        message: `${group.text}: Toluene at SHED (line 100)`,
        inventory_product_id: null,
        product_id: null,
        product_name: '',
        location_stored: '',
      });
    }
    report.warning_count = report.warnings.length;
    const preview = await renderPreview(report);
    const settings = preview.querySelector('dl[aria-label="Report settings"]') as HTMLElement;
    expect(settings.textContent).toContain(
      'Not yet verified3 lines carried over from 2025 not yet checked; 1 open question',
    );
    const unchecked = within(settings).getByRole('link', {
      name: '3 lines carried over from 2025 not yet checked',
    });
    expect(unchecked.getAttribute('href')).toBe('/inventories/7/products?worklist=unchecked');
    const questions = within(settings).getByRole('link', { name: '1 open question' });
    expect(questions.getAttribute('href')).toBe('/inventories/7/products?worklist=question');
    const warnings = within(within(preview).getByRole('list', { name: 'Warnings' })).getAllByRole('listitem');
    expect(warnings.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/inventories/7/products?worklist=unchecked',
      '/inventories/7/products?worklist=question',
    ]);
    expect(warnings[0]?.textContent).toBe(
      '3 lines carried over from 2025 not yet checked: Toluene at SHED (line 100) Show these lines',
    );
  });

  it('shows information warnings once per code and CAS, with the count of lines and links to the first ones (issue 24)', async () => {
    const report = document(1, 1);
    const first = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        inventory_product_id: 200 + i,
        product_name: `Cleaner ${i + 1}`,
        location_stored: i === 0 ? '' : `BAY ${i + 1}`,
      }));
    withInfoGroups(report, [
      {
        code: 'cas_not_listed',
        cas_number: '7732-18-5',
        component_name: 'Water',
        message: 'CAS is on none of the reference lists',
        count: 4998,
        lines: first(5),
      },
      {
        code: 'cas_not_listed',
        cas_number: '56-81-5',
        component_name: 'Glycerin',
        message: 'CAS is on none of the reference lists',
        count: 1,
        lines: [{ inventory_product_id: 300, product_name: 'Rinse', location_stored: 'WASH' }],
      },
    ]);
    const preview = await renderPreview(report);
    expect(within(preview).getByRole('heading', { name: 'Warnings (1)' })).toBeTruthy();
    expect(
      within(preview).getByRole('heading', { name: 'Information (4,999 warnings in 2 groups)' }),
    ).toBeTruthy();
    const [water, glycerin] = within(within(preview).getByRole('list', { name: 'Information' })).getAllByRole(
      'listitem',
    );
    expect(water?.textContent).toBe(
      'Water 7732-18-5: CAS is on none of the reference lists — 4,998 lines: ' +
        'Cleaner 1; Cleaner 2 at BAY 2; Cleaner 3 at BAY 3; Cleaner 4 at BAY 4; Cleaner 5 at BAY 5; and 4,993 more',
    );
    expect(
      within(water as HTMLElement)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Cleaner 1', '/inventories/7/products/200'],
      ['Cleaner 2 at BAY 2', '/inventories/7/products/201'],
      ['Cleaner 3 at BAY 3', '/inventories/7/products/202'],
      ['Cleaner 4 at BAY 4', '/inventories/7/products/203'],
      ['Cleaner 5 at BAY 5', '/inventories/7/products/204'],
    ]);
    expect(glycerin?.textContent).toBe(
      'Glycerin 56-81-5: CAS is on none of the reference lists — 1 line: Rinse at WASH',
    );
    expect(
      within(glycerin as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/inventories/7/products/300');
  });

  it('a report with information warnings alone shows no Warnings box', async () => {
    const report = document(1, 0);
    withInfoGroups(report, [
      {
        code: 'cas_not_listed',
        cas_number: '7732-18-5',
        component_name: 'Water',
        message: 'CAS is on none of the reference lists',
        count: 1,
        lines: [{ inventory_product_id: 300, product_name: 'Rinse', location_stored: 'WASH' }],
      },
    ]);
    const preview = await renderPreview(report);
    expect(within(preview).queryByRole('heading', { name: /^Warnings/ })).toBeNull();
    expect(within(preview).getByRole('heading', { name: 'Information (1 warning in 1 group)' })).toBeTruthy();
  });

  // Issue 36: the lists as GET /report/changes gives them (report-changes.test.ts's fixture), in
  // the Tier II PDF's words and place: after the tables, before the warnings.
  it("shows a Tier II preview's changes since the previous year after the tables", async () => {
    const preview = await renderPreview(document(1, 1), {
      previous_year: 2024,
      added: [
        { cas_number: '1330-20-7', name: 'Xylene', max_amount_code: '03', reported_on_tier2: 'not covered' },
      ],
      removed: [],
      changed: [
        {
          cas_number: '67-64-1',
          name: 'Acetone',
          field: 'max_amount_code',
          label: 'Maximum amount code',
          before: '04',
          after: '05',
        },
        {
          cas_number: '67-64-1',
          name: 'Acetone',
          field: 'locations',
          label: 'Storage locations',
          before: '',
          after: 'Tank / Ambient pressure / Ambient temperature: YARD',
        },
      ],
    });
    const section = within(preview).getByRole('region', { name: 'Changes since 2024' });
    // A sub-section of the report, as the lists used and the warnings: h3 under the report's h2.
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Changes since 2024');
    expect(
      within(section)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Added (1)', 'Removed (0)', 'Changed (2)']);
    expect(
      within(within(section).getByRole('list', { name: 'Added (1)' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Xylene 1330-20-7: Maximum amount code: 03; Reported on Tier II: not covered']);
    expect(
      within(within(section).getByRole('list', { name: 'Changed (2)' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Acetone 67-64-1: Maximum amount code: 04 → 05',
      // An empty value says so.
      'Acetone 67-64-1: Storage locations: (none) → Tank / Ambient pressure / Ambient temperature: YARD',
    ]);
    expect(section.textContent).toContain('Removed (0)None.');
    const table = within(preview).getByRole('table', { name: 'Tier II chemicals' });
    const warnings = within(preview).getByRole('heading', { name: 'Warnings (1)' });
    expect(table.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(warnings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says a first year has nothing to compare, and another type shows no changes', async () => {
    const first = await renderPreview(document(1, 0));
    const section = within(first).getByRole('region', { name: 'Changes since last year' });
    expect(section.textContent).toBe('Changes since last yearNo earlier inventory to compare with.');
    cleanup();
    const report = { ...document(1, 0), type: 'epcra_302' as const, title: 'EPCRA 302' };
    const other = await renderPreview(report);
    expect(within(other).queryByRole('region', { name: /^Changes since/ })).toBeNull();
  });

  it('opens and closes a figure’s explanation', async () => {
    const preview = await renderPreview(document(2, 0));
    const explain = within(preview).getByRole('button', { name: 'Explain Chemical 1' });
    expect(explain.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(explain);
    expect(explain.getAttribute('aria-expanded')).toBe('true');
    expect(within(preview).getByText('1 lb ≥ 10,000 lb')).toBeTruthy();
    await userEvent.click(explain);
    expect(within(preview).queryByText('1 lb ≥ 10,000 lb')).toBeNull();
  });

  it('writes each kind of figure as the PDF does', () => {
    expect(formatReportCell(1234.565, 'pounds')).toBe('1,234.57');
    expect(formatReportCell(12.5, 'gallons')).toBe('12.50');
    expect(formatReportCell(500, 'threshold')).toBe('500');
    expect(formatReportCell(0.1, 'percent')).toBe('0.1');
    expect(formatReportCell(1.234, 'ratio')).toBe('1.23');
    expect(formatReportCell(3.2, 'count')).toBe('3');
    expect(formatReportCell(true, 'flag')).toBe('Y');
    expect(formatReportCell(null, 'pounds')).toBe('N/A');
    expect(formatReportCell(null, 'text')).toBe('');
  });
});
