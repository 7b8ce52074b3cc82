import toast from 'react-hot-toast';
import { ToastCard } from './ToastCard.tsx';
import { toastLifetimeMs, type ToastType } from './toastLifetime.ts';

/** The toast of SPEC point 3. */
export interface ToastRequest {
  text: string;
  detail?: string;
  toastType: ToastType;
  onClose?: () => void;
  /** Same id = the toast is replaced, not stacked (a failing call retried shows once). */
  id?: string;
}

export function showToast({ text, detail, toastType, onClose, id }: ToastRequest): string {
  return toast.custom(
    (shown) => (
      <ToastCard
        text={text}
        detail={detail}
        toastType={toastType}
        visible={shown.visible}
        onClose={() => {
          toast.dismiss(shown.id);
          onClose?.();
        }}
      />
    ),
    { duration: toastLifetimeMs(toastType, detail !== undefined), ...(id === undefined ? {} : { id }) },
  );
}

export const notify = {
  success: (text: string, detail?: string) => showToast({ text, detail, toastType: 'success' }),
  error: (text: string, detail?: string) => showToast({ text, detail, toastType: 'error' }),
  warning: (text: string, detail?: string) => showToast({ text, detail, toastType: 'warning' }),
  info: (text: string, detail?: string) => showToast({ text, detail, toastType: 'info' }),
};

export function clearToasts(): void {
  toast.remove();
}
