import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BatchLedgerRow } from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import { getDeposits, getPaymentBatchLedger } from '../../api/batches.ts';
import { getEraCheckLedger } from '../../api/depositLedger.ts';
import { runCommand } from '../../console/registry.ts';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { Figure, Stats } from '../../ui/Stats.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { useFocusOnFirstLoad } from '../lists/useFocusOnFirstLoad.ts';
import { useListRead } from '../lists/useListRead.ts';
import { useRemote } from '../panes/useRemote.ts';
import '../paymentScreens/paymentScreens.css';
import { BATCH_LEDGER_COLUMNS } from '../batches/paymentBatchColumns.tsx';
import { DEPOSIT_COLUMNS } from './reconciliationColumns.tsx';
import { depositKey, reconciliationOnScreen } from './reconciliationOnScreen.ts';
import { depositTotals, FILTER_TITLES } from './reconciliationText.ts';

const PAGE_SIZE = 500;

/** The postings of a deposit: a payment batch's ledger rows, or an ERA check's. */
async function postingsOf(key: string, signal: AbortSignal): Promise<readonly BatchLedgerRow[]> {
  const [kind, id] = key.split(':');
  const options = { signal, silent: true, background: true };
  return kind === 'batch'
    ? (await getPaymentBatchLedger(Number(id), options)).rows
    : (await getEraCheckLedger(Number(id), options)).rows;
}

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'deposit' },
  { command: 'batches.reconcileDeposit', label: 'reconcile' },
  { keys: ['Enter'], label: 'its postings' },
  { command: 'batches.reverseLedgerPosting', label: 'reverse a posting' },
  { keys: ['Esc'], label: 'back' },
];

const focusIn = (section: HTMLElement | null) => section?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();

/**
 * /app/payment-reconciliation: the deposits (payment batches and posted ERA checks) with what was
 * deposited, what was posted from them and the difference; below, the cursor deposit's ledger
 * rows (payments, adjustments, reversals). R reconciles the cursor deposit, Enter or Tab goes
 * into its postings, where X reverses the cursor posting and Escape comes back.
 */
