/**
 * Issue 33 point 1 (decision 029): a fresh install's reference lists are the seed's partial samples.
 * A report built on one must say so, in its header and as a warning, or a 304 listing only chlorine
 * reads as complete when hydrochloric acid is simply missing from a five-row CERCLA sample.
 */
import { REFERENCE_LIST_TYPE_LABEL } from '../reference-lists/index.ts';
import type { RegulatoryListType } from '../shared/enums.ts';
import type { ComplianceContext } from './context.ts';
import { type EngineWarning, listWarning } from './warnings.ts';

/** The header line's label; its value is the lists' messages joined. */
export const SAMPLE_LISTS_HEADER_LABEL = 'Sample reference lists';

/** Who publishes each list: OSHA for PSM (1910.119 Appendix A), EPA for the others. */
function publisher(type: RegulatoryListType): string {
  return type === 'psm' ? 'OSHA' : 'EPA';
}

/** "CERCLA list: partial sample list, 5 rows: upload EPA's current list before filing". */
export function sampleListMessage(type: RegulatoryListType, rows: number): string {
  return `${REFERENCE_LIST_TYPE_LABEL(type)} list: partial sample list, ${rows} ${rows === 1 ? 'row' : 'rows'}: upload ${publisher(type)}'s current list before filing`;
}

/** The sample lists among `types`, with their row counts, in the order given. */
export function sampleListsUsed(
  context: ComplianceContext,
  types: readonly RegulatoryListType[],
): { list_type: RegulatoryListType; rows: number }[] {
  return types.flatMap((list_type) => {
    const rows = context.lists.sampleRows(list_type);
    return rows === null ? [] : [{ list_type, rows }];
  });
}

/** One warning per sample list a report relies on. */
export function sampleListWarnings(
  context: ComplianceContext,
  types: readonly RegulatoryListType[],
): EngineWarning[] {
  return sampleListsUsed(context, types).map(({ list_type, rows }) =>
    listWarning('sample_list', sampleListMessage(list_type, rows)),
  );
}

/** The header line's value, or '' when no list the report relies on is a sample. */
export function sampleListsHeader(context: ComplianceContext, types: readonly RegulatoryListType[]): string {
  return sampleListsUsed(context, types)
    .map(({ list_type, rows }) => sampleListMessage(list_type, rows))
    .join('; ');
}
