/**
 * How a coverage and a guarantor are typed in the palette and shown in their lists: the
 * subscriber on one line (LAST, FIRST, YYYY-MM-DD, SEX), dates as YYYY-MM-DD, a relationship by
 * its X12 code or its name.
 */
import { RELATIONSHIPS, SELF, relationshipLabel, type Coverage } from '../../contract/patientCoverage.ts';
import { isCalendarDate } from '../../contract/scalars.ts';

export const SUBSCRIBER_FORMAT = 'LAST, FIRST, YYYY-MM-DD, M/F/U';

export interface SubscriberFields {
  subscriberLastName: string | null;
  subscriberFirstName: string | null;
  subscriberDateOfBirth: string | null;
  subscriberSex: 'M' | 'F' | 'U' | null;
}

export const NO_SUBSCRIBER: SubscriberFields = {
  subscriberLastName: null,
  subscriberFirstName: null,
  subscriberDateOfBirth: null,
  subscriberSex: null,
};

/** The subscriber typed on one line, or a refusal saying how to type it. */
export function parseSubscriber(typed: string): SubscriberFields | string {
  const parts = typed.split(',').map((part) => part.trim());
  const [last, first, birth, sex] = parts;
  if (parts.length !== 4 || !last || !first || !birth || !sex) return `Type the subscriber as ${SUBSCRIBER_FORMAT}.`;
  if (!isCalendarDate(birth)) return 'The subscriber’s date of birth is YYYY-MM-DD, a day that exists.';
  const letter = sex.toUpperCase().charAt(0);
  if (letter !== 'M' && letter !== 'F' && letter !== 'U') return 'The subscriber’s sex is M, F or U.';
  return {
    subscriberLastName: last.toUpperCase(),
    subscriberFirstName: first.toUpperCase(),
    subscriberDateOfBirth: birth,
    subscriberSex: letter,
  };
}

export function subscriberText(coverage: Coverage): string {
  if (coverage.relationship === SELF) return 'Patient (self)';
  return [
    coverage.subscriberLastName,
    coverage.subscriberFirstName,
    coverage.subscriberDateOfBirth,
    coverage.subscriberSex,
  ]
    .filter((part) => part !== null && part !== '')
    .join(', ');
}

/** A relationship typed as its code (01, 18, G8) or its name (spouse, child), or a refusal. */
export function parseRelationship(typed: string): string {
  const wanted = typed.trim().toUpperCase();
  const found = RELATIONSHIPS.find(
    (relationship) => relationship.code === wanted || relationship.label.toUpperCase() === wanted,
  );
  return found?.code ?? '';
}

export const relationshipChoices = () =>
  RELATIONSHIPS.map((relationship) => ({
    value: relationship.code,
    label: relationship.label,
    hint: relationship.code,
  }));

export const relationshipText = (code: string) => `${relationshipLabel(code)} (${code})`;

export function dateProblem(typed: string, what: string): string | null {
  return isCalendarDate(typed.trim()) ? null : `${what} is YYYY-MM-DD, a day that exists.`;
}

export function coveredText(coverage: Pick<Coverage, 'effectiveFrom' | 'effectiveTo'>): string {
  return coverage.effectiveTo === null
    ? `from ${coverage.effectiveFrom}`
    : `${coverage.effectiveFrom} – ${coverage.effectiveTo}`;
}
