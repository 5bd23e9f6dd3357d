/**
 * The compliance engine: every regulatory report is computed here from one facility-year
 * snapshot and the uploaded reference lists, with no I/O.
 *
 * Why it is built this way:
 * - One engine, not one calculation per report: the same pounds per line and per CAS feed 302,
 *   304, Tier II and 313, so two reports can never disagree about how much of a chemical is on
 *   site, and a correction to a rule lands in every report at once.
 * - Pure and in the domain package: the rules are the product's core, so they are tested by hand
 *   computations without a database, and the server's reports and preview read the same result.
 * - Every figure carries its explanation (contributing lines, percent, pounds, the rule text),
 *   because a consultant must be able to show a client where each number came from; and data the
 *   engine cannot use comes back as a warning naming the line, because a silently dropped line is
 *   an under-reported chemical.
 * - The programmes' differences (which percent of an SDS range, which de minimis, ≥ or >, which
 *   threshold) are each one named constant or option (`thresholds.ts`), because the rules
 *   document marks several as unverified; a correction is one line and one test.
 * - Matching is by CAS only (`reference.ts`): names differ between SDSs and lists, and ammonia
 *   and ammonium hydroxide must stay apart.
 * - The stored container calculation is the source of pounds (`quantities.ts`): it is what the
 *   inventory screens show, and recomputing it differently here would make two truths.
 * - Each programme is a rule object in its own file here (epcra-302.ts …), mapped from report types in
 *   `registry.ts`; part 2 (SPCC, RMP, PSM, fire code) adds files, not branches.
 */

export * from '../products/hazard-categories.ts';
export * from '../products/report-inputs.ts';
export * from '../products/storage-conditions.ts';
export * from './aggregation.ts';
export * from './context.ts';
export * from './coverage.ts';
export * from './epcra-302.ts';
export * from './epcra-304.ts';
export * from './epcra-313.ts';
export * from './epcra-313-listings.ts';
export * from './fire-code.ts';
export * from './format.ts';
export * from './hmis.ts';
export * from './hmpp.ts';
export * from './inventory-index.ts';
export * from './process-safety.ts';
export * from './programme.ts';
export * from './psm.ts';
export * from './quantities.ts';
export * from './range-codes.ts';
export * from './reference.ts';
export * from './registry.ts';
export * from './rmp.ts';
export * from './rmp-substances.ts';
export * from './sample-lists.ts';
export * from './spcc.ts';
export * from './thresholds.ts';
export * from './tier1.ts';
export * from './tier2.ts';
export * from './tier2-file-warnings.ts';
export * from './tier2-thresholds.ts';
export * from './tier2-types.ts';
export * from './totals.ts';
export * from './types.ts';
export * from './unknown-amounts.ts';
export * from './unverified.ts';
export * from './warnings.ts';
export * from './year-changes.ts';
