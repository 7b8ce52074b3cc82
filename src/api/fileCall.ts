/**
 * A catalogue call whose reply is a file (a claim form's PDF) rather than JSON. callApi
 * (client.ts) reads every reply as JSON text, which would mangle the bytes, so this reads the
 * body as a Blob; around it client.ts's own pieces: the catalogue's path and time-out, headers,
 * busy counter, and its failure handling. A failed call still answers JSON `{ message }`.
 */
import type { CallDefinition, CallInput as DefinedInput } from '../../contract/call.ts';
import { currentToken } from '../state/session.ts';
import { spinnerDown, spinnerUp } from '../state/ui.ts';
import { ApiError, classifyFailure } from './apiError.ts';
import { API_BASE, queryOf, reportFailure, requestHeaders, type CallBody, type CallOptions } from './client.ts';
import { startDeadline } from './deadline.ts';

export interface FileCallOptions extends CallOptions {
  /** A failure the caller answers itself (it asks another call): no toast for it. */
  expected?: (failure: ApiError) => boolean;
}

function urlOf(path: string, input: CallBody): string {
  const text = queryOf(input).toString();
  return `${API_BASE}${path}${text === '' ? '' : `?${text}`}`;
}

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : null;
  } catch {
    return null;
  }
}

/** GETs (or POSTs) the call's file. */
export async function fetchFile<Call extends CallDefinition>(
  call: Call,
  input: DefinedInput<Call>,
  options: FileCallOptions = {},
): Promise<Blob> {
  const row = call;
  if ((row.method !== 'GET' && row.method !== 'POST') || call.replyKind !== 'file')
    throw new Error(`${call.controller}/${call.name} is not a GET or POST of a file.`);
  const token = options.token === undefined ? currentToken() : options.token;
  const headers = requestHeaders(token, options.source);
  const deadline = startDeadline(row.timeoutMs, options.signal);
  if (!options.background) spinnerUp();
  try {
    // A POST (a print run) sends its input as JSON, as callApi does.
    const response =
      row.method === 'POST'
        ? await fetch(`${API_BASE}${row.path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(input),
            signal: deadline.signal,
          })
        : await fetch(urlOf(row.path, input as CallBody), { method: 'GET', headers, signal: deadline.signal });
    if (!response.ok) throw ApiError.fromStatus(response.status, await serverMessage(response));
    return await response.blob();
  } catch (thrown) {
    const failure = classifyFailure(thrown, {
      deadlineHit: deadline.deadlineHit(),
      callerCancelled: deadline.callerCancelled(),
      online: typeof navigator === 'undefined' || navigator.onLine,
    });
    reportFailure(failure, token, (options.silent ?? false) || (options.expected?.(failure) ?? false));
    throw failure;
  } finally {
    deadline.done();
    if (!options.background) spinnerDown();
  }
}
