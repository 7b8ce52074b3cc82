/**
 * "Keyboard shortcuts" in the user's settings: every command with its key. Typing in the filter
 * narrows the list by command name, group or key (↓ goes into the list). Enter on a row records a
 * new key (or a two-key sequence), Escape cancels, Delete clears; a key another command already
 * uses in the same scope is refused with that command's name. What happened is said under the row
 * edited, in view. Saved on the server, applied at once.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/apiError.ts';
import { KeyCaps } from '../../console/KeyCaps.tsx';
import { saveShortcutOverrides, shortcutSettings } from '../../console/shortcutSettings.ts';
import { conflictingCommand, effectiveShortcut, formatBinding, normalizeBinding } from '../../console/shortcuts.ts';
import type { Command } from '../../console/types.ts';
import { useRegistry } from '../../console/useRegistry.ts';
import { useStore } from '../../state/useStore.ts';
import { filterShortcuts, keysText } from './shortcutFilter.ts';
import { useKeyCapture, type CaptureResult } from './useKeyCapture.ts';
import './shortcutSettings.css';

/** A message, said under the row it is about (or under "Reset to defaults"). */
type Status = { tone: 'info' | 'error'; text: string; about: string } | null;
const RESET = 'reset';

function sortedCommands(commands: readonly Command[]): Command[] {
  return [...commands].sort((a, b) => a.group.localeCompare(b.group) || a.title.localeCompare(b.title));
}

/** The overrides after giving `command` the binding; a binding equal to the default is not kept. */
function withBinding(
  overrides: Readonly<Record<string, string | null>>,
  command: Command,
  binding: string | null,
): Record<string, string | null> {
  const next = { ...overrides };
  const isDefault =
    binding === null
      ? command.shortcut === undefined
      : command.shortcut !== undefined && normalizeBinding(command.shortcut) === normalizeBinding(binding);
  if (isDefault) delete next[command.id];
  else next[command.id] = binding;
  return next;
}

function StatusLine({ status }: { status: NonNullable<Status> }) {
  // Read out by the live region above the list; this copy is where the eye is.
  return (
    <p
      className={status.tone === 'error' ? 'shortcut-settings__message form-error' : 'shortcut-settings__message'}
      aria-hidden="true"
      data-testid="shortcut-message"
    >
      {status.text}
    </p>
  );
}

export function ShortcutSettings() {
  const commands = sortedCommands(useRegistry());
  const { overrides } = useStore(shortcutSettings);
  const [capturing, setCapturing] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [filter, setFilter] = useState('');
  const rows = useRef<Map<string, HTMLButtonElement>>(new Map());
  const filterField = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLDivElement>(null);

  const shown = filterShortcuts(
    commands.map((command) => ({
      command,
      title: command.title,
      group: command.group,
      binding: effectiveShortcut(command, overrides),
    })),
    filter,
  );

  // The message stands under the row edited: scrolled into view with it, never a page above.
  useEffect(() => {
    if (status !== null) message.current?.scrollIntoView({ block: 'nearest' });
  }, [status]);

  async function save(next: Record<string, string | null>, success: string, about: string): Promise<void> {
    try {
      await saveShortcutOverrides(next);
      setStatus({ tone: 'info', text: success, about });
    } catch (thrown) {
      setStatus({
        tone: 'error',
        text: thrown instanceof ApiError ? thrown.message : 'The shortcuts could not be saved.',
        about,
      });
    }
  }

  function onCaptured(command: Command, result: CaptureResult): void {
    setCapturing(null);
    rows.current.get(command.id)?.focus();
    if (result.kind === 'cancel')
      return setStatus({ tone: 'info', text: `${command.title}: unchanged.`, about: command.id });
    const binding = result.kind === 'clear' ? null : result.binding;
    if (binding !== null) {
      const other = conflictingCommand(command.id, binding, commands, overrides);
      if (other)
        return setStatus({
          tone: 'error',
          text: `${keysText(binding)} is already the shortcut of "${other.title}". Choose another key or change that one first.`,
          about: command.id,
        });
    }
    void save(withBinding(overrides, command, binding), `${command.title}: ${keysText(binding)}.`, command.id);
  }

  const capturedCommand = commands.find((command) => command.id === capturing) ?? null;
  const { firstPress } = useKeyCapture(
    capturedCommand !== null,
    (result) => capturedCommand && onCaptured(capturedCommand, result),
  );

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...rows.current.values()];
    const index = buttons.findIndex((button) => button === document.activeElement);
    event.preventDefault();
    // ↑ on the first row goes back to the filter.
    if (index === 0 && event.key === 'ArrowUp') return filterField.current?.focus();
    buttons[Math.min(buttons.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  }

  function onFilterKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'ArrowDown' || event.key === 'Enter') && shown.length > 0) {
      event.preventDefault();
      rows.current.get(shown[0]?.command.id ?? '')?.focus();
    } else if (event.key === 'Escape' && filter !== '') {
      // The first Escape empties the filter; the next one leaves the field (the settings page).
      event.preventDefault();
      setFilter('');
    }
  }

  return (
    <section className="panel shortcut-settings" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
      <p className="muted">
        Type to filter by command or key, <kbd>↓</kbd> into the list. <kbd>Enter</kbd> on a row records a new key (two
        plain keys in a row make a sequence), <kbd>Esc</kbd> cancels, <kbd>Delete</kbd> clears.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status?.text ?? ''}
      </p>
      <input
        ref={filterField}
        type="search"
        className="field__input shortcut-settings__filter"
        aria-label="Filter shortcuts by command or key"
        placeholder="Filter: a command, a group or a key (Alt+S, G then C)"
        autoComplete="off"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        onKeyDown={onFilterKeyDown}
      />
      <ul className="shortcut-settings__list" onKeyDown={onListKeyDown} aria-label="Shortcuts">
        {shown.map(({ command, binding }) => {
          const recording = capturing === command.id;
          return (
            <li key={command.id}>
              <button
                type="button"
                ref={(element) => {
                  if (element) rows.current.set(command.id, element);
                  else rows.current.delete(command.id);
                }}
                className={
                  recording ? 'shortcut-settings__row shortcut-settings__row--recording' : 'shortcut-settings__row'
                }
                aria-label={`${command.title}: ${keysText(binding)}. Enter to change.`}
                onClick={() => {
                  setStatus(null);
                  setCapturing(command.id);
                }}
              >
                <span className="shortcut-settings__title">{command.title}</span>
                <span className="muted">{command.group}</span>
                {recording ? (
                  <span className="shortcut-settings__recording">
                    {firstPress ? `${formatBinding(firstPress).join('')} …` : 'Press the new keys…'}
                  </span>
                ) : (
                  <KeyCaps binding={binding} />
                )}
              </button>
              {status?.about === command.id && (
                <div ref={message}>
                  <StatusLine status={status} />
                </div>
              )}
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className="shortcut-settings__none muted">No command or key matches “{filter.trim()}”.</li>
        )}
      </ul>
      <button
        type="button"
        className="btn"
        onClick={() => void save({}, 'All shortcuts are back to their defaults.', RESET)}
      >
        Reset to defaults
      </button>
      {status?.about === RESET && (
        <div ref={message}>
          <StatusLine status={status} />
        </div>
      )}
    </section>
  );
}
