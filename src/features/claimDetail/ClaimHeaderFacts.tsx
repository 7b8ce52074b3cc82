import type { ReactNode } from 'react';
import type { ClaimHeader } from '../../../contract/claimDetail.ts';
import { formatDate, formatDateRange } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';

const OUTCOME_WORDS = { active: 'Active', inactive: 'Inactive', rejected: 'Rejected' } as const;

/**
 * The payer's latest eligibility answer for the claim's insurance on its day of service (the DOS
 * beside it), short enough for its column; the payer's words are in its tooltip.
 */
function eligibilityText(eligibility: ClaimHeader['eligibility']): string {
  if (!eligibility) return 'Not checked';
  return `${OUTCOME_WORDS[eligibility.outcome]}, checked ${formatDate(eligibility.askedAt)}`;
}

/** The claim's header as label/value pairs, four columns wide, money on the right. */
export function ClaimHeaderFacts({
  header,
  flagged,
}: {
  header: ClaimHeader;
  flagged: ReadonlyMap<string, 'error' | 'warning'>;
}) {
  const facts: [string, ReactNode][] = [
    ['Patient', header.patientName],
    ['DOB', formatDate(header.dateOfBirth)],
    ['Account', header.accountNumber],
    ['DOS', formatDateRange(header.dosFrom, header.dosTo)],
    ['Payer', header.payerName ?? 'Self-pay'],
    ['Subscriber ID', header.subscriberID ?? '—'],
    [
      'Eligibility',
      <span data-testid="claim-eligibility" title={header.eligibility?.message}>
        {eligibilityText(header.eligibility)}
      </span>,
    ],
    ['Provider', header.providerName],
    ['Practice', header.practiceName],
    ['Facility', header.facilityName ?? '—'],
    ['POS', header.posCode ? `${header.posCode} ${header.posName ?? ''}` : '—'],
    ['Claim status', header.claimStatus],
    ['Scrub status', header.scrubStatus],
    ['Submit status', header.submitStatus],
    ['Charge batch', header.chargeBatchNumber ?? '—'],
  ];
  const totals: [string, number][] = [
    ['Total charges', header.totalCharges],
    ['Paid', header.paid],
    ['Adjusted', header.adjusted],
    ['Balance', header.balance],
  ];
  // An inactive or rejected answer is marked like the scrubber's warning on the coverage.
  const marks = new Map(flagged);
  if (header.eligibility && header.eligibility.outcome !== 'active' && !marks.has('Eligibility'))
    marks.set('Eligibility', 'warning');
  return (
    <div className="claim-facts">
      <dl className="claim-facts__list">
        {facts.map(([label, value]) => (
          <div key={label} className={marks.has(label) ? `fact--${marks.get(label)}` : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="claim-facts__totals" data-testid="claim-totals">
        {totals.map(([label, cents]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Money cents={cents} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
