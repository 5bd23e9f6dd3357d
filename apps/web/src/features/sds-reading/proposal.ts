import {
  type ChemicalComponentItem,
  COMPONENT_MSG,
  type ComponentResource,
  formatWeightPercent,
  isValidCasNumber,
  normalizeCasNumber,
  type SdsReadComponent,
} from '@chemtrack/domain';
import type { ComponentBody } from '../chemical-components/api.ts';

/** A proposed row as the user may change it before accepting: its CAS # and its two bounds, as typed. */
export interface ProposalDraft {
  key: number;
  name: string;
  number: string;
  low: string;
  high: string;
  isSelected: boolean;
  source: SdsReadComponent;
}

/** What accepting the row would do to the product's components. */
export type ProposalStatus =
  | { kind: 'added' }
  | { kind: 'changed'; existing: ComponentResource }
  | { kind: 'unchanged'; existing: ComponentResource };

export interface ComparedRow {
  draft: ProposalDraft;
  status: ProposalStatus;
  /** Why the row cannot be accepted as it stands (no CAS #, a failing check digit, a bad bound). */
  problem: string | null;
}

export interface ProposalComparison {
  rows: ComparedRow[];
  /** The product's components the SDS does not list: offered for removal, never removed by themselves. */
  notInSds: ComponentResource[];
}

export const PROPOSAL_MSG = {
  casWithheld: 'The SDS withholds the CAS #: type it, or leave the row out.',
  casCheckDigit: 'The CAS # check digit does not match: correct it, or leave the row out.',
  bound: 'Percentages must be numbers between 0 and 100.',
  boundOrder: COMPONENT_MSG.percentageRangeOrder,
} as const;

const figureText = (value: number | null) => (value === null ? '' : String(value));

/** The server's rows as editable drafts, none selected: nothing is accepted without the user. */
export function toProposalDrafts(components: readonly SdsReadComponent[]): ProposalDraft[] {
  return components.map((source, key) => ({
    key,
    name: source.name,
    number: source.number ?? '',
    low: figureText(source.percentage_weight_low),
    high: figureText(source.percentage_weight_high),
    isSelected: false,
    source,
  }));
}

/** A typed bound: '' is an open bound (null), a figure 0–100 is itself, anything else undefined. */
export function readBound(text: string): number | null | undefined {
  const value = text.trim().replace(/,/g, '.').replace(/%$/, '').trim();
  if (value === '') return null;
  if (!/^(\d+(\.\d+)?|\.\d+)$/.test(value)) return undefined;
  const figure = Number(value);
  return figure <= 100 ? figure : undefined;
}

/** The CAS # of a draft as the catalogue stores it ("7664939" → "7664-93-9"); '' when withheld. */
export function draftCasNumber(draft: Pick<ProposalDraft, 'number'>): string {
  return normalizeCasNumber(draft.number);
}

/** Why the draft cannot be saved as a component, or null when it can. */
export function findDraftProblem(draft: Pick<ProposalDraft, 'number' | 'low' | 'high'>): string | null {
  const number = draftCasNumber(draft);
  if (number === '') return PROPOSAL_MSG.casWithheld;
  if (!isValidCasNumber(number)) return PROPOSAL_MSG.casCheckDigit;
  const low = readBound(draft.low);
  const high = readBound(draft.high);
  if (low === undefined || high === undefined) return PROPOSAL_MSG.bound;
  if (low !== null && high !== null && low > high) return PROPOSAL_MSG.boundOrder;
  return null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The existing component a draft speaks of: the same CAS #, or the same name when it has none. */
function findExisting(draft: ProposalDraft, candidates: readonly ComponentResource[]) {
  const number = draftCasNumber(draft);
  if (number !== '') return candidates.find((component) => component.number === number);
  return candidates.find((component) => sameName(component.name, draft.name));
}

/**
 * The difference between what the SDS proposes (as edited) and the product's components:
 * each row added, changed (another concentration) or unchanged, and the components the SDS
 * does not list.
 */
export function compareWithComponents(
  drafts: readonly ProposalDraft[],
  existing: readonly ComponentResource[],
): ProposalComparison {
  const matched = new Set<number>();
  const rows = drafts.map((draft): ComparedRow => {
    const problem = findDraftProblem(draft);
    const component = findExisting(
      draft,
      existing.filter((candidate) => !matched.has(candidate.product_chemical_component_id)),
    );
    if (!component) return { draft, status: { kind: 'added' }, problem };
    matched.add(component.product_chemical_component_id);
    const isSame =
      readBound(draft.low) === component.percentage_weight_low &&
      readBound(draft.high) === component.percentage_weight_high;
    return { draft, status: { kind: isSame ? 'unchanged' : 'changed', existing: component }, problem };
  });
  const notInSds = existing.filter((component) => !matched.has(component.product_chemical_component_id));
  return { rows, notInSds };
}

/** "Changed 10–20% → 30–40%": the stored concentration and the proposed one. */
export function describeChange(row: ComparedRow): string {
  if (row.status.kind !== 'changed') return '';
  const proposed = {
    percentage_weight_low: readBound(row.draft.low) ?? null,
    percentage_weight_high: readBound(row.draft.high) ?? null,
  };
  return `${formatWeightPercent(row.status.existing)} → ${formatWeightPercent(proposed)}`;
}

/** True when accepting the row would write something: it is new or changed, and it has no problem. */
export function isAcceptable(row: ComparedRow): boolean {
  return row.status.kind !== 'unchanged' && row.problem === null;
}

/** One write through the component API: a new link, or an existing link's new concentration. */
export type ProposalWrite =
  | { kind: 'create'; name: string; body: ComponentBody }
  | { kind: 'update'; name: string; linkId: number; version: string; body: ComponentBody };

/**
 * The writes that accept these rows. A new component links the catalogue's entry of its CAS #
 * under the catalogue's name when there is one (one name per CAS #); a changed one keeps every
 * other field of the stored link, since an update writes them all.
 */
export function toProposalWrites(
  rows: readonly ComparedRow[],
  catalog: ReadonlyMap<string, ChemicalComponentItem | null>,
): ProposalWrite[] {
  return rows.filter(isAcceptable).map((row): ProposalWrite => {
    const bounds = {
      // The version of an update goes beside the body (the save's third argument).
      updated_at: undefined,
      percentage_weight: null,
      percentage_weight_low: readBound(row.draft.low) ?? null,
      percentage_weight_high: readBound(row.draft.high) ?? null,
    };
    if (row.status.kind === 'added') {
      const number = draftCasNumber(row.draft);
      const entry = catalog.get(number) ?? null;
      const name = entry?.name ?? row.draft.name.trim();
      return {
        kind: 'create',
        name,
        body: {
          chemical_component_id: entry?.id ?? null,
          name,
          number,
          ...bounds,
          percentage_volume: null,
        },
      };
    }
    const { existing } = row.status;
    return {
      kind: 'update',
      name: existing.name,
      linkId: existing.product_chemical_component_id,
      version: existing.updated_at,
      body: {
        chemical_component_id: existing.chemical_component_id,
        name: existing.name,
        number: existing.number,
        ...bounds,
        percentage_volume: existing.percentage_volume,
        regulations: existing.regulations,
        restrictions: existing.restrictions,
        reporting_requirements: existing.reporting_requirements,
        is_carcinogen: existing.is_carcinogen,
      },
    };
  });
}
