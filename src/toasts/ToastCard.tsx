import type { ToastType } from './toastLifetime.ts';
import './toasts.css';

interface ToastCardProps {
  text: string;
  detail: string | undefined;
  toastType: ToastType;
  visible: boolean;
  onClose: () => void;
}

const LABELS: Record<ToastType, string> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' };

export function ToastCard({ text, detail, toastType, visible, onClose }: ToastCardProps) {
  const urgent = toastType === 'error' || toastType === 'warning';
  return (
    <div
      className={`toast toast--${toastType}${visible ? '' : ' toast--leaving'}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-label={LABELS[toastType]}
    >
      <div className="toast__body">
        <p className="toast__text">{text}</p>
        {detail && <p className="toast__detail">{detail}</p>}
        {detail && (
          <button type="button" className="toast__dismiss" onClick={onClose}>
            Dismiss
          </button>
        )}
      </div>
      <button type="button" className="toast__close" aria-label="Close" title="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
