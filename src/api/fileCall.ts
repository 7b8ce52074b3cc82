/**
 * A catalogue call whose reply is a file (a claim form's PDF) rather than JSON. callApi
 * (client.ts) reads every reply as JSON text, which would mangle the bytes, so this reads the
 * body as a Blob; around it the same pieces: the catalogue's path and time-out, bearer token and
 * action source, busy counter, and on failure the same handling (end of session on a 401, the
 * password change on its 403, the toast). A failed call still answers JSON `{ message }`.
 */
import { endpoint } from '../../contract/endpoints.ts';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/messages.ts';
import { goTo } from '../routing/navigation.ts';
import { clearSession, currentToken, setMustChangePassword } from '../state/session.ts';
import { spinnerDown, spinnerUp } from '../state/ui.ts';
import { showToast } from '../toasts/notify.tsx';
import { ApiError, classifyFailure } from './apiError.ts';
import { API_BASE, DEAUTHORIZED_PATH, type CallInput, type CallOptions } from './client.ts';
import { startDeadline } from './deadline.ts';

export interface FileCallOptions extends CallOptions {
  /** A failure the caller answers itself (it asks another call): no toast for it. */
  expected?: (failure: ApiError) => boolean;
}

function urlOf(path: string, input: CallInput): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  const text = query.toString();
  return `${API_BASE}${path}${text === '' ? '' : `?${text}`}`;
}

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

function onFailure(failure: ApiError, tokenUsed: string | null, options: FileCallOptions): void {
  if (failure.status === 401 && tokenUsed !== null && tokenUsed === currentToken()) {
    clearSession();
    goTo(DEAUTHORIZED_PATH, { replace: true });
  }
  if (failure.status === 403 && failure.serverMessage === PASSWORD_CHANGE_REQUIRED) setMustChangePassword(true);
  if (options.silent || failure.code === 'cancelled' || options.expected?.(failure)) return;
  showToast({ text: failure.message, toastType: 'error', id: `api:${failure.message}` });
}

/** GETs the call's file. */
export async function fetchFile(controller: string, name: string, input: CallInput, options: FileCallOptions = {}): Promise<Blob> {
  const row = endpoint(controller, name);
  if (row.method !== 'GET') throw new Error(`${controller}/${name} is not a GET: files are read with GET.`);
  const token = options.token === undefined ? currentToken() : options.token;
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.source !== undefined) headers['X-Action-Source'] = options.source;
  const deadline = startDeadline(row.timeoutMs, options.signal);
  if (!options.background) spinnerUp();
  try {
    const response = await fetch(urlOf(row.path, input), { method: 'GET', headers, signal: deadline.signal });
    if (!response.ok) throw ApiError.fromStatus(response.status, await serverMessage(response));
    return await response.blob();
  } catch (thrown) {
    const failure = classifyFailure(thrown, {
      deadlineHit: deadline.deadlineHit(),
      callerCancelled: deadline.callerCancelled(),
      online: typeof navigator === 'undefined' || navigator.onLine,
    });
    onFailure(failure, token, options);
    throw failure;
  } finally {
    deadline.done();
    if (!options.background) spinnerDown();
  }
}
