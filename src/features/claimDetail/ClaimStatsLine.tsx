import type { ClaimStatsReply } from '../../../contract/claimSideCalls.ts';
import type { CallOptions } from '../../api/client.ts';
import { CLAIM_STATS_FAILED, getClaimStats } from '../../api/claimSide.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import { useSectionData } from './useSectionData.ts';

const loadStats = (claimID: number, options: CallOptions): Promise<ClaimStatsReply> => getClaimStats(claimID, options);

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The claim in figures (Claims/getClaimStatsData): who paid what, and what hangs on it: open
 * lines, notes, open tasks, documents, ERA answers, days since service, how often it was sent.
 * Read again on every change to the claim or to a posting.
 */
export function ClaimStatsLine({ claimID }: { claimID: number }) {
  const stats = useSectionData(claimID, 'posting', loadStats);
  return (
    <section className="claim-detail__payor claim-detail__stats" aria-label="Claim stats" data-testid="claim-stats">
      <span className="claim-detail__payor-label">Stats</span>
      {stats.state === 'loading' && <span className="muted">Reading the claim's figures…</span>}
      {stats.state === 'failed' && <span role="alert">{CLAIM_STATS_FAILED}</span>}
      {stats.state === 'ready' && (
        <>
          <span>
            Insurance paid <Money cents={stats.value.insurancePaid} />
          </span>
          <span data-testid="claim-stats-patient-paid">
            Patient paid <Money cents={stats.value.patientPaid} />
          </span>
          <span>{counted(stats.value.openLines, 'open line')}</span>
          <span>{counted(stats.value.notes, 'note')}</span>
          <span>{counted(stats.value.openTasks, 'open task')}</span>
          <span>{counted(stats.value.documents, 'document')}</span>
          <span>{counted(stats.value.eraAnswers, 'ERA answer')}</span>
          <span>{counted(stats.value.daysSinceService, 'day')} since service</span>
          <span className="muted">
            {stats.value.lastSubmitted === null
              ? 'never sent'
              : `sent ${counted(stats.value.timesSubmitted, 'time')}, last ${formatDate(stats.value.lastSubmitted)}`}
            {stats.value.lastPostingDate === null ? '' : ` · last posting ${formatDate(stats.value.lastPostingDate)}`}
          </span>
        </>
      )}
    </section>
  );
}
