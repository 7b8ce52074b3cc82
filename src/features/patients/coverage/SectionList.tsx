import { useCallback, useMemo, type KeyboardEvent } from 'react';
import { CommandHints, type ScreenHint } from '../../../console/CommandHints.tsx';
import { runCommand } from '../../../console/registry.ts';
import { isScreenKey } from '../../../console/shortcuts.ts';
import { useRegistry } from '../../../console/useRegistry.ts';
import type { RecordsWatch } from '../../../state/recordsChanged.ts';
import type { Target, TargetKind } from '../../../state/target.ts';
import { usePublishedTarget } from '../../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../../state/useRecordsRevision.ts';
import { ListSection } from '../../../ui/ListSection.tsx';
import { LoadNotes } from '../../../ui/LoadNotes.tsx';
import { RowList, type RowColumn } from '../../../ui/RowList.tsx';
import { useCursorRow } from '../../lists/useCursorRow.ts';
import { useListRead } from '../../lists/useListRead.ts';

/** A command the section runs by its screen key while its list has the keyboard. */
export interface SectionCommand {
  command: string;
  hint: string;
  /** Needs a row under the cursor. */
  forRow: boolean;
}

export interface SectionListProps<Row, K extends TargetKind> {
  patientID: number;
  title: string;
  rowName: string;
  columns: readonly RowColumn<Row>[];
  rowKey: (row: Row) => number;
  read: (signal: AbortSignal) => Promise<readonly Row[]>;
  watch: RecordsWatch;
  owner: string;
  kind: K;
  of: (row: Row) => Target<K>;
  commands: readonly SectionCommand[];
  rowClassName?: (row: Row) => string | undefined;
  empty: string;
}

/** Tall enough for a patient's few rows (a header, the hints, one line each), up to a scrolling list. */
const sectionHeight = (rows: number) => Math.min(360, 96 + 30 * Math.max(rows, 1));

/**
 * One section of a patient's record: its rows under a title and the keys it reads. While it is
 * shown it publishes the patient (for adding a row) and the row under its cursor (for the others),
 * and reads again when its commands announce a change.
 */
export function SectionList<Row, K extends TargetKind>(props: SectionListProps<Row, K>) {
  const { patientID, title, rowName, columns, rowKey, read, watch, owner, kind, of, commands, empty } = props;
  const list = useListRead(String(patientID), useRecordsRevision(watch), read);
  const rows = list.state === 'ready' ? list.value : null;
  const { row, current, setRow } = useCursorRow(rows, rowKey);

  usePublishedTarget(
    owner,
    'patientCoverages',
    useMemo(() => ({ kind: 'patientCoverages' as const, id: patientID, patientName: null }), [patientID]),
  );
  usePublishedTarget(
    owner,
    kind,
    useMemo(() => (rows === null ? undefined : current === null ? null : of(current)), [rows, current, of]),
  );

  const registered = useRegistry();
  const keyed = useMemo(
    () =>
      commands.flatMap((each) => {
        const screenKey = registered.find((command) => command.id === each.command)?.screenKey;
        return screenKey === undefined ? [] : [{ ...each, screenKey }];
      }),
    [commands, registered],
  );
  const hints = useMemo<ScreenHint[]>(
    () => [
      { keys: ['↑', '↓'], label: rowName },
      ...commands.map((each) => ({ command: each.command, label: each.hint })),
    ],
    [rowName, commands],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const pressed = keyed.find((each) => isScreenKey(each.screenKey, event.key));
      if (pressed === undefined || (pressed.forRow && current === null)) return;
      event.preventDefault();
      void runCommand(pressed.command, 'hotkey');
    },
    [keyed, current],
  );

  return (
    <ListSection
      label={title}
      title={title}
      count={rows === null ? '' : String(rows.length)}
      minHeight={sectionHeight(rows?.length ?? 0)}
      onKeyDown={onKeyDown}
    >
      <CommandHints hints={hints} />
      <LoadNotes
        what={`the ${title.toLowerCase()}`}
        loading={list.state === 'loading'}
        failed={list.state === 'failed'}
      />
      {rows && (
        <RowList
          label={title}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          active={row}
          onActiveChange={setRow}
          {...(props.rowClassName === undefined ? {} : { rowClassName: props.rowClassName })}
          empty={empty}
        />
      )}
    </ListSection>
  );
}
