/**
 * How the organisation's commands answer: the server's message as a toast (SPEC point 8's words,
 * 'Provider Successfully Created'), a refusal as the server says it (or in the spec's words where
 * it has its own, a provider's e-mail taken), and a change notice so the screens read again.
 */
import { ORGANISATION_MESSAGES, PROVIDER_EMAIL_TAKEN_SHOWN } from '../../contract/organisation.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { recordsChanged, type RecordKind } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';

export const background = { silent: true, background: true } as const;
export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The refusal as the screen shows it: the spec words a provider's taken e-mail its own way. */
export function shownOrganisationRefusal(said: string): string {
  return said === ORGANISATION_MESSAGES.providerEmailTaken ? PROVIDER_EMAIL_TAKEN_SHOWN : said;
}

export async function announce<Reply extends { message: string }>(
  failed: string,
  call: () => Promise<Reply>,
  detail: string,
  kind: RecordKind,
  ids?: readonly number[],
): Promise<Reply | null> {
  try {
    const reply = await call();
    notify.success(`${reply.message}: ${detail}`);
    return reply;
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.code === 'cancelled') return null;
    const said = thrown instanceof ApiError ? (thrown.serverMessage ?? thrown.message) : undefined;
    notify.error(said === undefined ? failed : shownOrganisationRefusal(said), said === undefined ? undefined : failed);
    return null;
  } finally {
    recordsChanged(kind, ids);
  }
}
