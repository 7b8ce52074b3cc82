import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { ClaimDetailReply } from '../../../contract/claimDetail.ts';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import { ApiError } from '../../api/apiError.ts';
import { showRecord } from '../../console/focus.ts';
import { formatBinding } from '../../console/shortcuts.ts';
import { icdWithDot } from '../panes/billingText.ts';
import { CHARGE_COLUMNS } from '../panes/chargeColumns.tsx';
import { getClaimDetailData, getPaymentLedgers } from '../panes/paneApi.ts';
import { POSTING_COLUMNS } from '../panes/postingColumns.tsx';
import { RowList } from '../panes/RowList.tsx';
import '../panes/panes.css';
import { backToList } from './backToList.ts';
import { ClaimHeaderFacts } from './ClaimHeaderFacts.tsx';
import './claimDetail.css';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; detail: ClaimDetailReply; ledger: PaymentLedgersReply };

const CLAIM_ID = /^\/app\/claim-detail\/(\d{1,15})$/;

function useClaim(claimID: number | null): Loaded {
  const [loaded, setLoaded] = useState<{ claimID: number | null; value: Loaded }>({ claimID: null, value: { state: 'loading' } });
  useEffect(() => {
    if (claimID === null) return;
    const controller = new AbortController();
    const options = { signal: controller.signal, silent: true };
    Promise.all([getClaimDetailData(claimID, options), getPaymentLedgers({ claimID }, options)]).then(
      ([detail, ledger]) => setLoaded({ claimID, value: { state: 'ready', detail, ledger } }),
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ claimID, value: thrown instanceof ApiError && thrown.status === 404 ? { state: 'missing' } : { state: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [claimID]);
  if (claimID === null) return { state: 'missing' };
  return loaded.claimID === claimID ? loaded.value : { state: 'loading' };
}

/**
 * /app/claim-detail/<claimID>: the whole claim on one screen, read-only. Tab moves between the
 * charges and the postings, arrows within them; Escape goes back to the list it came from.
 */
export function ClaimDetailPage() {
  const [path] = useLocation();
  const match = CLAIM_ID.exec(path);
  const claimID = match ? Number(match[1]) : null;
  const loaded = useClaim(claimID);
  const [chargeRow, setChargeRow] = useState(0);
  const [postingRow, setPostingRow] = useState(0);
  const charges = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => (claimID === null ? undefined : showRecord('claim', claimID)), [claimID]);

  // The keyboard starts in the charges; without a claim to show, on the screen itself, so Escape still leads back.
  useEffect(() => {
    const target = loaded.state === 'ready' ? charges.current?.querySelector<HTMLElement>('[data-pane-focus]') : root.current;
    target?.focus();
  }, [loaded.state]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      backToList();
    }
  }, []);

  return (
    <div ref={root} className="claim-detail" role="region" onKeyDown={onKeyDown} tabIndex={-1} aria-labelledby="claim-detail-title">
      <div className="claim-detail__bar">
        <h1 id="claim-detail-title">Claim {claimID ?? ''}</h1>
        {loaded.state === 'ready' && <span className="claim-detail__status">{loaded.detail.header.claimStatus}</span>}
        <span className="claim-detail__keys muted">
          <kbd>Tab</kbd> next section <kbd>↑</kbd>
          <kbd>↓</kbd> move <kbd>{formatBinding('Escape')[0]}</kbd> back to the list
        </span>
      </div>
      {loaded.state === 'loading' && <p className="muted">Loading the claim…</p>}
      {loaded.state === 'missing' && <p role="alert">Claim {claimID ?? ''} was not found, or it belongs to a practice outside your data role.</p>}
      {loaded.state === 'failed' && <p role="alert">The claim could not be loaded. Try again in a moment.</p>}
      {loaded.state === 'ready' && (
        <>
          <ClaimHeaderFacts header={loaded.detail.header} />
          <section className="claim-detail__section" aria-label="Diagnoses">
            <h2>Diagnoses</h2>
            <ol className="claim-detail__diagnoses">
              {loaded.detail.diagnoses.map((diagnosis) => (
                <li key={diagnosis.sequence}>
                  <span className="claim-detail__pointer">{diagnosis.sequence}</span> <strong>{icdWithDot(diagnosis.code)}</strong> {diagnosis.description ?? 'not in the ICD-10-CM list of the DOS year'}
                </li>
              ))}
            </ol>
          </section>
          <section ref={charges} className="claim-detail__section claim-detail__section--grow" aria-label="Charges">
            <h2>Charges</h2>
            <RowList label="Charges" columns={CHARGE_COLUMNS} rows={loaded.detail.charges} rowKey={(line) => line.chargeID} active={chargeRow} onActiveChange={setChargeRow} empty="No charge lines." />
          </section>
          <section className="claim-detail__section claim-detail__section--grow" aria-label="Postings">
            <h2>Postings</h2>
            <RowList
              label="Postings"
              columns={POSTING_COLUMNS}
              rows={loaded.ledger.rows.filter((row) => row.entryType !== 'charge')}
              rowKey={(row) => row.ledgerID}
              active={postingRow}
              onActiveChange={setPostingRow}
              empty="Nothing posted on this claim yet."
            />
          </section>
        </>
      )}
    </div>
  );
}
