/**
 * The fire-code reports (rules §10-13). The permit report (`hmpp`): the permit groups (Class I,
 * Classes II and IIIA, or one class) over their permit amount with the classes in each total, then
 * `Below threshold` (the groups tested and not over), then every hazardous product
 * line with rules §10's per-product columns. Its Excel form (`hmpp_excel`) holds the same rows, the
 * class table on a sheet named for the facility, with numbers as plain cells. The inventory
 * statement (`haz_mat_inventory` and `haz_mat_inventory_excel`): one table (one sheet) per control
 * area (a location's outdoor lines are an area of their own) with rules §11's columns and the totals per class, then the totals of every area, then
 * `Below threshold` (lines not listed, with the reason).
 */
import {
  compliance,
  FIRE_CODE_FORM_LABELS,
  FIRE_CODE_PLACE_LABELS,
  FIRE_CODE_USE_MODE_LABELS,
  PHYSICAL_STATE_LABELS,
  type PhysicalState,
  type ReportRow,
  type ReportTable,
  type ReportTotal,
} from '@chemtrack/domain';
import { column, explanationOf, listedRow, total } from './document.ts';
import { amountCell, verdictCell } from './unknown-cells.ts';

/** The heading of the section after the main table (issue 23: exactly this). */
export const FIRE_CODE_BELOW_THRESHOLD_TITLE = compliance.FIRE_CODE_BELOW_THRESHOLD_TITLE;

const CLASS_COLUMNS = [
  column('class_label', 'Hazard class'),
  column('form', 'Physical state'),
  column('place', 'Inside or outside'),
  column('quantity', 'Total quantity', 'amount'),
  column('unit', 'Unit'),
  // Issue 31: a group's total with its members ("IA 2.00 + IC 4.00"); empty for a one-class row.
  column('members', 'Classes in the total'),
  column('permit_amount', 'Permit amount', 'threshold'),
  column('permit_required', 'Permit required', 'flag'),
  column('largest_container', 'Largest container', 'amount'),
  column('line_count', 'Lines', 'count'),
  column('is_estimate', 'Estimate', 'flag'),
];

function classRow(row: compliance.HmppClassRow, withReason: boolean): ReportRow {
  return {
    cells: {
      class_label: row.class_label,
      form: FIRE_CODE_FORM_LABELS[row.form],
      place: FIRE_CODE_PLACE_LABELS[row.place],
      quantity: amountCell(row.quantity, row),
      unit: row.unit,
      members: row.members_text,
      permit_amount: row.permit_amount,
      permit_required: verdictCell(row.permit_required, row),
      largest_container: row.largest_container,
      line_count: row.line_count,
      is_estimate: row.is_estimate,
      ...(withReason ? { reason: row.explanation.rule_text } : {}),
    },
    reported: row.permit_required,
    near_threshold: row.near_threshold,
    details: row.required_in_aggregate_only
      ? ['Required by the aggregate on the property; no one container is over the permit amount.']
      : [],
    explanation: explanationOf(row.explanation),
  };
}

const PRODUCT_COLUMNS = [
  column('inventory_product_id', 'Line ID', 'count'),
  column('product_name', 'Trade name'),
  column('mfg_name', 'Manufacturer'),
  column('hazardous_ingredients', 'Hazardous ingredients (CAS)'),
  column('classes', 'Fire-code hazard classes'),
  column('nfpa', 'NFPA 704'),
  column('quantity', 'Quantity', 'amount'),
  column('unit', 'Unit'),
  column('location', 'Location'),
  column('place', 'Inside or outside'),
  column('use_mode', 'Storage or use'),
  column('class_is_estimate', 'Class estimated', 'flag'),
];

function productRow(row: compliance.HmppProductRow): ReportRow {
  return listedRow({
    inventory_product_id: row.inventory_product_id,
    product_name: row.product_name,
    mfg_name: row.mfg_name,
    hazardous_ingredients: row.hazardous_ingredients,
    classes: row.classes,
    nfpa: row.nfpa,
    quantity: row.quantity,
    unit: row.unit ?? '',
    location: row.location_stored,
    place: FIRE_CODE_PLACE_LABELS[row.place],
    use_mode: FIRE_CODE_USE_MODE_LABELS[row.use_mode],
    class_is_estimate: row.class_is_estimate,
  });
}

