import { useCallback, type KeyboardEvent } from 'react';
import type { EdiLogRow } from '../../../contract/importLogs.ts';
import { runCommand } from '../../console/registry.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { goTo } from '../../routing/navigation.ts';
import { eraDetailPath } from '../../routing/paths.ts';
import { useStore } from '../../state/useStore.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { useListFocus } from '../lists/useListFocus.ts';
import { useListRead } from '../lists/useListRead.ts';
import { EDI_LOG_COLUMNS, timeText } from './importLogColumns.tsx';
import { getEdiImportLog } from './importLogsApi.ts';
import { ediLogOnScreen, setEdiLogPage } from './importLogsOnScreen.ts';
import { EDI_OUTCOME_TEXT, EDI_SET_TEXT, ediFiltersText, ediLogQuery, lastPage, pageText } from './importLogText.ts';
import './importLogs.css';

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'file' },
  { keys: ['Enter'], label: 'the ERA it stored' },
  { keys: [']', '['], label: 'next / previous page' },
  { command: 'ediLog.filter', label: 'filter' },
];

/** Enter on an 835 read that stored its file: the ERA detail. */
function openRecord(row: EdiLogRow): void {
  if (row.recordType === 'era_file' && row.recordID !== null) goTo(eraDetailPath(row.recordID));
}

function FileDetail({ row }: { row: EdiLogRow | null }) {
  if (row === null) return <p className="import-log__detail">Choose a file.</p>;
  return (
    <div className="import-log__detail" data-testid="edi-file-detail">
      <div>
        <span className="import-log__detail-term">{EDI_SET_TEXT[row.transactionSet]}</span>
        {row.fileName ?? 'no file name'}, read {timeText(row.readAt)} for {row.groupName}
        {row.readBy ? ` by ${row.readBy}` : ''}: {EDI_OUTCOME_TEXT[row.outcome]}
      </div>
      <div>{row.detail}</div>
    </div>
  );
}

/**
 * /app/edi-import-log: every X12 file read (835 remittances uploaded, 271 eligibility answers; 999
 * and 277 once they are read), newest first, with what came of it. Enter on an 835 stored opens
 * its ERA; F filters.
 */
export function EdiImportLogPage() {
  const { filters, pageNumber } = useStore(ediLogOnScreen);
  const log = useListRead(`${JSON.stringify(filters)}:${pageNumber}`, 0, (signal) =>
    getEdiImportLog(ediLogQuery(filters, pageNumber), { signal, silent: true }),
  );
  const ready = log.state === 'ready' ? log.value : null;
  const { row, current, setRow } = useCursorRow(ready?.rows ?? null, (file) => file.ediLogID);
  const list = useListFocus(log.state === 'ready');

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'f' || event.key === 'F') {
        event.preventDefault();
        void runCommand('ediLog.filter', 'hotkey');
        return;
      }
      const turn = event.key === ']' ? 1 : event.key === '[' ? -1 : 0;
      if (turn === 0 || !ready) return;
      event.preventDefault();
      const next = Math.min(lastPage(ready.totalCount), Math.max(1, pageNumber + turn));
      if (next !== pageNumber) setEdiLogPage(next);
    },
    [ready, pageNumber],
  );

  return (
    <ScreenFrame title="EDI import log" hints={<CommandHints hints={HINTS} />}>
      <ListSection
        sectionRef={list}
        label="EDI files read"
        title={ediFiltersText(filters)}
        count={ready ? pageText('Files', pageNumber, ready.rows.length, ready.totalCount) : ''}
        grow={3}
        minHeight={160}
        onKeyDown={onKeyDown}
      >
        <LoadNotes what="the EDI import log" loading={log.state === 'loading'} failed={log.state === 'failed'} />
        {ready && (
          <RowList
            label="EDI files read"
            columns={EDI_LOG_COLUMNS}
            rows={ready.rows}
            rowKey={(file) => file.ediLogID}
            active={row}
            onActiveChange={setRow}
            onOpen={openRecord}
            empty="No EDI file read yet: 835 files uploaded on the ERA screen and eligibility answers are listed here."
          />
        )}
      </ListSection>
      <ListSection
        label="The file"
        title={current ? `File ${current.fileName ?? current.ediLogID}` : 'The file'}
        grow={1}
        minHeight={90}
      >
        <FileDetail row={current} />
      </ListSection>
    </ScreenFrame>
  );
}
