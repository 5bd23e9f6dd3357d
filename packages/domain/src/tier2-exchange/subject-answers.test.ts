import { describe, expect, it } from 'vitest';
import { TIER2_SUBJECT_MSG, tier2SubjectAnswers } from './subject-answers.ts';

const ehs = (notification_required: boolean, cannot_be_determined: string | null = null) => ({
  notification_required,
  cannot_be_determined,
});
const process = (
  covered: boolean,
  scope: 'location' | 'facility',
  cannot_be_determined: string | null = null,
) => ({
  covered,
  scope,
  cannot_be_determined,
});
const NONE = {};

describe('the .t2s "subject to" answers from the 302 and RMP findings', () => {
  it('an EHS at its TPQ answers yes to emergency planning, over a "no" an imported file gave', () => {
    const { answers, warnings } = tier2SubjectAnswers(
      'Plant',
      { epcra302: [ehs(false), ehs(true)], rmp: [] },
      { emergencyPlanning: false },
    );
    expect(answers.emergencyPlanning).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('nothing found answers no, but keeps a yes the file gave (the app cannot see what else made it subject)', () => {
    const findings = {
      epcra302: [ehs(false)],
      rmp: [process(false, 'location'), process(false, 'facility')],
    };
    expect(tier2SubjectAnswers('Plant', findings, NONE).answers).toEqual({
      emergencyPlanning: false,
      chemAccidentPrevention: false,
    });
    expect(
      tier2SubjectAnswers('Plant', findings, { emergencyPlanning: true, chemAccidentPrevention: true })
        .answers,
    ).toEqual({ emergencyPlanning: true, chemAccidentPrevention: true });
  });

  it('a process covered at a storage location answers yes to accident prevention; the facility screen alone leaves it open', () => {
    expect(
      tier2SubjectAnswers('Plant', { epcra302: [], rmp: [process(true, 'location')] }, NONE).answers
        .chemAccidentPrevention,
    ).toBe(true);
    const screenOnly = tier2SubjectAnswers(
      'Plant',
      { epcra302: [], rmp: [process(false, 'location'), process(true, 'facility')] },
      NONE,
    );
    expect(screenOnly.answers.chemAccidentPrevention).toBeNull();
    expect(screenOnly.warnings).toEqual([TIER2_SUBJECT_MSG.accidentPreventionOpen('Plant')]);
  });

  it("unknown pounds leave an answer open: the file's answer stays, else none and a warning naming the facility", () => {
    const open = { epcra302: [ehs(false, 'Drum of X (line 4): no pounds')], rmp: [] };
    const unanswered = tier2SubjectAnswers('North Plant', open, NONE);
    expect(unanswered.answers.emergencyPlanning).toBeNull();
    expect(unanswered.warnings).toEqual([TIER2_SUBJECT_MSG.emergencyPlanningOpen('North Plant')]);
    expect(unanswered.warnings[0]).toContain(
      'North Plant: the .t2s leaves "subject to emergency planning (EPCRA 302)" unanswered',
    );
    const kept = tier2SubjectAnswers('North Plant', open, { emergencyPlanning: false });
    expect(kept.answers.emergencyPlanning).toBe(false);
    expect(kept.warnings).toEqual([]);
  });
});