function hmppTablesOf(result: compliance.HmppResult, excel: { facilitySheet: string } | null): ReportTable[] {
  const plain = excel !== null ? { plain_numbers: true } : {};
  return [
    {
      key: 'hmpp_permits',
      title: result.permit_undetermined
        ? 'Permit required: hazard classes over the permit amount, or whose amount cannot be determined'
        : 'Permit required: hazard classes over the permit amount',
      sheet: excel?.facilitySheet ?? 'Permit required',
      columns: CLASS_COLUMNS,
      rows: result.rows.map((row) => classRow(row, false)),
      totals: [
        total('Hazardous materials permit required (1 = yes)', result.permit_required ? 1 : 0),
        total('Classes over the permit amount', result.rows.filter((row) => row.permit_required).length),
        ...(result.rows.some((row) => row.cannot_be_determined !== null)
          ? [
              total(
                'Classes whose permit cannot be determined (amounts unknown)',
                result.rows.filter((row) => row.cannot_be_determined !== null).length,
              ),
            ]
          : []),
      ],
      ...plain,
    },
    {
      key: 'hmpp_below_threshold',
      title: FIRE_CODE_BELOW_THRESHOLD_TITLE,
      columns: [...CLASS_COLUMNS, column('reason', 'Why no permit')],
      rows: result.below_threshold.map((row) => classRow(row, true)),
      totals: [total('Classes tested and not over the permit amount', result.below_threshold.length)],
      ...plain,
    },
    {
      key: 'hmpp_products',
      title: 'Hazardous materials on the property',
      sheet: 'Products',
      columns: PRODUCT_COLUMNS,
      rows: result.products.map(productRow),
      totals: [total('Product lines', result.products.length)],
      ...plain,
    },
    {
      // Issue 31 point 4: the lines left out for want of a class, by name, with what to record.
      key: 'hmpp_not_counted',
      title: compliance.NOT_COUNTED_TITLE,
      columns: [
        column('inventory_product_id', 'Line ID', 'count'),
        column('product_name', 'Trade name'),
        column('location', 'Location'),
        column('reason', 'Why not counted'),
      ],
      rows: result.not_counted.map((row) =>
        listedRow(
          {
            inventory_product_id: row.inventory_product_id,
            product_name: row.product_name,
            location: row.location_stored,
            reason: row.reason,
          },
          false,
        ),
      ),
      totals: [total('Lines not counted', result.not_counted.length)],
      ...plain,
    },
  ];
}

/** Excel's 31 characters, for a sheet named after a facility or a control area. */
function sheetName(name: string): string {
  return name.slice(0, 31);
}

export function hmppTables(result: compliance.HmppResult): ReportTable[] {
  return hmppTablesOf(result, null);
}

/** `hmpp_excel`: the same rows, the class table on the facility's own sheet, numbers unformatted. */
export function hmppExcelTables(
  result: compliance.HmppResult,
  context: compliance.ComplianceContext,
): ReportTable[] {
  return hmppTablesOf(result, { facilitySheet: sheetName(context.snapshot.facility.name) });
}

const AREA_COLUMNS = [
  column('inventory_product_id', 'Line ID', 'count'),
  column('product_name', 'Product name'),
  column('mfg_name', 'Manufacturer'),
  column('hazardous_ingredients', 'Hazardous ingredients (CAS)'),
  column('physical_state', 'Physical state'),
  column('class_label', 'Hazard class'),
  column('nfpa', 'NFPA 704'),
  column('container', 'Container type and size'),
  column('container_count', 'Containers', 'count'),
  column('storage', 'In storage', 'amount'),
  column('use_closed', 'In use, closed', 'amount'),
  column('use_open', 'In use, open', 'amount'),
  column('unit', 'Unit'),
  column('place', 'Inside or outside'),
  column('storage_conditions', 'Storage conditions'),
  column('class_is_estimate', 'Class estimated', 'flag'),
];

