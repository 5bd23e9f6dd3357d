/**
 * The work every programme shares, done once per snapshot: line quantities, usable components,
 * the indexed lists and the data warnings.
 */
import { DEFAULT_PERMIT_AMOUNTS, type PermitAmount } from '../products/fire-code-classes.ts';
import type { RegulatoryListType } from '../shared/enums.ts';
import { collectComponents, type LineComponent, type UnknownPercentComponent } from './aggregation.ts';
import { computeLineQuantity, type LineQuantity, type ProductQuantity, sumByProduct } from './quantities.ts';
import { indexReferenceLists, type ReferenceIndex } from './reference.ts';
import { DEFAULT_NEAR_THRESHOLD_FRACTION } from './thresholds.ts';
import type { ComplianceOptions, ComplianceSnapshot, PercentBasis, ReferenceLists } from './types.ts';
import { type UnverifiedGroup, unverifiedGroups, unverifiedWarning } from './unverified.ts';
import { CAS_NOT_LISTED_DETAIL, type EngineWarning, lineWarning } from './warnings.ts';

export interface ResolvedOptions {
  percent_basis: PercentBasis;
  tier2_non_ehs_basis: 'product' | 'component';
  near_threshold_fraction: number;
}

export interface ComplianceContext {
  snapshot: ComplianceSnapshot;
  lists: ReferenceIndex;
  options: ResolvedOptions;
  lines: LineQuantity[];
  products: ProductQuantity[];
  components: LineComponent[];
  /** Components with a CAS but no percent by weight (the 304 mixture rule reads them). */
  components_without_percent: UnknownPercentComponent[];
  /** Lines not yet checked this year and open questions, which every report counts and names. */
  unverified: UnverifiedGroup[];
  /** Data warnings every report shows: the unverified lines first, then each line or component the engine could not use. */
  warnings: EngineWarning[];
  /** The fire-code permit amounts in force (the admin's table, else the rules document's). */
  permit_amounts: readonly PermitAmount[];
  /** False when the permit amounts are the rules document's defaults rather than a stored table. */
  permit_amounts_stored: boolean;
}

export function createComplianceContext(
  snapshot: ComplianceSnapshot,
  referenceLists: ReferenceLists,
  options: ComplianceOptions = {},
): ComplianceContext {
  const lists = indexReferenceLists(referenceLists);
  const unverified = unverifiedGroups(snapshot.lines);
  const warnings: EngineWarning[] = unverified.map(unverifiedWarning);
  const lines = snapshot.lines.map((line) => {
    const computed = computeLineQuantity(line);
    warnings.push(...computed.warnings);
    return computed.quantity;
  });
  const collected = collectComponents(lines);
  warnings.push(...collected.warnings);
  for (const item of collected.components) {
    if (!lists.isOnAnyList(item.cas_number)) {
      warnings.push(lineWarning(item.quantity.line, 'cas_not_listed', CAS_NOT_LISTED_DETAIL, item.component));
    }
  }
  return {
    snapshot,
    lists,
    options: {
      percent_basis: options.percent_basis ?? 'upper',
      tier2_non_ehs_basis: options.tier2_non_ehs_basis ?? 'product',
      near_threshold_fraction: options.near_threshold_fraction ?? DEFAULT_NEAR_THRESHOLD_FRACTION,
    },
    lines,
    products: sumByProduct(lines),
    components: collected.components,
    components_without_percent: collected.without_percent,
    unverified,
    warnings,
    permit_amounts: referenceLists.fire_code_permit_amounts ?? DEFAULT_PERMIT_AMOUNTS,
    permit_amounts_stored: referenceLists.fire_code_permit_amounts !== undefined,
  };
}

/** The upload date of each list a report used, for its header (rules §0.6). */
export function listsUsed(
  context: ComplianceContext,
  types: readonly RegulatoryListType[],
): { list_type: RegulatoryListType; uploaded_at: string | null }[] {
  return types.map((list_type) => ({ list_type, uploaded_at: context.lists.uploadedAt(list_type) }));
}
