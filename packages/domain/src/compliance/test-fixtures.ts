/**
 * Builders for the engine's tests (not used by the app): a line is a 55-gallon drum of water-like
 * liquid unless a test says otherwise, so each test states only the figures its hand computation uses.
 */
import type {
  ComplianceSnapshot,
  ReferenceEntry,
  ReferenceLists,
  SnapshotComponent,
  SnapshotLine,
} from './types.ts';

let nextId = 1000;

export function component(
  cas_number: string,
  name: string,
  percentage_weight: number | null,
  extra: Partial<SnapshotComponent> = {},
): SnapshotComponent {
  return { cas_number, name, percentage_weight, ...extra };
}

export function line(overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  const id = overrides.inventory_product_id ?? nextId++;
  return {
    inventory_product_id: id,
    product_id: overrides.product_id ?? id,
    product_name: `Product ${id}`,
    physical_state: 'liquid',
    container_name: 'Drum',
    unit_name: 'gal',
    unit_type: 'gal',
    container_size: 55,
    container_quantity: 1,
    max_gallons: null,
    max_pounds: null,
    pounds_per_gallon: 8.34,
    specific_gravity: null,
    density: null,
    conversion_factor: null,
    is_sara_f: false,
    is_sara_p: false,
    is_sara_r: false,
    is_sara_a: false,
    is_sara_c: false,
    is_spcc: false,
    is_manufactured: false,
    is_processed: false,
    is_otherwise_used: false,
    location_stored: 'WAREHOUSE',
    components: [],
    ...overrides,
  };
}

/** A solid weighed in pounds: `count` containers of `size` lb. */
export function solid(size: number, count: number, overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  return line({
    physical_state: 'solid',
    container_name: 'Bag',
    unit_name: 'lb',
    unit_type: 'lb',
    container_size: size,
    container_quantity: count,
    pounds_per_gallon: null,
    ...overrides,
  });
}

/** A gas measured in cubic feet: `count` cylinders of `size` cu ft at `factor` cu ft per lb. */
export function gas(size: number, count: number, factor: number, overrides: Partial<SnapshotLine> = {}) {
  return line({
    physical_state: 'compressed gas',
    container_name: 'Cylinder',
    unit_name: 'cu ft',
    unit_type: 'cu',
    container_size: size,
    container_quantity: count,
    pounds_per_gallon: null,
    conversion_factor: factor,
    ...overrides,
  });
}

/** A line whose stored max pounds are given directly (the container calculation already ran). */
export function stored(pounds: number, overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  return solid(pounds, 1, { max_pounds: pounds, ...overrides });
}

export function snapshot(lines: SnapshotLine[], year = 2025): ComplianceSnapshot {
  return { customer: { id: 1, name: 'Acme Chemical' }, facility: { id: 2, name: 'Plant 1' }, year, lines };
}

function entry(
  list_type: ReferenceEntry['list_type'],
  chemical_name: string,
  cas_number: string,
  extra: Partial<ReferenceEntry> = {},
): ReferenceEntry {
  return {
    list_type,
    chemical_name,
    cas_number,
    threshold_quantity_lbs: null,
    final_reportable_quantity_lb: null,
    ...extra,
  };
}

export const CAS = {
  ammonia: '7664-41-7',
  ammoniumHydroxide: '1336-21-6',
  chlorine: '7782-50-5',
  sulfuricAcid: '7664-93-9',
  phenol: '108-95-2',
  formaldehyde: '50-00-0',
  acrylonitrile: '107-13-1',
  chloroform: '67-66-3',
  toluene: '108-88-3',
  methanol: '67-56-1',
  lead: '7439-92-1',
  water: '7732-18-5',
  xylene: '1330-20-7',
  pfoa: '335-67-1',
} as const;

/**
 * The shipped sample lists' values (../shared/data: EHS ammonia 500, chlorine 100, sulfuric acid
 * 1,000; CERCLA ammonia 100, ammonium hydroxide 1,000, chlorine 10, acrylonitrile 100, chloroform
 * 10) plus test entries: phenol with two TPQs, formaldehyde as an EHS of TPQ 500, lead as a PBT,
 * PFOA as a PFAS, sulfuric acid as the 313 list names it (acid aerosols only).
 */
export const LISTS: ReferenceLists = {
  entries: [
    entry('ehs', 'Ammonia', CAS.ammonia, { threshold_quantity_lbs: 500, tpq_text: '500' }),
    entry('ehs', 'Chlorine', CAS.chlorine, { threshold_quantity_lbs: 100, tpq_text: '100' }),
    entry('ehs', 'Sulfuric acid', CAS.sulfuricAcid, { threshold_quantity_lbs: 1000, tpq_text: '1000' }),
    entry('ehs', 'Phenol', CAS.phenol, { threshold_quantity_lbs: 500, tpq_text: '500/10,000' }),
    entry('ehs', 'Formaldehyde', CAS.formaldehyde, { threshold_quantity_lbs: 500, tpq_text: '500' }),
    entry('cercla', 'Ammonia', CAS.ammonia, { final_reportable_quantity_lb: 100 }),
    entry('cercla', 'Ammonium hydroxide', CAS.ammoniumHydroxide, { final_reportable_quantity_lb: 1000 }),
    entry('cercla', 'Chlorine', CAS.chlorine, { final_reportable_quantity_lb: 10 }),
    entry('cercla', 'Acrylonitrile', CAS.acrylonitrile, { final_reportable_quantity_lb: 100 }),
    entry('cercla', 'Chloroform', CAS.chloroform, { final_reportable_quantity_lb: 10 }),
    entry('313', 'Ammonia', CAS.ammonia, {
      condition:
        'includes anhydrous ammonia and aqueous ammonia from water dissociable ammonium salts (10% of total aqueous ammonia)',
    }),
    entry('313', 'Toluene', CAS.toluene),
    entry('313', 'Methanol', CAS.methanol),
    entry('313', 'Formaldehyde', CAS.formaldehyde),
    entry('313', 'Lead', CAS.lead, { is_pbt: true, threshold_quantity_lbs: 100 }),
    entry('313', 'Xylene (mixed isomers)', CAS.xylene),
    entry('313', 'Certain glycol ethers', '', { category: 'N230' }),
    entry('313', 'Perfluorooctanoic acid', CAS.pfoa, { is_pfas: true }),
    entry(
      '313',
      'Sulfuric acid (acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size)',
      CAS.sulfuricAcid,
      {
        condition:
          'acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size',
      },
    ),
    entry('rmp', 'Ammonia (anhydrous)', CAS.ammonia, {
      condition: 'anhydrous',
      threshold_quantity_lbs: 10000,
    }),
    entry('psm', 'Ammonia, Anhydrous', CAS.ammonia, { threshold_quantity_lbs: 10000 }),
  ],
  uploaded_at: { ehs: '2026-01-15', cercla: '2026-01-15', '313': '2026-02-01' },
};
