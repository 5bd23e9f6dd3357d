import { compliance, REGULATORY_LIST_TYPES, REPORT_TYPES } from '@chemtrack/domain';
import type { ReportInputs } from '../documents/draw.ts';

/**
 * What a worker started ahead of its first report draws (`worker.ts` warmUp): every type of a
 * made-up facility-year of three lines. Also the warm-up of bench/engine-first-run.ts, so its
 * figures are those of a warmed worker.
 */
export function warmUpInputs(): ReportInputs[] {
  const line = (id: number, state: 'liquid' | 'solid'): compliance.SnapshotLine => ({
    inventory_product_id: id,
    product_id: id,
    product_name: `Warm-up ${id}`,
    physical_state: state,
    container_name: state === 'liquid' ? 'Drum' : 'Bag',
    unit_name: state === 'liquid' ? 'gal' : 'lb',
    unit_type: state === 'liquid' ? 'gal' : 'lb',
    container_size: 55,
    container_quantity: 2,
    max_gallons: null,
    max_pounds: null,
    pounds_per_gallon: state === 'liquid' ? 8.34 : null,
    specific_gravity: null,
    density: null,
    conversion_factor: null,
    is_sara_f: true,
    is_sara_p: false,
    is_sara_r: false,
    is_sara_a: true,
    is_sara_c: false,
    is_spcc: state === 'liquid',
    is_manufactured: false,
    is_processed: true,
    is_otherwise_used: false,
    location_stored: 'WAREHOUSE',
    components: [
      { cas_number: '7782-50-5', name: 'Chlorine', percentage_weight: 50 },
      {
        cas_number: '7732-18-5',
        name: 'Water',
        percentage_weight: null,
        percentage_weight_low: 10,
        percentage_weight_high: 50,
      },
    ],
  });
  const lists: compliance.ReferenceLists = {
    entries: REGULATORY_LIST_TYPES.map((list_type) => ({
      list_type,
      chemical_name: 'Chlorine',
      cas_number: '7782-50-5',
      threshold_quantity_lbs: 100,
      final_reportable_quantity_lb: 10,
    })),
  };
  const snapshot: compliance.ComplianceSnapshot = {
    customer: { id: 0, name: 'Warm-up' },
    facility: { id: 0, name: 'Warm-up' },
    year: 2000,
    lines: [line(1, 'liquid'), line(2, 'solid'), line(3, 'solid')],
  };
  return REPORT_TYPES.filter(compliance.isReportAvailable).map((type) => ({
    type,
    snapshot,
    lists,
    options: {},
    inventoryId: 0,
    generatedAt: new Date(0),
  }));
}
