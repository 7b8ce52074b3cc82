/** '?': every command and its key, grouped, generated from the registry and the user's overrides. */
import { useEffect, useRef } from 'react';
import { useStore } from '../state/useStore.ts';
import { KeyCapsList } from './KeyCaps.tsx';
import { palette, setCheatSheetOpen } from './paletteStore.ts';
import { shortcutSettings } from './shortcutSettings.ts';
import { commandScope, screenKeyNote, shownKeys } from './shortcuts.ts';
import type { Command } from './types.ts';
import { useFocusScope } from './useFocusScope.ts';
import { useModalFocus } from './useModalFocus.ts';
import { useRegistry } from './useRegistry.ts';

const SCOPE_NOTE: Readonly<Record<string, string>> = {
  page: 'on the page',
  pane: 'in a pane',
  grid: 'in a grid',
  cellEditor: 'while editing a cell',
  dialog: 'in a dialog',
  palette: 'in the palette',
};

function byGroup(commands: readonly Command[]): [string, Command[]][] {
  const groups = new Map<string, Command[]>();
  for (const command of commands) groups.set(command.group, [...(groups.get(command.group) ?? []), command]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function CheatSheetDialog() {
  const commands = useRegistry();
  const { overrides } = useStore(shortcutSettings);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusScope('dialog', 'CheatSheet');
  useModalFocus(dialog);
  useEffect(() => dialog.current?.focus(), []);

  return (
    <div className="palette__backdrop" onMouseDown={() => setCheatSheetOpen(false)}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cheat-sheet-title"
        tabIndex={-1}
        className="cheat-sheet"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            setCheatSheetOpen(false);
          }
        }}
      >
        <h2 id="cheat-sheet-title">Keyboard shortcuts</h2>
        <p className="muted">Change them in Settings. Letter keys do nothing while you type in a field.</p>
        <div className="cheat-sheet__groups">
          {byGroup(commands).map(([group, list]) => (
            <section key={group} aria-label={group}>
              <h3>{group}</h3>
              <dl>
                {list.map((command) => (
                  <div key={command.id} className="cheat-sheet__row">
                    <dt>
                      {command.title}
                      {commandScope(command) !== 'global' && (
                        <span className="muted"> ({SCOPE_NOTE[commandScope(command)]})</span>
                      )}
                      {screenKeyNote(command, overrides) !== null && (
                        <span className="muted"> ({screenKeyNote(command, overrides)})</span>
                      )}
                    </dt>
                    <dd>
                      <KeyCapsList keys={shownKeys(command, overrides)} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        {/* Movement keys belong to no command, so the registry cannot list them; every screen's list reads them alike. */}
        <p className="muted" data-testid="cheat-sheet-list-keys">
          In a screen's lists: arrows, Page Up/Down, Home/End move; Enter opens the row (a payment batch, a charge or
          document batch, a batch's claim, a deposit's postings); Tab / Shift+Tab go to the next / previous list; Esc
          goes back.
        </p>
      </div>
    </div>
  );
}

export function CheatSheet() {
  const { cheatSheetOpen } = useStore(palette);
  return cheatSheetOpen ? <CheatSheetDialog /> : null;
}
