/**
 * The error catalogue of SPEC point 8: how a failed call reads to the biller. Pure, so every
 * wording is pinned by a unit test.
 */

/** Failures that never got an HTTP status the catalogue names. */
export type ClientErrorCode =
  | 'network' // the browser is offline
  | 'connection' // online, but the server did not answer
  | 'aborted' // our own per-call deadline fired
  | 'server' // a 5xx, or a reply that does not match the contract
  | 'client' // our code failed before or after the request
  | 'badRequest' // a 4xx the status table does not name
  | 'cancelled' // the caller gave up on the call (a stale grid page, say)
  | 'timedOut'; // a gateway said the server took too long (504)

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: 'Unauthorized: Access is denied',
  403: 'Forbidden.',
  404: 'Not Found.',
  406: 'Not Acceptable.',
  408: 'Request Timeout',
};

const CLIENT_MESSAGES: Readonly<Record<Exclude<ClientErrorCode, 'badRequest'>, string>> = {
  network: 'Network not available.',
  connection: 'Server not available.',
  aborted: "Server didn't respond in time.",
  server: 'Unexpected server error',
  client: 'Unexpected client error',
  cancelled: 'Token canceled',
  timedOut: 'Time out error',
};

function usable(serverMessage: string | undefined): serverMessage is string {
  return typeof serverMessage === 'string' && serverMessage.trim() !== '';
}

export function messageForClientCode(code: ClientErrorCode, serverMessage?: string): string {
  if (code === 'badRequest') return usable(serverMessage) ? serverMessage : 'Unknown api error';
  return CLIENT_MESSAGES[code];
}

/** The code a status stands for when the status table itself does not name it. */
export function codeForStatus(status: number): ClientErrorCode | null {
  if (status === 504) return 'timedOut';
  if (status >= 500 && status <= 599) return 'server';
  if (status >= 400 && status <= 499 && !(status in STATUS_MESSAGES) && status !== 400) return 'badRequest';
  return null;
}

export function messageForStatus(status: number, serverMessage?: string): string {
  if (status === 400) return usable(serverMessage) ? serverMessage : 'Something went wrong';
  const named = STATUS_MESSAGES[status];
  if (named !== undefined) return named;
  const code = codeForStatus(status);
  return code === null ? 'Unknown api error' : messageForClientCode(code, serverMessage);
}
