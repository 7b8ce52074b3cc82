/**
 * "Keyboard shortcuts" in the user's settings: every command with its key. Enter on a row records
 * a new key (or a two-key sequence), Escape cancels, Delete clears; a key another command already
 * uses in the same scope is refused with that command's name. Saved on the server, applied at once.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/apiError.ts';
import { KeyCaps } from '../../console/KeyCaps.tsx';
import { saveShortcutOverrides, shortcutSettings } from '../../console/shortcutSettings.ts';
import { conflictingCommand, effectiveShortcut, formatBinding, normalizeBinding } from '../../console/shortcuts.ts';
import type { Command } from '../../console/types.ts';
import { useRegistry } from '../../console/useRegistry.ts';
import { useStore } from '../../state/useStore.ts';
import { useKeyCapture, type CaptureResult } from './useKeyCapture.ts';
import './shortcutSettings.css';

type Status = { tone: 'info' | 'error'; text: string } | null;

function sortedCommands(commands: readonly Command[]): Command[] {
  return [...commands].sort((a, b) => a.group.localeCompare(b.group) || a.title.localeCompare(b.title));
}

function keysText(binding: string | null): string {
  return binding === null ? 'no key' : formatBinding(binding).join(' then ');
}

/** The overrides after giving `command` the binding; a binding equal to the default is not kept. */
function withBinding(overrides: Readonly<Record<string, string | null>>, command: Command, binding: string | null): Record<string, string | null> {
  const next = { ...overrides };
  const isDefault = binding === null ? command.shortcut === undefined : command.shortcut !== undefined && normalizeBinding(command.shortcut) === normalizeBinding(binding);
  if (isDefault) delete next[command.id];
  else next[command.id] = binding;
  return next;
}

export function ShortcutSettings() {
  const commands = sortedCommands(useRegistry());
  const { overrides } = useStore(shortcutSettings);
  const [capturing, setCapturing] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const rows = useRef<Map<string, HTMLButtonElement>>(new Map());

  async function save(next: Record<string, string | null>, success: string): Promise<void> {
    try {
      await saveShortcutOverrides(next);
      setStatus({ tone: 'info', text: success });
    } catch (thrown) {
      setStatus({ tone: 'error', text: thrown instanceof ApiError ? thrown.message : 'The shortcuts could not be saved.' });
    }
  }

  function onCaptured(command: Command, result: CaptureResult): void {
    setCapturing(null);
    rows.current.get(command.id)?.focus();
    if (result.kind === 'cancel') return setStatus({ tone: 'info', text: `${command.title}: unchanged.` });
    const binding = result.kind === 'clear' ? null : result.binding;
    if (binding !== null) {
      const other = conflictingCommand(command.id, binding, commands, overrides);
      if (other) return setStatus({ tone: 'error', text: `${keysText(binding)} is already the shortcut of "${other.title}". Choose another key or change that one first.` });
    }
    void save(withBinding(overrides, command, binding), `${command.title}: ${keysText(binding)}.`);
  }

  const capturedCommand = commands.find((command) => command.id === capturing) ?? null;
  const { firstPress } = useKeyCapture(capturedCommand !== null, (result) => capturedCommand && onCaptured(capturedCommand, result));

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...rows.current.values()];
    const index = buttons.findIndex((button) => button === document.activeElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  return (
    <section className="panel shortcut-settings" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
      <p className="muted">
        <kbd>Enter</kbd> on a row records a new key (two plain keys in a row make a sequence), <kbd>Esc</kbd> cancels, <kbd>Delete</kbd> clears.
      </p>
      <p className={status?.tone === 'error' ? 'shortcut-settings__status form-error' : 'shortcut-settings__status'} role="status" aria-live="polite">
        {status?.text ?? ''}
      </p>
      <ul className="shortcut-settings__list" onKeyDown={onListKeyDown}>
        {commands.map((command) => {
          const recording = capturing === command.id;
          return (
            <li key={command.id}>
              <button
                type="button"
                ref={(element) => {
                  if (element) rows.current.set(command.id, element);
                  else rows.current.delete(command.id);
                }}
                className={recording ? 'shortcut-settings__row shortcut-settings__row--recording' : 'shortcut-settings__row'}
                aria-label={`${command.title}: ${keysText(effectiveShortcut(command, overrides))}. Enter to change.`}
                onClick={() => {
                  setStatus(null);
                  setCapturing(command.id);
                }}
              >
                <span className="shortcut-settings__title">{command.title}</span>
                <span className="muted">{command.group}</span>
                {recording ? (
                  <span className="shortcut-settings__recording">{firstPress ? `${formatBinding(firstPress).join('')} …` : 'Press the new keys…'}</span>
                ) : (
                  <KeyCaps binding={effectiveShortcut(command, overrides)} />
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn" onClick={() => void save({}, 'All shortcuts are back to their defaults.')}>
        Reset to defaults
      </button>
    </section>
  );
}
