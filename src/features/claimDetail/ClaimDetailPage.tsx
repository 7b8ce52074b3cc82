import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { ClaimDetailReply } from '../../../contract/claimDetail.ts';
import type { PaymentLedgersReply } from '../../../contract/ledger.ts';
import type { ClaimEvent } from '../../../contract/claimDNA.ts';
import type { ScrubResponseReply } from '../../../contract/claimSideCalls.ts';
import type { ScrubFinding } from '../../../contract/scrub.ts';
import { ApiError } from '../../api/apiError.ts';
import { getClaimDNA } from '../../api/claimEdit.ts';
import { getScrubResponse } from '../../api/claimSide.ts';
import { watchStore } from '../../state/store.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { showRecord } from '../../console/focus.ts';
import { runCommand } from '../../console/registry.ts';
import { formatBinding } from '../../console/shortcuts.ts';
import { icdWithDot } from '../panes/billingText.ts';
import { CHARGE_COLUMNS } from '../panes/chargeColumns.tsx';
import { getClaimDetailData, getPaymentLedgers } from '../panes/paneApi.ts';
import { POSTING_COLUMNS } from '../panes/postingColumns.tsx';
import { reverseRefusal } from '../panes/postingText.ts';
import { notify } from '../../toasts/notify.tsx';
import { formatDate } from '../../ui/format.ts';
import { RowList } from '../../ui/RowList.tsx';
import '../panes/panes.css';
import { backToList } from './backToList.ts';
import { ClaimHeaderFacts } from './ClaimHeaderFacts.tsx';
import { ClaimPayorLine } from './ClaimPayorLine.tsx';
import { ClaimStatsLine } from './ClaimStatsLine.tsx';
import { ClaimStatusSection } from './ClaimStatusSection.tsx';
import { DocumentsSection } from './DocumentsSection.tsx';
import { MedicalCaseSection } from './MedicalCaseSection.tsx';
import { HISTORY_COLUMNS } from './claimHistory.tsx';
import { claimView } from './claimOnScreen.ts';
import {
  chargeFindingClass,
  FINDING_COLUMNS,
  findingCounts,
  flaggedDiagnoses,
  flaggedFacts,
} from './findingColumns.tsx';
import './claimDetail.css';
import './claimSections.css';
import { CLAIM_DETAIL } from '../../routing/paths.ts';

/** When the findings were found and by whom: "scrubbed 11/22/2026 by Ann Lee". */
function scrubbedLine(scrub: Omit<ScrubResponseReply, 'findings'>): string {
  if (scrub.scrubbedAt === null) return '';
  return `scrubbed ${formatDate(scrub.scrubbedAt.slice(0, 10))}${scrub.scrubbedBy === null ? '' : ` by ${scrub.scrubbedBy}`}`;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | {
      state: 'ready';
      detail: ClaimDetailReply;
      ledger: PaymentLedgersReply;
      findings: ScrubFinding[];
      scrub: Omit<ScrubResponseReply, 'findings'>;
      history: ClaimEvent[];
    };

function useClaim(claimID: number | null, revision: number): Loaded {
  const [loaded, setLoaded] = useState<{ claimID: number | null; value: Loaded }>({
    claimID: null,
    value: { state: 'loading' },
  });
  useEffect(() => {
    if (claimID === null) return;
    const controller = new AbortController();
    const options = { signal: controller.signal, silent: true };
    Promise.all([
      getClaimDetailData(claimID, options),
      getPaymentLedgers({ claimID }, options),
      getScrubResponse(claimID, options),
      getClaimDNA(claimID, options),
    ]).then(
      ([detail, ledger, { findings, ...scrub }, { events }]) => {
        // Newest first: the last change is what a biller looks for.
        setLoaded({
          claimID,
          value: { state: 'ready', detail, ledger, findings, scrub, history: [...events].reverse() },
        });
      },
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          claimID,
          value: thrown instanceof ApiError && thrown.status === 404 ? { state: 'missing' } : { state: 'failed' },
        });
      },
    );
    return () => controller.abort();
  }, [claimID, revision]);
  if (claimID === null) return { state: 'missing' };
  // A reload after a change keeps the old figures on screen until the new ones arrive.
  return loaded.claimID === claimID ? loaded.value : { state: 'loading' };
}

/**
 * /app/claim-detail/<claimID>: the whole claim on one screen, read-only. Tab moves between the
 * charges and the postings, arrows within them; Escape goes back to the list it came from.
 */
