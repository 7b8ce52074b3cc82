/**
 * How the payer simulator answers, decided from the inquiry alone so the same 270 always gets
 * the same 271:
 * - a member id ending in 9: subscriber not found (AAA*N**75*C);
 * - a date of birth that is not a date, or after the day of service: invalid (AAA*N**58*C);
 *   one before 1900: does not match the payer's records (AAA*N**71*C);
 * - a member id ending in 8: coverage inactive (EB*6);
 * - otherwise active: an office co-pay, a deductible and an out-of-pocket maximum in and out of
 *   network, with what remains of them this calendar year, and co-insurance.
 * A dependent's question is answered in the dependent's loop (2000D).
 * A search without a member ID (insurance discovery) finds the person only at payers whose payer ID
 * ends in the last digit of the person's day of birth (born on the 14th: payer IDs ending in 4),
 * with member ID `DS` + the birth date + `0`, active; elsewhere the subscriber is not found.
 */
import {
  write271,
  type Answer271,
  type Benefit271,
  type Member271,
  type Rejection271,
} from '../edi/eligibility/write271.ts';
import type { Person270, Question270, Read270 } from './read270.ts';

export const SIM_PAYER_ID = 'SIMPAYER';
export const SIM_PLAN = 'SIMULATED PPO';

/** In-network and out-of-network yearly amounts, in cents. */
export const SIM_AMOUNTS = {
  copayIn: 2500,
  copayOut: 5000,
  deductibleIn: 150000,
  deductibleOut: 300000,
  outOfPocketIn: 500000,
  outOfPocketOut: 1000000,
  coinsuranceIn: 20,
  coinsuranceOut: 40,
} as const;

/** What has been met this year: the member id's last two digits times ten dollars (deterministic). */
export function metCents(memberID: string): number {
  const digits = memberID.replace(/\D/g, '').slice(-2);
  return (digits === '' ? 0 : Number(digits)) * 1000;
}

const reject = (reason: string): Rejection271 => ({ validRequest: false, reason, followUp: 'C' });

