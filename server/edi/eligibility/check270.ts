import { npiProblem } from '../../../contract/npi.ts';
import { parseDate } from '../x12/parseDate.ts';
import type { Build270Options, Inquiry270, SubscriberInquiry270 } from './inquiry270.ts';

const MAX_CONTROL_NUMBER = 999_999_999;

/** Why `value` is not a YYYY-MM-DD calendar date, or null. */
function dateProblem(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return `"${value}" is not a date (YYYY-MM-DD)`;
  const compact = value.replaceAll('-', '');
  return parseDate(compact, 0, 8) === null ? `${value} is not a calendar date` : null;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

function checkSubscriber(
  subscriber: SubscriberInquiry270,
  which: string,
  today: string,
  options: Build270Options,
): string[] {
  const problems: string[] = [];
  const date = (value: string | null | undefined, name: string, notAfterToday: boolean) => {
    if (blank(value)) return;
    const problem = dateProblem((value as string).trim());
    if (problem) problems.push(`${which}: the ${name} ${problem}.`);
    else if (notAfterToday && (value as string).trim() > today)
      problems.push(`${which}: the ${name} ${value} is in the future.`);
  };
  if (subscriber.searchWithoutMemberID) {
    if (blank(subscriber.firstName) || blank(subscriber.birthDate))
      problems.push(`${which}: a search without a member ID needs the first name and the date of birth.`);
  } else if (blank(subscriber.memberID)) problems.push(`${which}: the member ID is missing.`);
  if (blank(subscriber.lastName)) problems.push(`${which}: the subscriber's last name is missing.`);
  date(subscriber.birthDate, "subscriber's date of birth", true);
  date(subscriber.serviceDate, 'date of service', false);
  date(subscriber.serviceDateTo, 'last date of service', false);
  if (blank(subscriber.serviceDate) && !blank(subscriber.serviceDateTo))
    problems.push(`${which}: a last date of service needs a first one.`);
  if (
    !blank(subscriber.serviceDate) &&
    !blank(subscriber.serviceDateTo) &&
    (subscriber.serviceDateTo as string) < (subscriber.serviceDate as string)
  )
    problems.push(`${which}: the last date of service is before the first.`);
  for (const type of subscriber.serviceTypes ?? [])
    if (!/^[A-Z0-9]{1,2}$/.test(type)) problems.push(`${which}: "${type}" is not a service type code.`);
  const dependent = subscriber.dependent;
  if (dependent) {
    if (blank(dependent.lastName)) problems.push(`${which}: the dependent's last name is missing.`);
    if (blank(dependent.firstName)) problems.push(`${which}: the dependent's first name is missing.`);
    if (blank(dependent.birthDate)) problems.push(`${which}: the dependent's date of birth is missing.`);
    date(dependent.birthDate, "dependent's date of birth", true);
  }
  const traced = !blank(subscriber.traceNumber) || !blank(dependent?.traceNumber);
  if (traced && !/^[0-9A-Z]{10}$/i.test(options.traceOriginator ?? ''))
    problems.push(`${which}: a trace number needs the originator (10 characters, '1' and the tax ID) in the options.`);
  for (const trace of [subscriber.traceNumber, dependent?.traceNumber])
    if (!blank(trace) && (trace as string).trim().length > 50)
      problems.push(`${which}: the trace number has more than 50 characters.`);
  return problems;
}

/** Every reason the inquiry cannot be written; empty when it can. */
export function check270(inquiry: Inquiry270, options: Build270Options): string[] {
  const problems: string[] = [];
  const control = (value: number, name: string) => {
    if (!Number.isInteger(value) || value < 1 || value > MAX_CONTROL_NUMBER)
      problems.push(`The ${name} must be a whole number from 1 to ${MAX_CONTROL_NUMBER}, not ${value}.`);
  };
  control(options.interchangeControlNumber, 'interchange control number');
  control(options.groupControlNumber, 'group control number');
  for (const [party, id] of [
    ['sender', options.sender.id],
    ['receiver', options.receiver.id],
  ] as const) {
    const length = id.trim().length;
    if (length < 2 || length > 15) problems.push(`The ${party} id must have 2 to 15 characters.`);
  }
  if (blank(inquiry.payer.name)) problems.push("The payer's name is missing.");
  if (blank(inquiry.payer.payerID)) problems.push("The payer's ID is missing.");
  const npi = npiProblem(inquiry.provider.npi.trim());
  if (npi) problems.push(`The provider's NPI ${npi}.`);
  if (blank(inquiry.provider.organizationName) && blank(inquiry.provider.lastName))
    problems.push("The provider's name is missing (an organisation name or a last name).");
  if (inquiry.subscribers.length === 0) problems.push('There is no subscriber to ask about.');
  const today = options.now.toISOString().slice(0, 10);
  inquiry.subscribers.forEach((subscriber, index) => {
    const name = [subscriber.firstName, subscriber.lastName].filter((part) => !blank(part)).join(' ');
    problems.push(...checkSubscriber(subscriber, `Subscriber ${index + 1}${name ? ` (${name})` : ''}`, today, options));
  });
  return problems;
}
