/**
 * The one HTTP client (ARCHITECTURE: src/api). A call is made by its definition
 * (contract/calls/<controller>.ts), which gives its method, path, time-out, the input it takes and
 * the reply it answers; the reply is checked against that schema. Around each call: bearer token, deadline, busy counter, error toast, and
 * on a 401 the end of the session (SPEC points 7 and 8).
 */
import redaxios from 'redaxios';
import type { z, ZodType } from 'zod';
import type { CallDefinition, CallInput as DefinedInput, CallReply, Endpoint } from '../../contract/call.ts';
import type { CommandSource } from '../console/types.ts';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/messages.ts';
import { goTo } from '../routing/navigation.ts';
import { clearSession, currentToken, setMustChangePassword } from '../state/session.ts';
import { spinnerDown, spinnerUp } from '../state/ui.ts';
import { showToast } from '../toasts/notify.tsx';
import { ApiError, classifyFailure } from './apiError.ts';
import { startDeadline } from './deadline.ts';
import { forgetEarlyReplies, holdEarlyReply, takeEarlyReply } from './earlyCalls.ts';

export const API_BASE = '/api';
export const DEAUTHORIZED_PATH = '/login?deauthorized=1';

export type CallInput = Record<string, string | number | boolean | null | undefined>;
/** A POST/PUT body may carry nested JSON (a setting's value); a GET sends nested values as JSON text. */
export type CallBody = Readonly<Record<string, unknown>>;

export interface CallOptions {
  /** No toast on failure: the screen shows the error itself, or the failure does not matter. */
  silent?: boolean;
  /** No busy indicator: paging in the background while the biller scrolls. */
  background?: boolean;
  /** Cancels the call (it then fails with code 'cancelled' and never toasts). */
  signal?: AbortSignal;
  /** Sends this token instead of the session's (signing out after the session was cleared). */
  token?: string | null;
  /** Where the action came from (a command's `ctx.source`); the server's audit log keeps it. */
  source?: CommandSource;
  /**
   * A file sent as the body itself (text/plain), the input then going in the query: an 835 upload
   * (`uploadERA`, group and file name in the query) rather than a JSON body.
   */
  text?: string;
  /**
   * Sent before the screen that needs it asks (a full page load): silent and in the background,
   * its reply held for the screen's own identical call (`earlyCalls.ts`).
   */
  early?: boolean;
}

export function queryOf(input: CallBody): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(
      key,
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value),
    );
  }
  return query;
}

export function requestHeaders(token: string | null, source: CommandSource | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (source !== undefined) headers['X-Action-Source'] = source;
  return headers;
}

/** What every failed call does: the end of the session on a 401, the password change on its 403, the toast. */
export function reportFailure(failure: ApiError, tokenUsed: string | null, silent: boolean): void {
  // A 401 for a session that has already ended (a late sign-out call) must not move the user.
  if (failure.status === 401 && tokenUsed !== null && tokenUsed === currentToken()) {
    clearSession();
    goTo(DEAUTHORIZED_PATH, { replace: true });
  }
  if (failure.status === 403 && failure.serverMessage === PASSWORD_CHANGE_REQUIRED) setMustChangePassword(true);
  if (!silent && failure.code !== 'cancelled')
    showToast({ text: failure.message, toastType: 'error', id: `api:${failure.message}` });
}

/**
 * What a call takes: its input as the definition has it, or for a call whose body is a file sent
 * as text (an 835 upload) its query, the text itself going as `options.text`.
 */
export type InputOf<Call extends CallDefinition> = Call extends { query: infer Query extends ZodType }
  ? z.input<Query>
  : DefinedInput<Call>;

/** Makes `call` with `input` (typed by the definition) and answers its reply, checked against the definition's schema. */
export async function callApi<Call extends CallDefinition>(
  call: Call,
  input: InputOf<Call>,
  options: CallOptions = {},
): Promise<CallReply<Call>> {
  // The reply passed the definition's own reply schema (send), so it is that schema's output.
  return (await request(call, input as CallBody, options)) as CallReply<Call>;
}

async function request(call: CallDefinition, input: CallBody, options: CallOptions): Promise<unknown> {
  const row: Endpoint = call;
  const token = options.token === undefined ? currentToken() : options.token;
  const query = row.method === 'GET' || options.text !== undefined ? queryOf(input) : undefined;
  // Only a read can be answered by a call sent before: its reply depends on nothing but its input.
  const key = row.method === 'GET' && options.text === undefined ? `${row.path}?${String(query)}` : null;
  if (key !== null && options.early) {
    const reply = send(call, row, { input, query }, { ...options, silent: true, background: true }, token);
    holdEarlyReply(key, token, reply);
    return reply;
  }
  if (row.method !== 'GET') forgetEarlyReplies();
  const held = key === null ? null : takeEarlyReply(key, token);
  if (held) {
    const early = await held.then(
      (reply) => ({ reply }),
      () => null,
    );
    if (options.signal?.aborted) throw ApiError.fromCode('cancelled');
    // The same path and input were checked against the same contract schema.
    if (early) return early.reply;
    // The early call failed: this call asks again, and reports its own failure as it should.
  }
  return send(call, row, { input, query }, options, token);
}

/** `query`: the input as a query string, for a GET or a text body; built once per call. */
async function send(
  call: CallDefinition,
  row: Endpoint,
  { input, query }: { input: CallInput | CallBody; query: URLSearchParams | undefined },
  options: CallOptions,
  token: string | null,
): Promise<unknown> {
  const deadline = startDeadline(row.timeoutMs, options.signal);
  const hasBody = row.method !== 'GET';
  const text = options.text;
  if (!options.background) spinnerUp();
  try {
    const response = await redaxios<unknown>({
      url: `${API_BASE}${row.path}`,
      method: row.method,
      ...(text !== undefined ? { data: text, params: query } : hasBody ? { data: input } : { params: query }),
      headers: {
        ...requestHeaders(token, options.source),
        ...(text !== undefined ? { 'content-type': 'text/plain' } : {}),
      },
      // redaxios does not pass a signal on, so the deadline rides on the fetch it uses.
      fetch: (url, init) => fetch(url, { ...init, signal: deadline.signal }),
    });
    const parsed = call.reply.safeParse(response.data);
    if (!parsed.success) throw ApiError.fromCode('server');
    return parsed.data;
  } catch (thrown) {
    const failure = classifyFailure(thrown, {
      deadlineHit: deadline.deadlineHit(),
      callerCancelled: deadline.callerCancelled(),
      online: typeof navigator === 'undefined' || navigator.onLine,
    });
    reportFailure(failure, token, options.silent ?? false);
    throw failure;
  } finally {
    deadline.done();
    if (!options.background) spinnerDown();
  }
}
