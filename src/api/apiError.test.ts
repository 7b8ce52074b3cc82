import { describe, expect, it } from 'vitest';
import { ApiError, classifyFailure, type FailureContext } from './apiError.ts';

const calm: FailureContext = { deadlineHit: false, callerCancelled: false, online: true };

describe('classifyFailure', () => {
  it('reads the status and server message of a rejected response', () => {
    const failure = classifyFailure({ status: 400, data: { message: 'NotMatch' } }, calm);
    expect(failure).toMatchObject({ status: 400, message: 'NotMatch', serverMessage: 'NotMatch' });
    expect(classifyFailure({ status: 401, data: 'not json' }, calm)).toMatchObject({
      status: 401,
      message: 'Unauthorized: Access is denied',
      serverMessage: null,
    });
  });

  it('tells a missing server from a missing network', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'), calm).message).toBe('Server not available.');
    expect(classifyFailure(new TypeError('Failed to fetch'), { ...calm, online: false }).message).toBe(
      'Network not available.',
    );
  });

  it('puts the deadline and the caller before anything else', () => {
    expect(classifyFailure(new DOMException('x', 'AbortError'), { ...calm, deadlineHit: true }).code).toBe('aborted');
    expect(classifyFailure(ApiError.fromCode('server'), { ...calm, deadlineHit: true }).message).toBe(
      "Server didn't respond in time.",
    );
    expect(classifyFailure(new DOMException('x', 'AbortError'), { ...calm, callerCancelled: true }).code).toBe(
      'cancelled',
    );
  });

  it('keeps an ApiError and calls anything else a client error', () => {
    const kept = ApiError.fromCode('server');
    expect(classifyFailure(kept, calm)).toBe(kept);
    expect(classifyFailure(new Error('bug'), calm).message).toBe('Unexpected client error');
  });
});
