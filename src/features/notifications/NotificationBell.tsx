/**
 * The bell in the header: the unread count, and under it the list of notifications, run by the
 * keyboard (Alt+Shift+N opens it; ↑ ↓ move, Enter opens, R marks read, A marks all read, Escape
 * closes and gives the keyboard back). New ones arrive live while the biller is signed in.
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useFocusScope } from '../../console/useFocusScope.ts';
import { session } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';
import { formatRelativeTime } from './when.ts';
import {
  closeNotificationList,
  markEveryNotificationRead,
  markNotificationRead,
  moveNotificationCursor,
  notifications,
  openNotification,
  openNotificationList,
  startNotifications,
} from './notificationsStore.ts';
import './notifications.css';

const optionId = (id: number) => `notification-${id}`;

export function NotificationBell() {
  const userId = useStore(session).user?.userID ?? null;
  const { unread, items, open, cursor, live } = useStore(notifications);
  const list = useRef<HTMLUListElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useFocusScope('dialog', 'Notifications', open);

  // Once the first screen has what it asked for: the bell's calls never go before a screen's.
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    const start = () => (stop = startNotifications());
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 500);
      return () => {
        clearTimeout(timer);
        stop?.();
      };
    }
    const handle = requestIdleCallback(start, { timeout: 3000 });
    return () => {
      cancelIdleCallback(handle);
      stop?.();
    };
  }, [userId]);

  // Opened (by the bell or the command): the list takes the keyboard; closed: it goes back.
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      list.current?.focus({ preventScroll: true });
    } else if (returnTo.current) {
      if (returnTo.current.isConnected) returnTo.current.focus({ preventScroll: true });
      returnTo.current = null;
    }
  }, [open]);

  useEffect(() => {
    document.getElementById(optionId(items[cursor]?.notificationID ?? 0))?.scrollIntoView({ block: 'nearest' });
  }, [cursor, items]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const current = items[cursor];
    const key = event.key;
    let handled = true;
    if (key === 'ArrowDown') moveNotificationCursor(1);
    else if (key === 'ArrowUp') moveNotificationCursor(-1);
    else if (key === 'Home') moveNotificationCursor(-items.length);
    else if (key === 'End') moveNotificationCursor(items.length);
    else if (key === 'Escape') closeNotificationList();
    else if (key === 'Enter' && current) void openNotification(current, 'hotkey');
    else if ((key === 'r' || key === 'R') && !event.altKey && !event.ctrlKey && !event.metaKey && current)
      void markNotificationRead(current, 'hotkey');
    else if ((key === 'a' || key === 'A') && !event.altKey && !event.ctrlKey && !event.metaKey)
      void markEveryNotificationRead('hotkey');
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <div className="bell">
      <button
        type="button"
        className="btn btn--quiet bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls="notification-list"
        title={`${label} (Alt+Shift+N)`}
        onClick={() => (open ? closeNotificationList() : openNotificationList())}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" className="bell__icon">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__count" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          className="bell__panel"
          role="dialog"
          aria-label="Notifications"
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) closeNotificationList();
          }}
        >
          <div className="bell__head">
            <strong>Notifications</strong>
            {!live && <span className="bell__offline">not live: reconnecting…</span>}
            <span className="bell__spacer" />
            <button
              type="button"
              className="btn btn--quiet"
              disabled={unread === 0}
              onClick={() => void markEveryNotificationRead('button')}
            >
              Mark all read <kbd>A</kbd>
            </button>
          </div>
          <ul
            ref={list}
            id="notification-list"
            className="bell__list"
            role="listbox"
            aria-label="Notifications"
            tabIndex={0}
            aria-activedescendant={items[cursor] ? optionId(items[cursor].notificationID) : undefined}
            onKeyDown={onKeyDown}
          >
            {items.length === 0 && <li className="bell__empty">Nothing to tell you yet.</li>}
            {items.map((item, index) => (
              <li
                key={item.notificationID}
                id={optionId(item.notificationID)}
                role="option"
                aria-selected={index === cursor}
                data-read={item.read}
                className={[
                  'bell__item',
                  index === cursor ? 'bell__item--cursor' : '',
                  item.read ? 'bell__item--read' : 'bell__item--unread',
                ].join(' ')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void openNotification(item, 'button')}
              >
                <span className="bell__title">
                  {!item.read && <span className="bell__dot" aria-label="unread" />}
                  {item.title}
                </span>
                {item.detail && <span className="bell__detail">{item.detail}</span>}
                <span className="bell__when">{formatRelativeTime(item.createdAt)}</span>
              </li>
            ))}
          </ul>
          <div className="bell__keys">
            <kbd>↑</kbd>
            <kbd>↓</kbd> move <kbd>Enter</kbd> open <kbd>R</kbd> mark read <kbd>Esc</kbd> close
          </div>
        </div>
      )}
    </div>
  );
}
