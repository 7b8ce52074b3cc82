import { parseDate } from '../x12/parseDate.ts';
import type { Segment } from '../x12/segment.ts';
import { clip } from '../x12/x12Error.ts';
import {
  BENEFIT_CODES,
  COVERAGE_LEVELS,
  DATE_QUALIFIERS,
  describeCode,
  ENTITY_CODES,
  FOLLOW_UP_ACTIONS,
  INSURANCE_TYPES,
  NETWORK_INDICATORS,
  QUANTITY_QUALIFIERS,
  REJECT_REASONS,
  SERVICE_TYPES,
  TIME_PERIODS,
} from './codes271.ts';
import type { Benefit, Coded, EligibilityDate, Party, Reference, Rejection, RejectionLoop, Trace } from './model271.ts';

/** Reads one segment of a 271 into the model; problems go to `report`, never thrown. */
export type Report = (segment: Segment, message: string) => void;

export function coded(list: Readonly<Record<string, string>>, code: string): Coded {
  return { code, description: describeCode(list, code) };
}

/** NM1 as a party. */
export function partyOf(segment: Segment): Party {
  return {
    entity: coded(ENTITY_CODES, segment.element(1)),
    entityType: segment.element(2),
    name: segment.element(3),
    firstName: segment.element(4),
    idQualifier: segment.element(8),
    id: segment.element(9),
    position: segment.position,
  };
}

/** AAA. */
export function rejectionOf(segment: Segment, loop: RejectionLoop, report: Report): Rejection {
  const reason = segment.element(3);
  if (reason === '') report(segment, `Rejection (AAA) in loop ${loop} has no reason code (AAA03).`);
  return {
    loop,
    validRequest: segment.is(1, 'Y'),
    reason: coded(REJECT_REASONS, reason),
    followUp: coded(FOLLOW_UP_ACTIONS, segment.element(4)),
    position: segment.position,
  };
}

/** DTP: D8 (one day) or RD8 (CCYYMMDD-CCYYMMDD); a date that is not a calendar date is reported. */
export function dateOf(segment: Segment, report: Report): EligibilityDate {
  const qualifier = coded(DATE_QUALIFIERS, segment.element(1));
  const format = segment.element(2);
  const value = segment.element(3);
  let from: string | null = null;
  let to: string | null = null;
  if (format === 'D8') {
    from = parseDate(value, 0, value.length);
    to = from;
  } else if (format === 'RD8' && value.length === 17 && value[8] === '-') {
    from = parseDate(value, 0, 8);
    to = parseDate(value, 9, 17);
  }
  if (from === null || to === null)
    report(segment, `Date ${qualifier.code} (DTP03) is not a ${format || 'D8'} date: "${clip(value)}".`);
  return { qualifier, from, to, position: segment.position };
}

export function traceOf(segment: Segment): Trace {
  return {
    type: segment.element(1),
    number: segment.element(2),
    originatorID: segment.element(3),
    position: segment.position,
  };
}

const REFERENCE_NAMES: Readonly<Record<string, string>> = {
  '18': 'Plan number',
  '1L': 'Group or policy number',
  '1W': 'Member identification number',
  '6P': 'Group number',
  '9F': 'Referral number',
  EA: 'Medical record identification number',
  F6: 'Health insurance claim (HIC) number',
  G1: 'Prior authorization number',
  IG: 'Insurance policy number',
  N6: 'Plan network identification number',
  NQ: 'Medicaid recipient identification number',
  SY: 'Social security number',
  Y4: 'Agency claim number',
};

export function referenceOf(segment: Segment): Reference {
  const qualifier = segment.element(1);
  return {
    qualifier,
    value: segment.element(2),
    description: segment.element(3) || describeCode(REFERENCE_NAMES, qualifier),
  };
}

/** EB08: the file writes a fraction (.2 for 20 percent); null when not given. */
function percentOf(segment: Segment, report: Report): number | null {
  const value = segment.element(8);
  if (value === '') return null;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(value)) {
    report(segment, `Co-insurance percent (EB08) is not a number: "${clip(value)}".`);
    return null;
  }
  const percent = Math.round(Number(value) * 10_000) / 100;
  if (percent > 100) report(segment, `Co-insurance percent (EB08) ${clip(value)} is more than 100 percent.`);
  return percent;
}

function quantityOf(segment: Segment, report: Report): number | null {
  const value = segment.element(10);
  if (value === '') return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) {
    report(segment, `Quantity (EB10) is not a number: "${clip(value)}".`);
    return null;
  }
  return Number(value);
}

/** EB: a new benefit line; the segments after it (DTP, MSG, REF, AAA, LS..LE) are added by the reader. */
export function benefitOf(segment: Segment, report: Report): Benefit {
  const code = segment.element(1);
  if (code === '') report(segment, 'Benefit line has no eligibility or benefit code (EB01).');
  const amountCents = segment.cents(7);
  if (amountCents === null && segment.element(7) !== '')
    report(segment, `Benefit amount (EB07) is not an amount: "${clip(segment.element(7))}".`);
  return {
    benefit: coded(BENEFIT_CODES, code),
    coverageLevel: coded(COVERAGE_LEVELS, segment.element(2)),
    serviceTypes: segment.repetitions(3).map((type) => coded(SERVICE_TYPES, type)),
    insuranceType: coded(INSURANCE_TYPES, segment.element(4)),
    planDescription: segment.element(5),
    timePeriod: coded(TIME_PERIODS, segment.element(6)),
    amountCents,
    percent: percentOf(segment, report),
    quantityQualifier: coded(QUANTITY_QUALIFIERS, segment.element(9)),
    quantity: quantityOf(segment, report),
    authorizationRequired: segment.element(11),
    inNetwork: coded(NETWORK_INDICATORS, segment.element(12)),
    procedure: segment.components(13),
    dates: [],
    messages: [],
    references: [],
    rejections: [],
    relatedEntities: [],
    position: segment.position,
  };
}
