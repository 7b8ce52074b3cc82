/**
 * How the access commands answer: the server's message as a toast (SPEC point 8's wording), a
 * refusal in the spec's words where it has them (a profile that already exists, a module code or
 * name taken), and a change notice so the screens read again.
 */
import { ApiError } from '../../src/api/apiError.ts';
import { shownRefusal } from '../../src/features/access/index.ts';
import { recordsChanged, type RecordKind } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';

export const background = { silent: true, background: true } as const;
export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function announce(
  failed: string,
  call: () => Promise<{ message: string }>,
  detail: string,
  kind: RecordKind,
  ids?: readonly number[],
): Promise<boolean> {
  try {
    const { message } = await call();
    notify.success(`${message.replace(/\.$/, '')}: ${detail}`);
    return true;
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'cancelled') return false;
    const said = thrown instanceof ApiError ? (thrown.serverMessage ?? thrown.message) : undefined;
    notify.error(said === undefined ? failed : shownRefusal(said), said === undefined ? undefined : failed);
    return false;
  } finally {
    recordsChanged(kind, ids);
  }
}
