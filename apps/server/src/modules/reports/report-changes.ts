import {
  CHANGE_FIELD_LABELS,
  compliance,
  DEFAULT_REPORT_SETTINGS,
  REPORT_MSG,
  type ReportChanges,
  type ReportChangesQueryValues,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { loadReportInputs } from './report-job.ts';
import { findPreviousInventoryYear } from './reports.repository.ts';

/**
 * One facility-year's chemicals as the comparison reads them: the Tier II rows and the coverage
 * of 302, the three TRI activities, RMP and PSM, from one context (the lines are read once).
 * The same 404s as the report (customer, facility, no inventory that year).
 */
async function yearFacts(db: Db, query: ReportChangesQueryValues, year: number) {
  const inputs = await loadReportInputs(db, {
    type: 'epcra_311_312_tier2',
    customer_id: query.customer_id,
    facility_id: query.facility_id,
    year,
    format: null,
    ...DEFAULT_REPORT_SETTINGS,
  });
  // A facility-year is tens to a few thousand lines: the engine runs here, without the drawing workers.
  const context = compliance.createComplianceContext(inputs.snapshot, inputs.lists, inputs.options);
  return compliance.collectYearFacts({
    tier2: compliance.runReport('epcra_311_312_tier2', context),
    epcra302: compliance.runReport('epcra_302', context),
    epcra313: [
      compliance.runReport('epcra_313_manufactured', context),
      compliance.runReport('epcra_313_processed', context),
      compliance.runReport('epcra_313_otherwise_used', context),
    ],
    rmp: compliance.runReport('caa_112r_rmp', context),
    psm: compliance.runReport('caa_304_psm', context),
  });
}

function toChemical(facts: compliance.ChemicalYearFacts) {
  return {
    cas_number: facts.cas_number,
    name: facts.name,
    max_amount_code: facts.values.max_amount_code,
    reported_on_tier2: facts.values.covered_tier2 as compliance.Coverage,
  };
}

/**
 * `GET /report/changes` (issue 36): the facility's chemicals added, removed and changed since its
 * latest earlier inventory, read at the report defaults (upper bound of a percent range, mixtures
 * whole) so two years are compared on one reading. No earlier inventory: `previous_year` null and
 * nothing listed, never an error (a first year has nothing to compare).
 */
export async function reportChanges(db: Db, query: ReportChangesQueryValues): Promise<ReportChanges> {
  if (!compliance.isReportAvailable(query.type)) throw fieldError('type', REPORT_MSG.notAvailable);
  const current = await yearFacts(db, query, query.year);
  const previousYear = await findPreviousInventoryYear(db, query.customer_id, query.facility_id, query.year);
  if (previousYear === undefined) return { previous_year: null, added: [], removed: [], changed: [] };
  const changes = compliance.compareYears(await yearFacts(db, query, previousYear), current);
  return {
    previous_year: previousYear,
    added: changes.added.map(toChemical),
    removed: changes.removed.map(toChemical),
    changed: changes.changed.map((change) => ({ ...change, label: CHANGE_FIELD_LABELS[change.field] })),
  };
}
