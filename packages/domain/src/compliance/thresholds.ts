/**
 * Threshold operators and de minimis cut-offs. Each programme names its own constants here, one
 * line each, because the rules differ (≥ for 302, 311/312, 304, PSM; > for 313, RMP, SPCC) and
 * some are marked unverified in the rules document (§0.3, §0.4): a correction is one line and
 * one test.
 */
import { roundTo } from '../shared/numbers.ts';
import { formatPounds, formatThreshold } from './format.ts';

export type ThresholdOperator = '>=' | '>';

/** 40 CFR 355.12 "equal to or greater than". */
export const EPCRA_302_OPERATOR: ThresholdOperator = '>=';
/** 40 CFR 370.10 "equal to or exceed". */
export const TIER2_OPERATOR: ThresholdOperator = '>=';
/** 40 CFR 302.6 release "equal to or greater than" the RQ. */
export const CERCLA_OPERATOR: ThresholdOperator = '>=';
/** EPCRA 313(f) "exceed". */
export const EPCRA_313_OPERATOR: ThresholdOperator = '>';
/** 40 CFR 68.115(a): the quantity in a process "exceeds" the TQ; at exactly the TQ a process is not covered. */
export const RMP_OPERATOR: ThresholdOperator = '>';
/** 29 CFR 1910.119(a)(1): "at or above" the TQ; at exactly the TQ a process is covered. */
export const PSM_OPERATOR: ThresholdOperator = '>=';

/** Figures are compared at this precision, so float noise (99.99999999999999) never flips a test. */
export const COMPARISON_DECIMALS = 4;
export const DEFAULT_NEAR_THRESHOLD_FRACTION = 0.1;

export interface ThresholdTest {
  quantity_lb: number;
  threshold_lb: number;
  operator: ThresholdOperator;
  meets: boolean;
  /** Below the threshold by no more than the near-threshold fraction (10%). */
  near_threshold: boolean;
  /** quantity / threshold, 4 decimals. */
  ratio: number;
  /** e.g. "412.80 lb ≥ TPQ 100 lb" or "99.00 lb < TPQ 100 lb". */
  rule_text: string;
}

const MET_SYMBOL: Record<ThresholdOperator, string> = { '>=': '≥', '>': '>' };
const UNMET_SYMBOL: Record<ThresholdOperator, string> = { '>=': '<', '>': '≤' };

export function meetsThreshold(quantity: number, threshold: number, operator: ThresholdOperator): boolean {
  const q = roundTo(quantity, COMPARISON_DECIMALS);
  return operator === '>=' ? q >= threshold : q > threshold;
}

/**
 * Tests a quantity against a threshold. `label` names the threshold in the rule text ("TPQ",
 * "RQ", "threshold").
 */
export function testThreshold(
  quantity: number,
  threshold: number,
  operator: ThresholdOperator,
  label: string,
  nearFraction: number = DEFAULT_NEAR_THRESHOLD_FRACTION,
  /** 'gal' for the retail fuel thresholds of 370.10(a)(2); pounds everywhere else. */
  unit: string = 'lb',
): ThresholdTest {
  const quantity_lb = roundTo(quantity, COMPARISON_DECIMALS);
  const meets = meetsThreshold(quantity_lb, threshold, operator);
  const near_threshold = !meets && quantity_lb >= threshold * (1 - nearFraction);
  const symbol = meets ? MET_SYMBOL[operator] : UNMET_SYMBOL[operator];
  return {
    quantity_lb,
    threshold_lb: threshold,
    operator,
    meets,
    near_threshold,
    ratio: threshold > 0 ? roundTo(quantity_lb / threshold, 4) : 0,
    rule_text: `${formatPounds(quantity_lb)} ${unit} ${symbol} ${label} ${formatThreshold(threshold)} ${unit}`,
  };
}

/**
 * A de minimis cut-off (rules §0.3): a component at or below (`inclusive`) or below the percent
 * is left out of the programme's totals; carcinogens use their own, lower percent.
 */
export interface DeMinimisRule {
  percent: number;
  carcinogen_percent: number | null;
  /** true: wt% ≤ percent is ignored (302, 311/312); false: wt% < percent is ignored (313). */
  inclusive: boolean;
}

/** 40 CFR 355.13/355.14: components of 1% or less are not counted. */
export const EPCRA_302_DE_MINIMIS: DeMinimisRule = { percent: 1, carcinogen_percent: null, inclusive: true };
/** 40 CFR 370.14(c): 1% or less, 0.1% or less for carcinogens ([U] at exactly 1%, rules §0.3). */
export const TIER2_DE_MINIMIS: DeMinimisRule = { percent: 1, carcinogen_percent: 0.1, inclusive: true };
/** 40 CFR 372.38(a): below 1%, below 0.1% for OSHA carcinogens. */
export const EPCRA_313_DE_MINIMIS: DeMinimisRule = { percent: 1, carcinogen_percent: 0.1, inclusive: false };

/** 40 CFR 68.115(b)(1): a toxic in a mixture below 1% by weight is not counted. */
export const RMP_DE_MINIMIS: DeMinimisRule = { percent: 1, carcinogen_percent: null, inclusive: false };
/** OSHA memorandum of 18 July 2016: a chemical Appendix A lists without a concentration counts from 1%. */
export const PSM_DEFAULT_MIN_PERCENT = 1;

export function deMinimisPercent(rule: DeMinimisRule, isCarcinogen: boolean): number {
  return isCarcinogen && rule.carcinogen_percent !== null ? rule.carcinogen_percent : rule.percent;
}

export function isBelowDeMinimis(percent: number, rule: DeMinimisRule, isCarcinogen: boolean): boolean {
  const limit = deMinimisPercent(rule, isCarcinogen);
  return rule.inclusive ? percent <= limit : percent < limit;
}

/** "1.00% ≤ de minimis 1%" style text for an exclusion. */
export function deMinimisText(percent: number, rule: DeMinimisRule, isCarcinogen: boolean): string {
  const limit = deMinimisPercent(rule, isCarcinogen);
  const who = isCarcinogen && rule.carcinogen_percent !== null ? ' (carcinogen)' : '';
  return `${formatThreshold(percent)}% ${rule.inclusive ? '≤' : '<'} de minimis ${formatThreshold(limit)}%${who}`;
}

/** Fire-code permits (rules §10): a permit is required when the aggregate is more than the permit amount. */
export const FIRE_CODE_PERMIT_OPERATOR: ThresholdOperator = '>';
