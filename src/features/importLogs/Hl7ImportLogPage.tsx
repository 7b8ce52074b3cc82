import { useCallback, type KeyboardEvent } from 'react';
import type { Hl7LogRow } from '../../../contract/importLogs.ts';
import { runCommand } from '../../console/registry.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { goTo } from '../../routing/navigation.ts';
import { claimDetailPath, PATIENT_FORM } from '../../routing/paths.ts';
import { session } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { Figure, Stats } from '../../ui/Stats.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { useListFocus } from '../lists/useListFocus.ts';
import { useListRead } from '../lists/useListRead.ts';
import { Hl7Interfaces } from './Hl7Interfaces.tsx';
import { HL7_LOG_COLUMNS, timeText } from './importLogColumns.tsx';
import { getHl7ImportLog } from './importLogsApi.ts';
import { hl7LogOnScreen, setHl7LogPage } from './importLogsOnScreen.ts';
import { HL7_OUTCOME_TEXT, hl7FiltersText, hl7LogQuery, lastPage, pageText } from './importLogText.ts';
import './importLogs.css';

const KEY_COMMANDS: Readonly<Record<string, string>> = {
  u: 'hl7.uploadFile',
  U: 'hl7.uploadFile',
  i: 'hl7.inboundSettings',
  I: 'hl7.inboundSettings',
  f: 'hl7Log.filter',
  F: 'hl7Log.filter',
};

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'message' },
  { keys: ['Enter'], label: 'its claim or patient' },
  { keys: [']', '['], label: 'next / previous page' },
  { command: 'hl7.uploadFile', label: 'upload an HL7 file' },
  { command: 'hl7Log.filter', label: 'filter' },
  { command: 'hl7.inboundSettings', label: 'set up an interface' },
];

/** Enter on a message: the claim it made, else the patient it registered or updated. */
function openRecord(row: Hl7LogRow): void {
  if (row.claimID !== null) goTo(claimDetailPath(row.claimID));
  else if (row.patientID !== null) goTo(PATIENT_FORM.path(row.patientID));
}

function MessageDetail({ row }: { row: Hl7LogRow | null }) {
  if (row === null) return <p className="import-log__detail">Choose a message.</p>;
  return (
    <div className="import-log__detail" data-testid="hl7-message-detail">
      <div>
        <span className="import-log__detail-term">Message</span>
        {row.messageType || 'not HL7'} {row.controlID} from {row.sendingFacility || 'an unnamed sender'}, received{' '}
        {timeText(row.receivedAt)} {row.channel === 'file' ? `in file ${row.fileName ?? ''}` : 'over MLLP'}
      </div>
      <div>
        <span className="import-log__detail-term">Acknowledged</span>
        {row.ackCode}: {HL7_OUTCOME_TEXT[row.outcome]}
      </div>
      {row.action && (
        <div>
          <span className="import-log__detail-term">Done</span>
          {row.action}
        </div>
      )}
      {row.errors.length > 0 && (
        <ul aria-label="Reasons">
          {row.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /app/hl7-import-log: every HL7 message read, over MLLP or from an uploaded file, newest first,
 * with its outcome (AA, AE, AR) and what it did or why not; the cursor message's reasons below.
 * U uploads a file, F filters, Enter opens the claim or patient it made.
 */
export function Hl7ImportLogPage() {
  const { filters, pageNumber, revision, settingsRevision } = useStore(hl7LogOnScreen);
  // The interfaces are an administrator's: shown to a role holding the practices' administration.
  const { user } = useStore(session);
  const administers = user?.modules.includes('ADMIN_PRACTICES') ?? false;
  const log = useListRead(`${JSON.stringify(filters)}:${pageNumber}`, revision, (signal) =>
    getHl7ImportLog(hl7LogQuery(filters, pageNumber), { signal, silent: true }),
  );
  const ready = log.state === 'ready' ? log.value : null;
  const { row, current, setRow } = useCursorRow(ready?.rows ?? null, (message) => message.hl7LogID);
  const list = useListFocus(log.state === 'ready');

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const commandID = KEY_COMMANDS[event.key];
      if (commandID !== undefined) {
        event.preventDefault();
        void runCommand(commandID, 'hotkey');
        return;
      }
      const turn = event.key === ']' ? 1 : event.key === '[' ? -1 : 0;
      if (turn === 0 || !ready) return;
      event.preventDefault();
      const next = Math.min(lastPage(ready.totalCount), Math.max(1, pageNumber + turn));
      if (next !== pageNumber) setHl7LogPage(next);
    },
    [ready, pageNumber],
  );

  const counts = ready?.outcomeCounts;
  return (
    <ScreenFrame title="HL7 import log" hints={<CommandHints hints={HINTS} />}>
      <Stats testID="hl7-log-counts">
        <Figure term="Accepted">{counts ? counts.accepted.toLocaleString('en-US') : '…'}</Figure>
        <Figure term="Errors" tone={counts && counts.error > 0 ? 'bad' : undefined}>
          {counts ? counts.error.toLocaleString('en-US') : '…'}
        </Figure>
        <Figure term="Rejected" tone={counts && counts.rejected > 0 ? 'bad' : undefined}>
          {counts ? counts.rejected.toLocaleString('en-US') : '…'}
        </Figure>
      </Stats>
      <ListSection
        sectionRef={list}
        label="HL7 messages"
        title={hl7FiltersText(filters)}
        count={ready ? pageText('Messages', pageNumber, ready.rows.length, ready.totalCount) : ''}
        grow={3}
        minHeight={160}
        onKeyDown={onKeyDown}
      >
        <LoadNotes what="the HL7 import log" loading={log.state === 'loading'} failed={log.state === 'failed'} />
        {ready && (
          <RowList
            label="HL7 messages"
            columns={HL7_LOG_COLUMNS}
            rows={ready.rows}
            rowKey={(message) => message.hl7LogID}
            active={row}
            onActiveChange={setRow}
            onOpen={openRecord}
            empty="No HL7 messages here. U uploads an HL7 file (“Upload HL7 file…”); messages from the EHR interface arrive over MLLP."
          />
        )}
      </ListSection>
      <ListSection
        label="The message"
        title={current ? `Message ${current.controlID || current.hl7LogID}` : 'The message'}
        grow={1}
        minHeight={100}
      >
        <MessageDetail row={current} />
      </ListSection>
      {administers && (
        <ListSection label="HL7 interfaces" title="Interfaces (I sets one up)" grow={1} minHeight={80}>
          <Hl7Interfaces revision={settingsRevision} />
        </ListSection>
      )}
    </ScreenFrame>
  );
}
