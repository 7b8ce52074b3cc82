import { codeForStatus, messageForClientCode, messageForStatus, type ClientErrorCode } from './errorMessages.ts';

/** A failed call, already worded for the biller. `status` is set when the server answered. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number | null,
    readonly code: ClientErrorCode | null,
    /** The server's own `message`, kept for screens that show it inline (sign-in, passwords). */
    readonly serverMessage: string | null,
  ) {
    super(message);
  }

  static fromStatus(status: number, serverMessage: string | null): ApiError {
    return new ApiError(
      messageForStatus(status, serverMessage ?? undefined),
      status,
      codeForStatus(status),
      serverMessage,
    );
  }

  static fromCode(code: ClientErrorCode, serverMessage: string | null = null): ApiError {
    return new ApiError(messageForClientCode(code, serverMessage ?? undefined), null, code, serverMessage);
  }
}

/** What the call knew when it failed, beyond the thrown value itself. */
export interface FailureContext {
  deadlineHit: boolean;
  callerCancelled: boolean;
  online: boolean;
}

function serverMessageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
    return body.message;
  return null;
}

/**
 * Turns whatever redaxios or fetch threw into an ApiError. redaxios rejects with the response
 * itself for a non-2xx status; fetch throws a TypeError when no response came at all.
 */
export function classifyFailure(thrown: unknown, context: FailureContext): ApiError {
  // Checked first: an abort while the body was read surfaces as an empty reply, not as an abort.
  if (context.callerCancelled) return ApiError.fromCode('cancelled');
  if (context.deadlineHit) return ApiError.fromCode('aborted');
  if (thrown instanceof ApiError) return thrown;
  if (typeof thrown === 'object' && thrown !== null && 'status' in thrown && typeof thrown.status === 'number') {
    const body = 'data' in thrown ? thrown.data : undefined;
    return ApiError.fromStatus(thrown.status, serverMessageOf(body));
  }
  if (thrown instanceof TypeError) return ApiError.fromCode(context.online ? 'connection' : 'network');
  return ApiError.fromCode('client');
}
