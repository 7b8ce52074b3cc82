import type { FocusEvent, KeyboardEvent } from 'react';
import type { ToastType } from './toastLifetime.ts';
import './toasts.css';

interface ToastCardProps {
  id: string;
  text: string;
  detail: string | undefined;
  toastType: ToastType;
  visible: boolean;
  onClose: () => void;
  /** The pointer or the keyboard is on the toast (true) or has left it (false): it waits meanwhile. */
  onHold: (reason: 'pointer' | 'keyboard', held: boolean) => void;
  /** The keyboard came into the toast from this element. */
  onKeyboardIn: (from: Element | null) => void;
}

const LABELS: Record<ToastType, string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
};

/**
 * One toast. A toast with detail waits for Dismiss (SPEC point 4). Escape on its buttons closes it too; either way the
 * keyboard goes back to where it was before it came into the toasts.
 */
export function ToastCard({ id, text, detail, toastType, visible, onClose, onHold, onKeyboardIn }: ToastCardProps) {
  const urgent = toastType === 'error' || toastType === 'warning';
  const dismissable = detail !== undefined;
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    onKeyboardIn(event.relatedTarget);
    onHold('keyboard', true);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    onHold('keyboard', false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  return (
    <div
      className={`toast toast--${toastType}${visible ? '' : ' toast--leaving'}`}
      data-toast-id={id}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-label={LABELS[toastType]}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onMouseEnter={() => onHold('pointer', true)}
      onMouseLeave={() => onHold('pointer', false)}
    >
      <div className="toast__body">
        <p className="toast__text">{text}</p>
        {detail && <p className={dismissable ? 'toast__detail' : 'toast__detail toast__detail--inline'}>{detail}</p>}
        {dismissable && (
          <button type="button" className="toast__dismiss" onClick={onClose}>
            Dismiss
          </button>
        )}
      </div>
      <button type="button" className="toast__close" aria-label="Close" title="Close (Esc)" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