export function PaymentReconciliationPage() {
  const { filter } = useStore(reconciliationOnScreen);
  // Deposits are payment batches and ERA checks: a change to either, or to a posting, is read again.
  const revision = useRecordsRevision({ deposit: 'all', paymentBatch: 'all', eraCheck: 'all', posting: 'all' });
  const list = useListRead(filter, revision, (signal) =>
    getDeposits(
      { ...(filter === 'all' ? {} : { reconciled: filter === 'open' ? 'no' : 'yes' }), pageSize: PAGE_SIZE },
      { signal, silent: true },
    ),
  );
  const deposits = list.state === 'ready' ? list.value.deposits : null;
  const [postingRow, setPostingRow] = useState(0);
  const [inPostings, setInPostings] = useState(false);
  const top = useRef<HTMLElement>(null);
  const bottom = useRef<HTMLElement>(null);

  const cursor = useCursorRow(deposits, depositKey);
  const { row, current } = cursor;
  // Another deposit's postings start from the top.
  const setCursorRow = cursor.setRow;
  const setRow = useCallback(
    (next: number) => {
      setCursorRow(next);
      setPostingRow(0);
    },
    [setCursorRow],
  );

  const postingsKey = current === null ? null : `${depositKey(current)}:${revision}`;
  const loadPostings = useCallback((key: string, signal: AbortSignal) => postingsOf(key, signal), []);
  const postings = useRemote<string, readonly BatchLedgerRow[]>(postingsKey, loadPostings, 80);
  const postingRows = postings.state === 'ready' ? postings.data : postings.state === 'loading' ? postings.stale : null;
  const posting = postingRows?.[Math.min(postingRow, Math.max(0, (postingRows?.length ?? 1) - 1))] ?? null;
  // While another deposit's postings load, the rows shown are the last deposit's: no cursor posting then.
  const cursorPosting = postings.state === 'ready' ? posting : null;
  // The cursor deposit and its cursor posting are the commands' targets (R reconciles, X reverses).
  usePublishedTarget(
    'reconciliation',
    'deposit',
    useMemo(
      () =>
        deposits === null
          ? undefined
          : current === null
            ? null
            : { kind: 'deposit' as const, id: current.depositID, deposit: current },
      [deposits, current],
    ),
  );
  usePublishedTarget(
    'reconciliation',
    'posting',
    useMemo(
      () =>
        current === null || cursorPosting === null
          ? undefined
          : {
              kind: 'posting' as const,
              id: cursorPosting.ledgerID,
              ledger: 'deposit' as const,
              claimID: cursorPosting.claimID,
              row: cursorPosting,
            },
      [current, cursorPosting],
    ),
  );

  const focusList = useCallback(() => focusIn(inPostings ? bottom.current : top.current), [inPostings]);
  const focusDeposits = useCallback(() => focusIn(top.current), []);
  useFocusOnFirstLoad(list.state === 'ready', focusDeposits);
  useFocusAfterPalette(focusList);

  const onDepositKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || current === null) return;
    if (event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey)) {
      event.preventDefault();
      setInPostings(true);
      focusIn(bottom.current);
    } else if (event.key.toLowerCase() === 'r') {
      event.preventDefault();
      // The command takes the cursor deposit as its target, as it does from the palette.
      void runCommand('batches.reconcileDeposit', 'hotkey');
    }
  };

  const onPostingKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape' || (event.key === 'Tab' && event.shiftKey)) {
      event.preventDefault();
      setInPostings(false);
      focusIn(top.current);
    } else if (event.key.toLowerCase() === 'x') {
      event.preventDefault();
      // The command takes the cursor posting as its target and says why it cannot reverse one.
      void runCommand('batches.reverseLedgerPosting', 'hotkey');
    }
  };

  const totals = deposits === null ? null : depositTotals(deposits);
  return (
    <ScreenFrame title="Payment reconciliation" hints={<CommandHints hints={HINTS} />}>
      <Stats testID="reconciliation-stats">
        <Figure term="Deposits">{totals ? totals.count.toLocaleString('en-US') : '…'}</Figure>
        <Figure term="Deposited">{totals ? formatCents(totals.deposited) : '…'}</Figure>
        <Figure term="Posted">{totals ? formatCents(totals.posted) : '…'}</Figure>
        <Figure term="Not balanced" tone={totals && totals.unbalanced > 0 ? 'bad' : undefined}>
          {totals ? totals.unbalanced.toLocaleString('en-US') : '…'}
        </Figure>
        <Figure term="Still to post" tone={totals && totals.difference !== 0 ? 'bad' : undefined}>
          {totals ? formatCents(totals.difference) : '…'}
        </Figure>
      </Stats>
      <ListSection
        sectionRef={top}
        label="Deposits"
        title={FILTER_TITLES[filter]}
        count={list.state === 'ready' ? list.value.count.toLocaleString('en-US') : ''}
        onKeyDown={onDepositKey}
        onFocus={() => setInPostings(false)}
      >
        <LoadNotes what="the deposits" loading={list.state === 'loading'} failed={list.state === 'failed'} />
        {deposits && (
          <RowList
            label="Deposits"
            columns={DEPOSIT_COLUMNS}
            rows={deposits}
            rowKey={depositKey}
            active={row}
            onActiveChange={setRow}
            empty={
              filter === 'open'
                ? 'Every deposit is reconciled. “Show all deposits” lists them; “New payment batch…” opens one.'
                : 'No deposits. “New payment batch…” opens one.'
            }
          />
        )}
      </ListSection>
      <ListSection
        sectionRef={bottom}
        label="Postings of the deposit"
        title={
          current === null
            ? 'Postings'
            : `Postings of ${current.kind === 'batch' ? 'batch' : 'ERA check'} ${current.reference}`
        }
        count={postingRows ? postingRows.length.toLocaleString('en-US') : ''}
        onKeyDown={onPostingKey}
        onFocus={() => setInPostings(true)}
      >
        <LoadNotes what="the postings" failed={postings.state === 'failed'} />
        {/* Always there, so Enter can move into it while the deposit's rows are still coming. */}
        <RowList
          label="Postings"
          columns={BATCH_LEDGER_COLUMNS}
          rows={postingRows ?? []}
          rowKey={(each) => each.ledgerID}
          active={postingRow}
          onActiveChange={setPostingRow}
          stale={postings.state === 'loading'}
          empty={
            current === null
              ? 'Pick a deposit above.'
              : postingRows === null
                ? 'Loading the postings…'
                : 'Nothing was posted from this deposit yet.'
          }
        />
      </ListSection>
    </ScreenFrame>
  );
}
