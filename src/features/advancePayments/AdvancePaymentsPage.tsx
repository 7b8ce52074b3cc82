import { useCallback, useMemo, type KeyboardEvent } from 'react';
import type { ListedAdvance } from '../../../contract/advancePaymentList.ts';
import { formatCents } from '../../../contract/money.ts';
import { getAdvancePayments } from '../../api/advancePayments.ts';
import { runCommand } from '../../console/registry.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { useStore } from '../../state/useStore.ts';
import { notify } from '../../toasts/notify.tsx';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { Figure, Stats } from '../../ui/Stats.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { useListFocus } from '../lists/useListFocus.ts';
import { useListRead } from '../lists/useListRead.ts';
import '../paymentScreens/paymentScreens.css';
import { ADVANCE_COLUMNS } from './advanceColumns.tsx';
import { advancesOnScreen } from './advancesOnScreen.ts';
import { advanceTotals, FILTER_TITLES, methodText, statusText } from './advanceText.ts';

const PAGE_SIZE = 500;

/** Keys of the list that run the palette's advance-payment commands on the advance under the cursor. */
const KEY_COMMANDS: Readonly<Record<string, string>> = {
  n: 'payments.addAdvancePayment',
  a: 'payments.applyAdvancePayment',
  r: 'payments.refundAdvancePayment',
  v: 'payments.reverseAdvancePayment',
  d: 'payments.changeAdvancePaymentDos',
};

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'advance' },
  { keys: ['Enter'], label: 'sum up' },
  { command: 'payments.addAdvancePayment', label: 'new' },
  { command: 'payments.applyAdvancePayment', label: 'apply to a claim' },
  { command: 'payments.refundAdvancePayment', label: 'refund' },
  { command: 'payments.reverseAdvancePayment', label: 'reverse' },
  { command: 'payments.changeAdvancePaymentDos', label: 'change DOS' },
];

function summaryText(row: ListedAdvance): string {
  const dos = row.dateOfService === null ? 'no date of service' : `for the visit of ${row.dateOfService}`;
  return `${row.patientName} (${row.accountNumber}) · ${formatCents(row.amount)} ${methodText(row)} received ${row.receivedOn}, ${dos} · applied ${formatCents(row.applied)}, refunded ${formatCents(row.refunded)}, ${formatCents(row.unapplied)} left · ${statusText(row)}`;
}

/**
 * /app/advance-payments: patients' advance payments (deposits kept as credit), newest first, with
 * what was applied, refunded and is left. N adds one, A applies the cursor advance to one of the
 * patient's claims, R refunds it, V reverses it, D changes its date of service; Enter sums it up.
 */
export function AdvancePaymentsPage() {
  const { filter } = useStore(advancesOnScreen);
  // An advance added, applied, refunded, reversed or re-dated by a command is read again.
  const revision = useRecordsRevision({ advance: 'all' });
  const list = useListRead(filter, revision, (signal) =>
    getAdvancePayments({ filter, pageSize: PAGE_SIZE }, { signal, silent: true }),
  );
  const rows = list.state === 'ready' ? list.value.rows : null;
  // The cursor follows its advance across reloads (a new one comes in on top).
  const { row, current, setRow } = useCursorRow(rows, (advance) => advance.advancePaymentID);

  // The cursor advance is the commands' target.
  usePublishedTarget(
    'advancePayments',
    'advance',
    useMemo(
      () =>
        current === null ? undefined : { kind: 'advance' as const, id: current.advancePaymentID, advance: current },
      [current],
    ),
  );

  const section = useListFocus(list.state === 'ready');

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const commandID = KEY_COMMANDS[event.key.toLowerCase()];
    if (commandID === undefined) return;
    event.preventDefault();
    void runCommand(commandID, 'hotkey');
  }, []);

  const totals = rows === null ? null : advanceTotals(rows);
  return (
    <ScreenFrame title="Advance payments" hints={<CommandHints hints={HINTS} />}>
      <Stats testID="advance-stats">
        <Figure term="Listed">{totals ? totals.count.toLocaleString('en-US') : '…'}</Figure>
        <Figure term="Received">{totals ? formatCents(totals.amount) : '…'}</Figure>
        <Figure term="Applied">{totals ? formatCents(totals.applied) : '…'}</Figure>
        <Figure term="Unapplied credit">{totals ? formatCents(totals.unapplied) : '…'}</Figure>
      </Stats>
      <ListSection
        sectionRef={section}
        label="Advance payments"
        title={FILTER_TITLES[filter]}
        count={
          list.state === 'ready'
            ? list.value.count > list.value.rows.length
              ? `newest ${list.value.rows.length.toLocaleString('en-US')} of ${list.value.count.toLocaleString('en-US')}`
              : list.value.count.toLocaleString('en-US')
            : ''
        }
        minHeight={160}
        onKeyDown={onKeyDown}
      >
        <LoadNotes what="the advance payments" loading={list.state === 'loading'} failed={list.state === 'failed'} />
        {rows && (
          <RowList
            label="Advance payments"
            columns={ADVANCE_COLUMNS}
            rows={rows}
            rowKey={(advance) => advance.advancePaymentID}
            active={row}
            onActiveChange={setRow}
            onOpen={(advance) => notify.info(`Advance #${advance.advancePaymentID}`, summaryText(advance))}
            empty={
              filter === 'all'
                ? 'No advance payments yet. N adds one (“Add advance payment…” in the palette, Ctrl+K).'
                : `None. “Show all advance payments” lists every one; N adds one.`
            }
          />
        )}
      </ListSection>
    </ScreenFrame>
  );
}
