import type { ClaimPayorReply } from '../../../contract/claimTransfer.ts';
import { CLAIM_TRANSFER_FAILED } from '../../../contract/claimTransfer.ts';
import type { CallOptions } from '../../api/client.ts';
import { getClaimPayor } from '../../api/claimTransfer.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import { useSectionData } from './useSectionData.ts';

const loadPayor = (claimID: number, options: CallOptions): Promise<ClaimPayorReply> => getClaimPayor(claimID, options);

/**
 * Who the claim's balance waits on now, its payer or the patient, with the insurance and patient
 * balances from its ledger: the line a biller reads after a transfer or a remit. Read again on
 * every change to the claim or to a posting.
 */
export function ClaimPayorLine({ claimID }: { claimID: number }) {
  const payor = useSectionData(claimID, 'posting', loadPayor);
  return (
    <section className="claim-detail__payor" aria-label="Payor" data-testid="claim-payor">
      <span className="claim-detail__payor-label">Payor</span>
      {payor.state === 'loading' && <span className="muted">Reading who owes the claim…</span>}
      {payor.state === 'failed' && <span role="alert">{CLAIM_TRANSFER_FAILED}</span>}
      {payor.state === 'ready' && (
        <>
          <strong data-testid="claim-payor-who">{payor.value.description}</strong>
          <span>
            Insurance balance <Money cents={payor.value.insuranceBalance} />
          </span>
          <span data-testid="claim-payor-patient">
            Patient balance <Money cents={payor.value.patientBalance} />
          </span>
          {payor.value.transfer && (
            <span className="muted">
              Transferred {formatDate(payor.value.transfer.postingDate)} (posting {payor.value.transfer.ledgerID}; X on
              it in Postings reverses it)
            </span>
          )}
        </>
      )}
    </section>
  );
}
