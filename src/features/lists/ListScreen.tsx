import { useCallback, useMemo, type KeyboardEvent } from 'react';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { isScreenKey } from '../../console/shortcuts.ts';
import { useRegistry } from '../../console/useRegistry.ts';
import type { TargetKind } from '../../state/target.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { RowList } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { listCommands, type ListScreenDescriptor } from './listScreen.ts';
import { useCursorRow } from './useCursorRow.ts';
import { useListFocus } from './useListFocus.ts';
import { useListRead } from './useListRead.ts';

/**
 * A list screen drawn from its descriptor: the rows newest first under the bar of key hints;
 * arrows, Page Up/Down and Home/End move, Enter opens the cursor row, a command's screen key runs
 * it. The list takes the keyboard once its rows are there, and after a palette run that left it
 * nowhere.
 */
export function ListScreen<Row, K extends TargetKind>({ screen }: { screen: ListScreenDescriptor<Row, K> }) {
  const { title, listTitle, rowName, columns, rowKey, read, watch, target, open, commands, empty } = screen;
  const list = useListRead('list', useRecordsRevision(watch), read);
  const rows = list.state === 'ready' ? list.value.rows : null;
  // The cursor follows its row across reloads: a row added on top does not move it.
  const { row, current, setRow } = useCursorRow(rows, rowKey);
  const section = useListFocus(list.state === 'ready');

  // An empty list says so (null); a list still loading says nothing.
  const { owner, kind, of } = target;
  usePublishedTarget(
    owner,
    kind,
    useMemo(() => (rows === null ? undefined : current === null ? null : of(current)), [rows, current, of]),
  );

  const registered = useRegistry();
  const keyed = useMemo(
    () =>
      listCommands(commands).flatMap((each) => {
        const screenKey = registered.find((command) => command.id === each.command)?.screenKey;
        return screenKey === undefined ? [] : [{ ...each, screenKey }];
      }),
    [commands, registered],
  );
  const hints = useMemo<ScreenHint[]>(
    () => [
      { keys: ['↑', '↓'], label: rowName },
      { keys: ['Enter'], label: open.hint },
      ...listCommands(commands).map((each) => ({ command: each.command, label: each.hint })),
    ],
    [rowName, open.hint, commands],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const pressed = keyed.find((each) => isScreenKey(each.screenKey, event.key));
      if (pressed === undefined) return;
      if (pressed.forRow !== undefined && current === null) return;
      event.preventDefault();
      void runCommand(
        pressed.command,
        'hotkey',
        pressed.forRow !== undefined && current !== null ? pressed.forRow(current) : undefined,
      );
    },
    [keyed, current],
  );

  return (
    <ScreenFrame title={title} hints={<CommandHints hints={hints} />}>
      <ListSection
        sectionRef={section}
        label={title}
        title={listTitle}
        count={list.state === 'ready' ? list.value.count.toLocaleString('en-US') : ''}
        minHeight={160}
        onKeyDown={onKeyDown}
      >
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
            onOpen={open.run}
            empty={empty}
          />
        )}
      </ListSection>
    </ScreenFrame>
  );
}
