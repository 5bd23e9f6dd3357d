/**
 * The `.t2s` facility's two yes/no answers, "subject to emergency planning" (EPCRA 302) and
 * "subject to chemical accident prevention" (CAA 112(r); rules §3 lists it among the facility's
 * fields), from the engine's own 302 and RMP results for the same facility-year. They were the
 * imported file's answers or blank: a facility the app's own 302 report says must notify went out
 * with no answer. A positive finding answers yes. A finding of nothing keeps a yes a file gave
 * (the app cannot see what else made the facility subject) and answers no otherwise. Where unknown
 * pounds or the facility-total screen leave it open, the file's answer stays, else none, and the
 * export says so.
 */

/** What of a 302 row the answer reads. */
interface EhsFinding {
  notification_required: boolean;
  cannot_be_determined: string | null;
}

/** What of an RMP process row the answer reads. */
interface ProcessFinding {
  covered: boolean;
  cannot_be_determined: string | null;
  scope: 'location' | 'facility';
}

export interface Tier2SubjectAnswers {
  emergencyPlanning: boolean | null;
  chemAccidentPrevention: boolean | null;
}

export const TIER2_SUBJECT_MSG = {
  emergencyPlanningOpen: (facility: string) =>
    `${facility}: the .t2s leaves "subject to emergency planning (EPCRA 302)" unanswered: the EPCRA 302 report cannot determine whether an extremely hazardous substance reaches its TPQ (see its rows that cannot be determined). Answer it in Tier2 Submit or complete the lines.`,
  accidentPreventionOpen: (facility: string) =>
    `${facility}: the .t2s leaves "subject to chemical accident prevention (CAA 112(r))" unanswered: the RMP report finds the facility total over a threshold quantity or cannot determine a process. Answer it in Tier2 Submit.`,
} as const;

function answer(found: boolean, open: boolean, imported: boolean | null | undefined): boolean | null {
  if (found) return true;
  if (imported === true) return true;
  if (open) return imported ?? null;
  return imported ?? false;
}

export function tier2SubjectAnswers(
  facilityName: string,
  findings: { epcra302: readonly EhsFinding[]; rmp: readonly ProcessFinding[] },
  imported: { emergencyPlanning?: boolean | null; chemAccidentPrevention?: boolean | null },
): { answers: Tier2SubjectAnswers; warnings: string[] } {
  const emergencyPlanning = answer(
    findings.epcra302.some((row) => row.notification_required),
    findings.epcra302.some((row) => row.cannot_be_determined !== null),
    imported.emergencyPlanning,
  );
  // A process is one storage location here; the facility total is only a screen (rules §8).
  const chemAccidentPrevention = answer(
    findings.rmp.some((row) => row.covered && row.scope === 'location'),
    findings.rmp.some(
      (row) => row.cannot_be_determined !== null || (row.covered && row.scope === 'facility'),
    ),
    imported.chemAccidentPrevention,
  );
  const warnings: string[] = [];
  if (emergencyPlanning === null) warnings.push(TIER2_SUBJECT_MSG.emergencyPlanningOpen(facilityName));
  if (chemAccidentPrevention === null) warnings.push(TIER2_SUBJECT_MSG.accidentPreventionOpen(facilityName));
  return { answers: { emergencyPlanning, chemAccidentPrevention }, warnings };
}
