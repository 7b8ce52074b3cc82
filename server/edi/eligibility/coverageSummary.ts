import { ACTIVE_BENEFIT_CODES, INACTIVE_BENEFIT_CODES } from './codes271.ts';
import type { Benefit, EligibilityDate, Member, Rejection } from './model271.ts';

/** What a biller asks of a 271 for one patient at the front desk. */
export interface CoverageSummary {
  /** Null when the reply says nothing of the coverage (a rejection, or no EB01 1-8 at all). */
  active: boolean | null;
  /** Every AAA of the member and their benefits: why the payer could not answer. */
  rejections: Rejection[];
  /** EB05 of the benefit that said the coverage is active. */
  planDescription: string;
  /** EB*B for an office visit (98), else the plan (30); in network, individual. */
  officeVisitCopayCents: number | null;
  /** EB*C with EB06 29 (remaining); in network, individual. */
  deductibleRemainingCents: number | null;
  /** EB*G with EB06 29 (remaining); in network, individual. */
  outOfPocketRemainingCents: number | null;
  /** EB*A for an office visit, else the plan; in network, individual. */
  coinsurancePercent: number | null;
}

const BEGINS = new Set(['346', '356', '340', '539']);
const ENDS = new Set(['347', '357', '341', '540']);
const RANGES = new Set(['307', '291', '292']);

/** The dates a benefit line is bounded by: its own, else the member's. */
function window(dates: readonly EligibilityDate[]): { from: string | null; to: string | null; dated: boolean } {
  let from: string | null = null;
  let to: string | null = null;
  let dated = false;
  for (const date of dates) {
    const qualifier = date.qualifier.code;
    const range = RANGES.has(qualifier) && date.from !== date.to;
    if ((BEGINS.has(qualifier) || range) && date.from !== null && (from === null || date.from > from)) {
      from = date.from;
      dated = true;
    }
    if ((ENDS.has(qualifier) || range) && date.to !== null && (to === null || date.to < to)) {
      to = date.to;
      dated = true;
    }
  }
  return { from, to, dated };
}

function covers(benefit: Benefit, member: Member, on: string): { covers: boolean; dated: boolean } {
  const own = window(benefit.dates);
  const bounds = own.dated ? own : window(member.dates);
  return {
    covers: (bounds.from === null || bounds.from <= on) && (bounds.to === null || on <= bounds.to),
    dated: bounds.dated,
  };
}

/**
 * Whether the plan is in force on `on` (YYYY-MM-DD): an inactive line dated to hold the day
 * says no (it is the more specific answer); otherwise an active line whose dates hold it says yes;
 * an undated inactive line, or lines that all fall outside the day, say no.
 */
function activeOn(member: Member, on: string): { active: boolean | null; plan: string } {
  const lines = member.benefits.filter(
    (benefit) =>
      ACTIVE_BENEFIT_CODES.includes(benefit.benefit.code) || INACTIVE_BENEFIT_CODES.includes(benefit.benefit.code),
  );
  // The plan's own lines (service type 30, or none) decide; a dental or vision line only when there is no other.
  const planLines = lines.filter(
    (benefit) => benefit.serviceTypes.length === 0 || benefit.serviceTypes.some((type) => type.code === '30'),
  );
  const status = planLines.length > 0 ? planLines : lines;
  if (status.length === 0) return { active: null, plan: '' };
  let activeLine: Benefit | null = null;
  for (const benefit of status) {
    const { covers: holds, dated } = covers(benefit, member, on);
    if (!holds) continue;
    if (!INACTIVE_BENEFIT_CODES.includes(benefit.benefit.code)) activeLine ??= benefit;
    else if (dated) return { active: false, plan: '' };
  }
  return activeLine ? { active: true, plan: activeLine.planDescription } : { active: false, plan: '' };
}

/** Lower is better: an in-network, individual line for the first service type asked. */
function rank(benefit: Benefit, serviceTypes: readonly string[]): number | null {
  const network = ['Y', 'W', ''].indexOf(benefit.inNetwork.code);
  const level = ['IND', ''].indexOf(benefit.coverageLevel.code);
  if (network < 0 || level < 0) return null;
  const types = benefit.serviceTypes.length === 0 ? ['30'] : benefit.serviceTypes.map((type) => type.code);
  const service = serviceTypes.findIndex((type) => types.includes(type));
  if (service < 0) return null;
  return service * 100 + level * 10 + network;
}

function best(
  member: Member,
  on: string,
  code: string,
  serviceTypes: readonly string[],
  keep: (benefit: Benefit) => boolean,
): Benefit | null {
  let found: Benefit | null = null;
  let foundRank = Infinity;
  for (const benefit of member.benefits) {
    if (benefit.benefit.code !== code || !keep(benefit) || !covers(benefit, member, on).covers) continue;
    const score = rank(benefit, serviceTypes);
    if (score !== null && score < foundRank) {
      found = benefit;
      foundRank = score;
    }
  }
  return found;
}

const OFFICE_VISIT = ['98', '30'];
const PLAN = ['30'];

/** The front desk's view of one subscriber or dependent of a 271, on the day of service `on` (YYYY-MM-DD). */
export function summarizeCoverage(member: Member, on: string): CoverageSummary {
  const rejections = [...member.rejections, ...member.benefits.flatMap((benefit) => benefit.rejections)];
  const { active, plan } = activeOn(member, on);
  const remaining = (benefit: Benefit) => benefit.timePeriod.code === '29' && benefit.amountCents !== null;
  return {
    active,
    rejections,
    planDescription: plan,
    officeVisitCopayCents:
      best(member, on, 'B', OFFICE_VISIT, (benefit) => benefit.amountCents !== null)?.amountCents ?? null,
    deductibleRemainingCents: best(member, on, 'C', PLAN, remaining)?.amountCents ?? null,
    outOfPocketRemainingCents: best(member, on, 'G', PLAN, remaining)?.amountCents ?? null,
    coinsurancePercent: best(member, on, 'A', OFFICE_VISIT, (benefit) => benefit.percent !== null)?.percent ?? null,
  };
}
