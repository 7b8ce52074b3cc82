/**
 * The palette's first page: commands for what is typed, and records (claims, patients) found by
 * the server. Our own ranking (ranking.ts) decides the order, so cmdk's filter is off.
 */
import { Command as Cmdk } from 'cmdk';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { recents } from '../state/recents.ts';
import { session } from '../state/session.ts';
import { useStore } from '../state/useStore.ts';
import { withUsDates } from '../ui/format.ts';
import { KeyCapsList } from './KeyCaps.tsx';
import { closePalette, palette } from './paletteStore.ts';
import { rankCommands, reasonsIn, type RankedCommand } from './ranking.ts';
import { recordSearchProvider, type RecordResult } from './recordSearch.ts';
import { currentContext, runCommand } from './registry.ts';
import { shortcutSettings } from './shortcutSettings.ts';
import { shownKeys } from './shortcuts.ts';
import { useRecordSearch } from './useRecordSearch.ts';
import { useRegistry } from './useRegistry.ts';

const NO_RECENTS: readonly string[] = [];
const commandValue = (id: string) => `command:${id}`;
const recordValue = (record: RecordResult) => `record:${record.type}:${record.id}`;

function runFromPalette({ command }: RankedCommand): void {
  // A command with steps keeps the palette open: it asks them next.
  if (!command.steps?.length) closePalette();
  void runCommand(command.id, 'palette');
}

function openRecord(record: RecordResult): void {
  closePalette();
  void recordSearchProvider()?.open(record, 'palette');
}

/**
 * Rows are keyed by their place in the list, not by command: a keystroke then rewrites the text of
 * the rows already there instead of removing and building rows, which is most of a frame's work.
 */
function CommandRow({ entry, keys }: { entry: RankedCommand; keys: readonly string[] }) {
  return (
    <Cmdk.Item
      value={commandValue(entry.command.id)}
      disabled={entry.reason !== null}
      onSelect={() => runFromPalette(entry)}
      className="palette__item palette__item--with-side"
    >
      <span className="palette__main">
        <span className="palette__title">{entry.command.title}</span>
        {entry.reason !== null && <span className="palette__reason">{entry.reason}</span>}
      </span>
      <span className="palette__side">
        <span className="palette__group">{entry.command.group}</span>
        <KeyCapsList keys={keys} />
      </span>
    </Cmdk.Item>
  );
}

function RecordRow({ record }: { record: RecordResult }) {
  return (
    <Cmdk.Item
      value={recordValue(record)}
      onSelect={() => openRecord(record)}
      className="palette__item palette__item--with-side"
    >
      <span className="palette__main">
        <span className="palette__title">{record.label}</span>
        <span className="palette__detail">{withUsDates(record.detail)}</span>
      </span>
      <span className="palette__side">
        <span className="palette__group">{record.type === 'claim' ? 'Claim' : 'Patient'}</span>
      </span>
    </Cmdk.Item>
  );
}

/** `open` false: the palette rests hidden, ready for the next opening (see Palette.tsx). */
export function PaletteSearch({ open }: { open: boolean }) {
  const [query, setQuery] = useState('');
  const { openings } = useStore(palette);
  const commands = useRegistry();
  const { overrides } = useStore(shortcutSettings);
  const userId = useStore(session).user?.userID ?? null;
  const recentIds = useStore(recents).commandsByUser[String(userId ?? 0)] ?? NO_RECENTS;
  // The context where the palette was opened: its selection and screen decide what applies.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- each opening reads the context anew
  const ctx = useMemo(() => currentContext('palette'), [openings]);
  const reasons = useMemo(() => reasonsIn(commands, ctx), [commands, ctx]);
  const ranked = useMemo(
    () => rankCommands(commands, reasons, query, recentIds),
    [commands, reasons, query, recentIds],
  );
  const records = useRecordSearch(query, open ? openings : null);
  // Closed, it goes back to the full list, so the next opening shows it without relaying out.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setQuery('');
  }
  const searching = query.trim() !== '';
  const recordsFirst = searching && records.results.length > 0;

  const values = [
    ...(recordsFirst ? records.results.map(recordValue) : []),
    ...ranked.available.map((entry) => commandValue(entry.command.id)),
    ...(recordsFirst ? [] : records.results.map(recordValue)),
  ];
  const listKey = values.join('|');
  // cmdk keeps a stale selection when async results arrive; pick the first row of each new list.
  const [picked, setPicked] = useState({ listKey: '', value: '' });
  const selected = picked.listKey === listKey ? picked.value : (values[0] ?? '');

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      closePalette();
    }
  }

  const recordGroup = records.results.length > 0 && (
    <Cmdk.Group heading={searching ? 'Records' : 'Recent records'}>
      {records.results.map((record) => (
        <RecordRow key={recordValue(record)} record={record} />
      ))}
    </Cmdk.Group>
  );

  return (
    <Cmdk
      label="Command palette"
      shouldFilter={false}
      vimBindings={false}
      loop
      value={selected}
      onValueChange={(value) => setPicked({ listKey, value })}
    >
      <Cmdk.Input
        className="palette__input"
        placeholder="Type a command, a claim ID, an account number or a patient name"
        value={query}
        onValueChange={setQuery}
        onKeyDown={onKeyDown}
        maxLength={100}
      />
      <Cmdk.List className="palette__list">
        {recordsFirst && recordGroup}
        {ranked.available.length > 0 && (
          <Cmdk.Group heading="Commands">
            {ranked.available.map((entry, slot) => (
              <CommandRow key={slot} entry={entry} keys={shownKeys(entry.command, overrides)} />
            ))}
          </Cmdk.Group>
        )}
        {!recordsFirst && recordGroup}
        {ranked.unavailable.length > 0 && (
          <Cmdk.Group heading="Not available here">
            {ranked.unavailable.map((entry, slot) => (
              <CommandRow key={slot} entry={entry} keys={shownKeys(entry.command, overrides)} />
            ))}
          </Cmdk.Group>
        )}
        {records.loading && <Cmdk.Loading className="palette__note">Searching records…</Cmdk.Loading>}
        {!records.loading && <Cmdk.Empty className="palette__note">Nothing matches “{query.trim()}”.</Cmdk.Empty>}
      </Cmdk.List>
      <div className="palette__footer">
        {ranked.hidden > 0 && <span>{ranked.hidden.toLocaleString('en-US')} more: keep typing to narrow.</span>}
        <span className="palette__spacer" />
        <span>
          <kbd>↑</kbd>
          <kbd>↓</kbd> move <kbd>Enter</kbd> run <kbd>Esc</kbd> close
        </span>
      </div>
    </Cmdk>
  );
}
