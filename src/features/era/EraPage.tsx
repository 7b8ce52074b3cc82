import { useCallback, useMemo, type KeyboardEvent } from 'react';
import { formatCents } from '../../../contract/money.ts';
import { getEraProfile } from '../../api/era.ts';
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
import { ERA_CHECK_COLUMNS } from './eraColumns.tsx';
import { eraOnScreen } from './eraOnScreen.ts';
import { checkName, checkSummaryText, STATUS_TITLES } from './eraText.ts';
import './era.css';

/** The newest checks shown at once: a day's uploads for a large group stay well under it. */
const PAGE_SIZE = 500;

/** Keys of the list that run the palette's commands on the check under the cursor. */
const KEY_COMMANDS: Readonly<Record<string, string>> = {
  u: 'era.upload',
  U: 'era.upload',
  p: 'era.postCheck',
  P: 'era.postCheck',
  Delete: 'era.deleteCheck',
  o: 'eraDetail.open',
  O: 'eraDetail.open',
};

/** The bar's hints: the keys of the screen's commands come from the registry. */
const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'check' },
  { keys: ['Enter'], label: 'its summary' },
  { command: 'eraDetail.open', label: 'its detail' },
  { command: 'era.upload', label: 'upload an 835 file' },
  { command: 'era.postCheck', label: 'post the check' },
  { command: 'era.deleteCheck', label: 'delete it' },
];

/**
 * /app/era-search: the ERA checks uploaded, newest first, with their totals on top. U uploads an
 * 835 file, P posts the cursor check (after a step naming what it must accept), Delete deletes it
 * (after a confirm step), Enter sums it up.
 */
export function EraPage() {
  const { status } = useStore(eraOnScreen);
  // Read again after an upload, a delete, a posting or a link announced by a command.
  const revision = useRecordsRevision({ eraCheck: 'all', eraClaim: 'all', eraLine: 'all' });
  const profile = useListRead(status, revision, (signal) =>
    getEraProfile({ ...(status === 'all' ? {} : { status }), pageSize: PAGE_SIZE }, { signal, silent: true }),
  );
  const ready = profile.state === 'ready' ? profile.value : null;
  const checks = ready?.eraPaymentData ?? null;
  // The cursor follows its check across reloads; a deleted check leaves it on the one at its place.
  const { row, current, setRow } = useCursorRow(checks, (check) => check.eraCheckID);

  // The cursor check is the commands' target; an empty list says so (null), a list still loading says nothing.
  usePublishedTarget(
    'era',
    'eraCheck',
    useMemo(() => {
      if (checks === null) return undefined;
      if (current === null) return null;
      const { eraCheckID, eraID, traceNumber, payerName, totalPaid, status: checkStatus } = current;
      return {
        kind: 'eraCheck' as const,
        id: eraCheckID,
        eraCheckID,
        eraID,
        traceNumber,
        payerName,
        totalPaid,
        status: checkStatus,
      };
    }, [checks, current]),
  );

  const list = useListFocus(profile.state === 'ready');

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const commandID = KEY_COMMANDS[event.key];
      if (commandID === undefined) return;
      if (commandID === 'era.deleteCheck' && current === null) return;
      event.preventDefault();
      void runCommand(
        commandID,
        'hotkey',
        (commandID === 'era.deleteCheck' || commandID === 'era.postCheck') && current !== null
          ? { eraCheckID: String(current.eraCheckID) }
          : undefined,
      );
    },
    [current],
  );

  const stats = ready?.eraPaymentStats;
  return (
    <ScreenFrame title="ERA" hints={<CommandHints hints={HINTS} />}>
      <Stats testID="era-stats">
        <Figure term="Checks">{stats ? stats.checks.toLocaleString('en-US') : '…'}</Figure>
        <Figure term="Unposted">{stats ? stats.unposted.toLocaleString('en-US') : '…'}</Figure>
        <Figure term="Total paid">{stats ? formatCents(stats.totalPaid) : '…'}</Figure>
        <Figure term="Unposted paid">{stats ? formatCents(stats.unpostedPaid) : '…'}</Figure>
      </Stats>
      <ListSection
        sectionRef={list}
        label="ERA checks"
        title={STATUS_TITLES[status]}
        count={checks ? checks.length.toLocaleString('en-US') : ''}
        minHeight={160}
        onKeyDown={onKeyDown}
      >
        <LoadNotes what="the ERA checks" loading={profile.state === 'loading'} failed={profile.state === 'failed'} />
        {checks && (
          <RowList
            label="ERA checks"
            columns={ERA_CHECK_COLUMNS}
            rows={checks}
            rowKey={(check) => check.eraCheckID}
            active={row}
            onActiveChange={setRow}
            onOpen={(check) => notify.info(`ERA ${checkName(check)}`, checkSummaryText(check))}
            empty={
              status === 'all'
                ? 'No ERA checks yet. U uploads an 835 file (“Upload ERA file…” in the palette, Ctrl+K).'
                : `No ${status} ERA checks. “Show all ERA checks” lists every one; U uploads an 835 file (“Upload ERA file…”).`
            }
          />
        )}
      </ListSection>
    </ScreenFrame>
  );
}