function areaRow(row: compliance.HmisRow): ReportRow {
  return {
    cells: {
      inventory_product_id: row.inventory_product_id,
      product_name: row.product_name,
      mfg_name: row.mfg_name,
      hazardous_ingredients: row.hazardous_ingredients,
      physical_state: PHYSICAL_STATE_LABELS[row.physical_state as PhysicalState] ?? row.physical_state,
      class_label: row.class_label,
      nfpa: row.nfpa,
      container: row.container,
      container_count: row.container_count,
      storage: row.storage,
      use_closed: row.use_closed,
      use_open: row.use_open,
      unit: row.unit,
      place: FIRE_CODE_PLACE_LABELS[row.place],
      storage_conditions: row.storage_conditions,
      class_is_estimate: row.class_is_estimate,
    },
    reported: null,
    near_threshold: false,
    details: [],
    explanation: explanationOf(row.explanation),
  };
}

/** "Flammable liquid Class IB (gal): in storage", … one per figure of a class in the area. */
/** An area's totals per class, each over the rows of that class the area's table prints (issue 31 point 14). */
function areaTotals(
  totals: readonly compliance.HmisTotal[],
  rows: readonly compliance.HmisRow[],
): ReportTotal[] {
  return totals.flatMap((item) => {
    const name = `${item.class_label} (${item.unit})`;
    const members = rows.filter((row) => row.hazard_class === item.hazard_class && row.unit === item.unit);
    return [
      total(
        `${name}: in storage`,
        item.storage,
        'amount',
        members.map((row) => row.storage),
      ),
      total(
        `${name}: in use, closed`,
        item.use_closed,
        'amount',
        members.map((row) => row.use_closed),
      ),
      total(
        `${name}: in use, open`,
        item.use_open,
        'amount',
        members.map((row) => row.use_open),
      ),
      total(`${name}: total`, item.total, 'amount', [item.storage, item.use_closed, item.use_open]),
    ];
  });
}

function hmisTablesOf(result: compliance.HmisResult, excel: boolean): ReportTable[] {
  const plain = excel ? { plain_numbers: true } : {};
  const areas: ReportTable[] = result.control_areas.map((area, i) => ({
    key: `hmis_area_${i + 1}`,
    title: `Control area: ${area}`,
    sheet: sheetName(area),
    columns: AREA_COLUMNS,
    rows: result.rows.filter((row) => row.control_area === area).map(areaRow),
    totals: areaTotals(
      result.totals.filter((item) => item.control_area === area),
      result.rows.filter((row) => row.control_area === area),
    ),
    ...plain,
  }));
  return [
    ...areas,
    {
      key: 'hmis_totals',
      title: 'Totals per hazard class per control area',
      sheet: 'Totals by control area',
      columns: [
        column('control_area', 'Control area'),
        column('place', 'Inside or outside'),
        column('class_label', 'Hazard class'),
        column('form', 'Physical state'),
        column('unit', 'Unit'),
        column('storage', 'In storage', 'amount'),
        column('use_closed', 'In use, closed', 'amount'),
        column('use_open', 'In use, open', 'amount'),
        column('total', 'Total', 'amount'),
        column('line_count', 'Lines', 'count'),
      ],
      rows: result.totals.map((item) =>
        listedRow({
          control_area: item.control_area,
          place: FIRE_CODE_PLACE_LABELS[item.place],
          class_label: item.class_label,
          form: FIRE_CODE_FORM_LABELS[item.form],
          unit: item.unit,
          storage: item.storage,
          use_closed: item.use_closed,
          use_open: item.use_open,
          total: item.total,
          line_count: item.line_count,
        }),
      ),
      totals: [
        total('Control areas', result.control_areas.length),
        total('Rows (a product under each of its classes)', result.rows.length),
      ],
      ...plain,
    },
    {
      key: 'hmis_below_threshold',
      title: FIRE_CODE_BELOW_THRESHOLD_TITLE,
      columns: [
        column('control_area', 'Control area'),
        column('inventory_product_id', 'Line ID', 'count'),
        column('product_name', 'Product name'),
        column('reason', 'Why not listed'),
      ],
      rows: result.below_threshold.map((row) =>
        listedRow(
          {
            control_area: row.control_area,
            inventory_product_id: row.inventory_product_id,
            product_name: row.product_name,
            reason: row.reason,
          },
          false,
        ),
      ),
      totals: [total('Lines tested and not listed', result.below_threshold.length)],
      ...plain,
    },
  ];
}

export function hmisTables(result: compliance.HmisResult): ReportTable[] {
  return hmisTablesOf(result, false);
}

export function hmisExcelTables(result: compliance.HmisResult): ReportTable[] {
  return hmisTablesOf(result, true);
}
