import type { ComponentResource, SdsReadComponent } from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import {
  compareWithComponents,
  describeChange,
  findDraftProblem,
  PROPOSAL_MSG,
  type ProposalDraft,
  readBound,
  toProposalDrafts,
  toProposalWrites,
} from './proposal.ts';

function proposed(
  name: string,
  number: string | null,
  low: number | null,
  high: number | null,
): SdsReadComponent {
  return {
    name,
    number,
    percentage_weight_low: low,
    percentage_weight_high: high,
    basis: 'weight',
    page: 2,
    source_text: `${name} ${number ?? 'Withheld'} ${low ?? ''}-${high ?? ''}`,
    warnings: [],
  };
}

function stored(
  id: number,
  name: string,
  number: string,
  low: number | null,
  high: number | null,
): ComponentResource {
  return {
    id,
    product_chemical_component_id: id,
    chemical_component_id: 100 + id,
    name,
    number,
    percentage_weight: high,
    percentage_weight_low: low,
    percentage_weight_high: high,
    percentage_volume: 5,
    regulations: 'TSCA',
    restrictions: '',
    reporting_requirements: 'Tier II',
    is_carcinogen: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: `2026-01-0${id}T00:00:00.000Z`,
  };
}

const SULFURIC = proposed('Sulfuric acid', '7664-93-9', 30, 40);
const WATER = proposed('Water', '7732-18-5', 60, 70);
const ETHANOL = proposed('Ethanol', '64-17-5', null, 5);

describe('toProposalDrafts', () => {
  it('turns the rows into editable text, none selected, an open bound empty', () => {
    const [first, second] = toProposalDrafts([SULFURIC, ETHANOL]);
    expect(first).toEqual({
      key: 0,
      name: 'Sulfuric acid',
      number: '7664-93-9',
      low: '30',
      high: '40',
      isSelected: false,
      source: SULFURIC,
    });
    expect(second).toMatchObject({ key: 1, low: '', high: '5', isSelected: false });
  });

  it('gives a withheld CAS # an empty field to type it in', () => {
    expect(toProposalDrafts([proposed('Resin', null, 1, 5)])[0]?.number).toBe('');
  });
});

describe('readBound', () => {
  it('reads a figure, an empty bound as open, and refuses what is no percent', () => {
    expect(readBound('12.5')).toBe(12.5);
    expect(readBound(' 7,5 % ')).toBe(7.5);
    expect(readBound('')).toBeNull();
    expect(readBound('100')).toBe(100);
    expect(readBound('100.1')).toBeUndefined();
    expect(readBound('-3')).toBeUndefined();
    expect(readBound('abc')).toBeUndefined();
  });
});

describe('findDraftProblem', () => {
  const draft = (number: string, low = '1', high = '5') => ({ number, low, high });
  it('says a withheld CAS #, a failing check digit, a bad bound and bounds out of order', () => {
    expect(findDraftProblem(draft(''))).toBe(PROPOSAL_MSG.casWithheld);
    expect(findDraftProblem(draft('7664-93-8'))).toBe(PROPOSAL_MSG.casCheckDigit);
    expect(findDraftProblem(draft('7664-93-9', 'x'))).toBe(PROPOSAL_MSG.bound);
    expect(findDraftProblem(draft('7664-93-9', '10', '5'))).toBe(PROPOSAL_MSG.boundOrder);
  });

  it('takes a CAS # typed without dashes and an open bound', () => {
    expect(findDraftProblem(draft('7664939', '', '5'))).toBeNull();
  });
});

describe('compareWithComponents', () => {
  it('marks every row added for a product without components', () => {
    const { rows, notInSds } = compareWithComponents(toProposalDrafts([SULFURIC, WATER]), []);
    expect(rows.map((row) => row.status.kind)).toEqual(['added', 'added']);
    expect(notInSds).toEqual([]);
  });

  it('tells added, changed and unchanged rows apart by CAS #, and lists the components the SDS does not name', () => {
    const acid = stored(1, 'Sulfuric acid', '7664-93-9', 10, 20);
    const water = stored(2, 'Water', '7732-18-5', 60, 70);
    const dye = stored(3, 'Blue dye', '2610-05-1', null, 1);
    const { rows, notInSds } = compareWithComponents(toProposalDrafts([SULFURIC, WATER, ETHANOL]), [
      acid,
      water,
      dye,
    ]);
    expect(rows.map((row) => row.status)).toEqual([
      { kind: 'changed', existing: acid },
      { kind: 'unchanged', existing: water },
      { kind: 'added' },
    ]);
    expect(describeChange(rows[0] as (typeof rows)[number])).toBe('10–20% → 30–40%');
    expect(notInSds).toEqual([dye]);
  });

  it('compares the edited concentration, not the one read', () => {
    const water = stored(2, 'Water', '7732-18-5', 60, 70);
    const [draft] = toProposalDrafts([WATER]) as [ProposalDraft];
    const { rows } = compareWithComponents([{ ...draft, high: '75' }], [water]);
    expect(rows[0]?.status.kind).toBe('changed');
    expect(describeChange(rows[0] as (typeof rows)[number])).toBe('60–70% → 60–75%');
  });

  it('matches a row without a CAS # by its name', () => {
    const resin = stored(4, 'Resin', '9003-35-4', 1, 5);
    const { rows, notInSds } = compareWithComponents(toProposalDrafts([proposed('resin', null, 1, 5)]), [
      resin,
    ]);
    expect(rows[0]?.status).toEqual({ kind: 'unchanged', existing: resin });
    expect(rows[0]?.problem).toBe(PROPOSAL_MSG.casWithheld);
    expect(notInSds).toEqual([]);
  });
});

describe('toProposalWrites', () => {
  it('creates new rows under the catalogue entry of their CAS #, and updates a changed one keeping its other fields', () => {
    const acid = stored(1, 'Sulfuric acid', '7664-93-9', 10, 20);
    const drafts = toProposalDrafts([SULFURIC, WATER, ETHANOL, proposed('Secret', null, 1, 2)]);
    const { rows } = compareWithComponents(drafts, [acid]);
    const catalog = new Map([
      ['7732-18-5', { id: 9, name: 'Water (distilled)', number: '7732-18-5' }],
      ['64-17-5', null],
    ]);
    expect(toProposalWrites(rows, catalog)).toEqual([
      {
        kind: 'update',
        name: 'Sulfuric acid',
        linkId: 1,
        version: '2026-01-01T00:00:00.000Z',
        body: {
          chemical_component_id: 101,
          name: 'Sulfuric acid',
          number: '7664-93-9',
          updated_at: undefined,
          percentage_weight: null,
          percentage_weight_low: 30,
          percentage_weight_high: 40,
          percentage_volume: 5,
          regulations: 'TSCA',
          restrictions: '',
          reporting_requirements: 'Tier II',
          is_carcinogen: true,
        },
      },
      {
        kind: 'create',
        name: 'Water (distilled)',
        body: {
          chemical_component_id: 9,
          name: 'Water (distilled)',
          number: '7732-18-5',
          updated_at: undefined,
          percentage_weight: null,
          percentage_weight_low: 60,
          percentage_weight_high: 70,
          percentage_volume: null,
        },
      },
      {
        kind: 'create',
        name: 'Ethanol',
        body: {
          chemical_component_id: null,
          name: 'Ethanol',
          number: '64-17-5',
          updated_at: undefined,
          percentage_weight: null,
          percentage_weight_low: null,
          percentage_weight_high: 5,
          percentage_volume: null,
        },
      },
    ]);
  });
});
