import { useCallback, useState } from 'react';
import type { AbilityClaimEvent, ClaimStatusReply } from '../../../contract/acknowledgements.ts';
import { getClaimEvents, getClaimStatus } from '../../api/acknowledgements.ts';
import type { CallOptions } from '../../api/client.ts';
import { formatDate } from '../../ui/format.ts';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import './claimStatusSection.css';
import { useSectionData } from './useSectionData.ts';

interface StatusAndEvents {
  status: ClaimStatusReply;
  events: AbilityClaimEvent[];
}

const loadStatus = async (claimID: number, options: CallOptions): Promise<StatusAndEvents> => {
  const [status, { events }] = await Promise.all([getClaimStatus(claimID, options), getClaimEvents(claimID, options)]);
  return { status, events };
};

const EVENT_COLUMNS: readonly RowColumn<AbilityClaimEvent>[] = [
  { id: 'at', title: 'When', render: (event) => `${formatDate(event.at.slice(0, 10))} ${event.at.slice(11, 16)}` },
  { id: 'event', title: 'Event', render: (event) => event.title },
  { id: 'detail', title: 'Detail', render: (event) => event.detail.split('\n').join(' · ') },
];

/** Who turned the claim back, and why, in the payer's or clearinghouse's own codes and words. */
function RejectionNotice({ status }: { status: ClaimStatusReply }) {
  const rejection = status.rejection;
  if (rejection === null) return null;
  const who = rejection.answeredByName || (rejection.answeredBy === 'payer' ? 'The payer' : 'The clearinghouse');
  return (
    <div className="claim-status__rejection" role="alert" data-testid="claim-rejection">
      <strong>
        Rejected by {who} ({rejection.source}) on {formatDate(rejection.recordedAt.slice(0, 10))}
      </strong>
      <ul>
        {rejection.reason.split('\n').map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <span className="muted">
        {status.payerClaimNumber
          ? `Payer claim number ${status.payerClaimNumber}. Correct the claim, then Alt+R sends it again as a replacement (frequency 7).`
          : 'Correct the claim, then Alt+R sends it again.'}
      </span>
    </div>
  );
}

/**
 * The claim's standing with the clearinghouse and the payer: a rejection's reason at the top of
 * the claim, then every event (sent, 999, 277CA, status asked and answered, paid), newest first.
 */
export function ClaimStatusSection({ claimID }: { claimID: number }) {
  const data = useSectionData(claimID, 'submissionBatch', loadStatus);
  const [row, setRow] = useState(0);
  const onActiveChange = useCallback((index: number) => setRow(index), []);
  if (data.state === 'loading') return null;
  if (data.state === 'failed')
    return (
      <section className="claim-status" aria-label="Claim status">
        <span role="alert">The claim's acknowledgements could not be read{data.reason ? `: ${data.reason}` : '.'}</span>
      </section>
    );
  const { status, events } = data.value;
  return (
    <section className="claim-status" aria-label="Claim status" data-testid="claim-status">
      <RejectionNotice status={status} />
      <div className="claim-status__line">
        <span className="claim-status__label">Clearinghouse</span>
        <strong data-testid="claim-submit-status">{status.submitStatus}</strong>
        {status.payerClaimNumber && <span>Payer claim number {status.payerClaimNumber}</span>}
        {status.frequencyCode !== '1' && (
          <span>
            Frequency {status.frequencyCode}
            {status.originalClaimNumber ? ` replacing ${status.originalClaimNumber}` : ''}
          </span>
        )}
        {status.latest && status.rejection === null && (
          <span className="muted">
            Last answer: {status.latest.source} {status.latest.outcome}
            {status.latest.answeredByName ? ` by ${status.latest.answeredByName}` : ''}
          </span>
        )}
      </div>
      {events.length > 0 && (
        <div className="claim-status__events">
          <RowList
            label="Claim events"
            columns={EVENT_COLUMNS}
            rows={events}
            rowKey={(event) => `${event.at}${event.title}`}
            active={Math.min(row, events.length - 1)}
            onActiveChange={onActiveChange}
            empty="No events yet."
          />
        </div>
      )}
    </section>
  );
}