export function ClaimDetailPage() {
  const [path] = useLocation();
  const claimID = CLAIM_DETAIL.idIn(path);
  // Read again when a command announces a change to this claim (its lines, postings, status...).
  const revision = useRecordsRevision({ claim: claimID === null ? [] : [claimID] });
  const loaded = useClaim(claimID, revision);
  const [chargeRow, setChargeRow] = useState(0);
  const [findingRow, setFindingRow] = useState(0);
  const findingsList = useRef<HTMLDivElement>(null);
  const [postingRow, setPostingRow] = useState(0);
  const [historyRow, setHistoryRow] = useState(0);
  const charges = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => (claimID === null ? undefined : showRecord('claim', claimID)), [claimID]);

  // The claim is the commands' target, with its lines, diagnoses and findings. During a reload after
  // a change the old ones stay published (a biller's next key often comes before the reload ends).
  const shown = loaded.state === 'ready' ? loaded : null;
  usePublishedTarget(
    'claimDetail',
    'claim',
    useMemo(
      () =>
        shown === null
          ? undefined
          : {
              kind: 'claim' as const,
              id: shown.detail.header.claimID,
              chargeBatchID: shown.detail.header.chargeBatchID,
              charges: shown.detail.charges,
              diagnoses: shown.detail.diagnoses,
              findings: shown.findings,
            },
      [shown],
    ),
  );

  // The keyboard starts in the charges; without a claim to show, on the screen itself, so Escape still leads back.
  useEffect(() => {
    const target =
      loaded.state === 'ready' ? charges.current?.querySelector<HTMLElement>('[data-pane-focus]') : root.current;
    target?.focus();
  }, [loaded.state]);

  // "Go to first scrub error": the cursor on the first error (or warning), and on its charge line.
  const findings = loaded.state === 'ready' ? loaded.findings : null;
  const charged = loaded.state === 'ready' ? loaded.detail.charges : null;
  const latest = useRef({ findings, charged });
  useEffect(() => {
    latest.current = { findings, charged };
  }, [findings, charged]);
  useEffect(() => {
    let seen = claimView.firstErrorRequests;
    return watchStore(claimView, () => {
      if (claimView.firstErrorRequests === seen) return;
      seen = claimView.firstErrorRequests;
      const { findings: shown, charged: lines } = latest.current;
      if (!shown || !lines) return;
      const first = Math.max(
        0,
        shown.findIndex((finding) => finding.severity === 'error'),
      );
      setFindingRow(first);
      const line = lines.findIndex((charge) => charge.chargeID === shown[first]?.chargeID);
      if (line >= 0) setChargeRow(line);
      findingsList.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
    });
  }, []);

  const openFinding = useCallback(
    (finding: ScrubFinding) => {
      const line = charged?.findIndex((charge) => charge.chargeID === finding.chargeID) ?? -1;
      if (line < 0) return;
      setChargeRow(line);
      charges.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
    },
    [charged],
  );

  const diagnosisFlags = flaggedDiagnoses(findings ?? []);

  // The Postings list's cursor row is the posting "Reverse a posting…" offers first; X reverses it.
  const postings = loaded.state === 'ready' ? loaded.ledger.rows.filter((row) => row.entryType !== 'charge') : null;
  const cursorPosting = postings?.[Math.min(postingRow, postings.length - 1)] ?? null;
  usePublishedTarget(
    'claimDetail',
    'posting',
    useMemo(
      () =>
        cursorPosting === null
          ? undefined
          : {
              kind: 'posting' as const,
              id: cursorPosting.ledgerID,
              ledger: 'claim' as const,
              claimID: cursorPosting.claimID,
              row: cursorPosting,
            },
      [cursorPosting],
    ),
  );
  const onPostingKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.key.toLowerCase() !== 'x' || cursorPosting === null)
      return;
    event.preventDefault();
    const refused = reverseRefusal(cursorPosting);
    if (refused !== null) notify.warning(`Reverse a posting of this claim…: ${refused}`);
    else void runCommand('claims.reversePosting', 'hotkey', { ledgerID: String(cursorPosting.ledgerID) });
  };

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      backToList();
    }
  }, []);

  return (
    <div
      ref={root}
      className="claim-detail"
      role="region"
      onKeyDown={onKeyDown}
      tabIndex={-1}
      aria-labelledby="claim-detail-title"
    >
      <div className="claim-detail__bar">
        <h1 id="claim-detail-title">Claim {claimID ?? ''}</h1>
        {loaded.state === 'ready' && <span className="claim-detail__status">{loaded.detail.header.claimStatus}</span>}
        <span className="claim-detail__keys muted">
          <kbd>Tab</kbd> next section <kbd>{formatBinding('Alt+Shift+d')[0]}</kbd> documents{' '}
          <kbd>{formatBinding('Alt+Shift+m')[0]}</kbd> medical case <kbd>↑</kbd>
          <kbd>↓</kbd> move <kbd>Enter</kbd> line or posting in full <kbd>X</kbd> reverse the cursor posting{' '}
          <kbd>{formatBinding('Alt+t')[0]}</kbd> balance to patient <kbd>{formatBinding('Escape')[0]}</kbd> back to the
          list
        </span>
      </div>
      {loaded.state === 'loading' && <p className="muted">Loading the claim…</p>}
      {loaded.state === 'missing' && (
        <p role="alert">Claim {claimID ?? ''} was not found, or it belongs to a practice outside your data role.</p>
      )}
      {loaded.state === 'failed' && <p role="alert">The claim could not be loaded. Try again in a moment.</p>}
      {loaded.state === 'ready' && (
        <>
          <ClaimHeaderFacts header={loaded.detail.header} flagged={flaggedFacts(loaded.findings)} />
          <ClaimPayorLine claimID={loaded.detail.header.claimID} />
          <ClaimStatsLine claimID={loaded.detail.header.claimID} />
          <ClaimStatusSection claimID={loaded.detail.header.claimID} />
          {loaded.findings.length > 0 && (
            <section
              ref={findingsList}
              className="claim-detail__section claim-detail__findings"
              aria-label="Scrub findings"
            >
              <h2>
                Scrub findings <span className="muted">{findingCounts(loaded.findings)}</span>
                <span className="muted" data-testid="scrub-response">
                  {scrubbedLine(loaded.scrub)}
                </span>
              </h2>
              <RowList
                label="Scrub findings"
                columns={FINDING_COLUMNS}
                rows={loaded.findings}
                rowKey={(finding) => `${finding.ruleID}:${finding.field}`}
                active={findingRow}
                onActiveChange={setFindingRow}
                onOpen={openFinding}
                rowClassName={(finding) => `finding--${finding.severity}`}
                empty="No findings."
              />
            </section>
          )}
          <section className="claim-detail__section" aria-label="Diagnoses">
            <h2>Diagnoses</h2>
            <ol className="claim-detail__diagnoses">
              {loaded.detail.diagnoses.map((diagnosis) => (
                <li
                  key={diagnosis.sequence}
                  className={
                    diagnosisFlags.has(diagnosis.sequence)
                      ? `fact--${diagnosisFlags.get(diagnosis.sequence)}`
                      : undefined
                  }
                >
                  <span className="claim-detail__pointer">{diagnosis.sequence}</span>{' '}
                  <strong>{icdWithDot(diagnosis.code)}</strong>{' '}
                  {diagnosis.description ?? 'not in the ICD-10-CM list of the DOS year'}
                </li>
              ))}
            </ol>
          </section>
          <section ref={charges} className="claim-detail__section claim-detail__section--grow" aria-label="Charges">
            <h2>Charges</h2>
            <RowList
              label="Charges"
              columns={CHARGE_COLUMNS}
              rows={loaded.detail.charges}
              rowKey={(line) => line.chargeID}
              active={chargeRow}
              onActiveChange={setChargeRow}
              onOpen={(line) => void runCommand('claims.chargeDetail', 'hotkey', { chargeID: String(line.chargeID) })}
              rowClassName={(line) => chargeFindingClass(loaded.findings, line.chargeID)}
              empty="No charge lines."
            />
          </section>
          <section
            className="claim-detail__section claim-detail__section--grow"
            aria-label="Postings"
            onKeyDown={onPostingKey}
          >
            <h2>Postings</h2>
            <RowList
              label="Postings"
              columns={POSTING_COLUMNS}
              rows={postings ?? []}
              rowKey={(row) => row.ledgerID}
              active={postingRow}
              onActiveChange={setPostingRow}
              onOpen={(row) => void runCommand('claims.postingDetail', 'hotkey', { ledgerID: String(row.ledgerID) })}
              rowClassName={(row) => (row.reversedByLedgerID === null ? undefined : 'row--reversed')}
              empty="Nothing posted on this claim yet."
            />
          </section>
          <section className="claim-detail__section claim-detail__section--grow" aria-label="History">
            <h2>History (DNA log)</h2>
            <RowList
              label="History"
              columns={HISTORY_COLUMNS}
              rows={loaded.history}
              rowKey={(event) => event.claimEventID}
              active={historyRow}
              onActiveChange={setHistoryRow}
              empty="No changes recorded yet."
            />
          </section>
          {/* Mounted once the claim is ready, so their calls never hold up the claim's own. */}
          <div className="claim-detail__row">
            <DocumentsSection claimID={loaded.detail.header.claimID} />
            <MedicalCaseSection claimID={loaded.detail.header.claimID} />
          </div>
        </>
      )}
    </div>
  );
}