function isoOf(ccyymmdd: string): string | null {
  if (!/^\d{8}$/.test(ccyymmdd)) return null;
  const iso = `${ccyymmdd.slice(0, 4)}-${ccyymmdd.slice(4, 6)}-${ccyymmdd.slice(6, 8)}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

function birthProblem(person: Person270, serviceDay: string): string | null {
  if (person.birthDate === '') return null;
  const birth = isoOf(person.birthDate);
  if (birth === null || birth > serviceDay) return '58';
  if (birth < '1900-01-01') return '71';
  return null;
}

function coverage(memberID: string, serviceDay: string): { dates: Member271['dates']; benefits: Benefit271[] } {
  const year = serviceDay.slice(0, 4);
  const dates = [
    { qualifier: '346', from: `${year}-01-01` },
    { qualifier: '347', from: `${year}-12-31` },
  ];
  if (memberID.endsWith('8'))
    return { dates, benefits: [{ benefit: '6', coverageLevel: 'IND', serviceType: '30', planDescription: SIM_PLAN }] };
  const met = metCents(memberID);
  const a = SIM_AMOUNTS;
  const yearly = (code: string, inCents: number, outCents: number): Benefit271[] => [
    {
      benefit: code,
      coverageLevel: 'IND',
      serviceType: '30',
      insuranceType: 'PR',
      timePeriod: '23',
      amountCents: inCents,
      inNetwork: 'Y',
    },
    {
      benefit: code,
      coverageLevel: 'IND',
      serviceType: '30',
      insuranceType: 'PR',
      timePeriod: '29',
      amountCents: Math.max(0, inCents - met),
      inNetwork: 'Y',
    },
    {
      benefit: code,
      coverageLevel: 'IND',
      serviceType: '30',
      insuranceType: 'PR',
      timePeriod: '23',
      amountCents: outCents,
      inNetwork: 'N',
    },
    {
      benefit: code,
      coverageLevel: 'IND',
      serviceType: '30',
      insuranceType: 'PR',
      timePeriod: '29',
      amountCents: Math.max(0, outCents - met),
      inNetwork: 'N',
    },
  ];
  return {
    dates,
    benefits: [
      { benefit: '1', coverageLevel: 'IND', serviceType: '30', insuranceType: 'PR', planDescription: SIM_PLAN },
      {
        benefit: 'B',
        coverageLevel: 'IND',
        serviceType: '98',
        insuranceType: 'PR',
        timePeriod: '27',
        amountCents: a.copayIn,
        inNetwork: 'Y',
      },
      {
        benefit: 'B',
        coverageLevel: 'IND',
        serviceType: '98',
        insuranceType: 'PR',
        timePeriod: '27',
        amountCents: a.copayOut,
        inNetwork: 'N',
      },
      ...yearly('C', a.deductibleIn, a.deductibleOut),
      ...yearly('G', a.outOfPocketIn, a.outOfPocketOut),
      {
        benefit: 'A',
        coverageLevel: 'IND',
        serviceType: '98',
        insuranceType: 'PR',
        percent: a.coinsuranceIn,
        inNetwork: 'Y',
      },
      {
        benefit: 'A',
        coverageLevel: 'IND',
        serviceType: '98',
        insuranceType: 'PR',
        percent: a.coinsuranceOut,
        inNetwork: 'N',
      },
    ],
  };
}

function member(person: Person270, extra: Partial<Member271> = {}): Member271 {
  const birthDate = isoOf(person.birthDate);
  return {
    traceNumber: person.traceNumber,
    traceOriginator: SIM_PAYER_ID,
    lastName: person.lastName,
    firstName: person.firstName,
    memberID: person.memberID,
    birthDate,
    gender: person.gender,
    ...extra,
  };
}

/** The member ID a search finds the person under at `payerID`, or null where the person is not known. */
export function searchedMemberID(person: Person270, payerID: string): string | null {
  const birth = isoOf(person.birthDate);
  if (birth === null || person.firstName.trim() === '' || payerID === '') return null;
  return payerID.slice(-1) === birth.slice(-1) ? `DS${person.birthDate}0` : null;
}

function answerOne(question: Question270, today: string, payerID: string): Answer271 {
  const serviceDay = isoOf(question.serviceDate) ?? today;
  const { dependent } = question;
  let { subscriber } = question;
  if (subscriber.memberID.trim() === '' && !dependent) {
    const found = searchedMemberID(subscriber, payerID);
    if (found === null) return { subscriber: member(subscriber, { rejections: [reject('75')] }) };
    subscriber = { ...subscriber, memberID: found };
  }
  const patient = dependent ?? subscriber;
  const found = !subscriber.memberID.endsWith('9');
  const problem = found ? birthProblem(patient, serviceDay) : '75';
  const answered = problem === null ? coverage(subscriber.memberID, serviceDay) : { rejections: [reject(problem)] };
  if (!dependent) return { subscriber: member(subscriber, answered) };
  // Not found is the subscriber's; everything else is said of the dependent asked about.
  if (problem === '75')
    return { subscriber: member(subscriber, { traceNumber: '', ...answered }), dependent: member(dependent) };
  return {
    subscriber: member(subscriber, { traceNumber: '' }),
    dependent: member(dependent, { memberID: '', relationship: '19', ...answered }),
  };
}

/** The 271 text answering `inquiry`; `now` dates the reply and stands in for a missing day of service. */
export function answer270(inquiry: Read270, now: Date, interchangeControlNumber: number): string {
  const today = now.toISOString().slice(0, 10);
  return write271({
    sender: inquiry.receiverID || SIM_PAYER_ID,
    receiver: inquiry.senderID || 'SUBMITTER',
    interchangeControlNumber,
    reference: inquiry.reference,
    now,
    usage: 'T',
    payer: { name: inquiry.payer.name || 'SIMULATED PAYER', payerID: inquiry.payer.payerID || SIM_PAYER_ID },
    provider: inquiry.provider,
    answers: inquiry.questions.map((question) => answerOne(question, today, inquiry.payer.payerID)),
  });
}
