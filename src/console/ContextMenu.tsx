/**
 * A grid's context menu (Shift+F10, the ContextMenu key, right-click): the commands about the
 * rows under it, from the one registry. Arrows move, Enter runs (source 'menu'), a letter jumps,
 * Escape closes; a command that asks for answers continues in the palette. Knows no domain: the
 * grid says which kind of record its rows are.
 */
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { selection } from '../state/selection.ts';
import { session } from '../state/session.ts';
import { useStore } from '../state/useStore.ts';
import './ContextMenu.css';
import { contextMenuEntries, entryByLetter } from './contextMenuEntries.ts';
import { KeyCaps } from './KeyCaps.tsx';
import { currentContext, runCommand } from './registry.ts';
import { currentOverrides } from './shortcutSettings.ts';
import { shownKeys } from './shortcuts.ts';
import { useRegistry } from './useRegistry.ts';

export interface ContextMenuProps {
  /** Viewport position of the menu's top-left corner (it moves in to stay on screen). */
  at: { x: number; y: number };
  /** The kind of record the rows are ('claim'): the menu lists the commands about those. */
  recordType: string;
  /** What the menu is for, read by screen readers: 'Claim actions'. */
  label: string;
  /**
   * Close it; `giveFocusBack` is false when focus already went elsewhere (a click outside), which
   * the grid must not take back. A picked command runs after this.
   */
  onClose: (giveFocusBack: boolean) => void;
}

const EDGE = 8;

export function ContextMenu({ at, recordType, label, onClose }: ContextMenuProps) {
  const commands = useRegistry();
  // The grid writes the selection a moment after the cursor moves: follow it while open.
  const picked = useStore(selection);
  const user = useStore(session).user;
  const entries = useMemo(
    () => contextMenuEntries(commands, currentContext('menu'), recordType),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- picked and user are the store's change signals
    [commands, recordType, picked, user],
  );
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState(at);
  const menu = useRef<HTMLDivElement>(null);
  const current = Math.min(active, Math.max(0, entries.length - 1));

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    element.focus();
    const { width, height } = element.getBoundingClientRect();
    setPlace({
      x: Math.max(EDGE, Math.min(at.x, window.innerWidth - width - EDGE)),
      y: Math.max(EDGE, Math.min(at.y, window.innerHeight - height - EDGE)),
    });
  }, [at]);

  const run = (index: number) => {
    const entry = entries[index];
    if (!entry || entry.reason !== null) return;
    onClose(true);
    void runCommand(entry.command.id, 'menu');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const count = entries.length;
    let handled = true;
    if (event.key === 'ArrowDown') setActive(count === 0 ? 0 : (current + 1) % count);
    else if (event.key === 'ArrowUp') setActive(count === 0 ? 0 : (current - 1 + count) % count);
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(Math.max(0, count - 1));
    else if (event.key === 'Enter' || event.key === ' ') run(current);
    else if (
      event.key === 'Escape' ||
      event.key === 'Tab' ||
      event.key === 'ContextMenu' ||
      (event.key === 'F10' && event.shiftKey)
    )
      onClose(true);
    else if (plain && /^[\p{L}\p{N}]$/u.test(event.key)) setActive(entryByLetter(entries, event.key, current));
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const overrides = currentOverrides();
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      tabIndex={-1}
      className="context-menu"
      style={{ left: place.x, top: place.y }}
      aria-activedescendant={entries.length > 0 ? `context-menu-item-${current}` : undefined}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) onClose(false);
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {entries.length === 0 && <div className="context-menu__empty">No actions apply to these rows.</div>}
      {entries.map((entry, index) => {
        const previous = entries[index - 1];
        return (
          <div
            key={entry.command.id}
            id={`context-menu-item-${index}`}
            role="menuitem"
            aria-disabled={entry.reason !== null}
            className={`context-menu__item${index === current ? ' context-menu__item--active' : ''}${previous && previous.command.group !== entry.command.group ? ' context-menu__item--group' : ''}`}
            onMouseMove={() => setActive(index)}
            onClick={() => run(index)}
          >
            <span className="context-menu__title">{entry.command.title}</span>
            {entry.reason !== null ? (
              <span className="context-menu__reason">{entry.reason}</span>
            ) : (
              shownKeys(entry.command, overrides).map((key) => <KeyCaps key={key} binding={key} />)
            )}
          </div>
        );
      })}
    </div>
  );
}
