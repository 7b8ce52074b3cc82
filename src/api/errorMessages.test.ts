import { describe, expect, it } from 'vitest';
import { codeForStatus, messageForClientCode, messageForStatus } from './errorMessages.ts';

describe('messageForStatus (SPEC point 8)', () => {
  it('shows the server message for a 400, or a fallback', () => {
    expect(messageForStatus(400, 'Dates are YYYY-MM-DD.')).toBe('Dates are YYYY-MM-DD.');
    expect(messageForStatus(400)).toBe('Something went wrong');
    expect(messageForStatus(400, '  ')).toBe('Something went wrong');
  });

  it.each([
    [401, 'Unauthorized: Access is denied'],
    [403, 'Forbidden.'],
    [404, 'Not Found.'],
    [406, 'Not Acceptable.'],
    [408, 'Request Timeout'],
  ])('words %i as %s whatever the server said', (status, message) => {
    expect(messageForStatus(status, 'server text')).toBe(message);
  });

  it('words server failures and unknown statuses', () => {
    expect(messageForStatus(500)).toBe('Unexpected server error');
    expect(messageForStatus(502, 'upstream')).toBe('Unexpected server error');
    expect(messageForStatus(504)).toBe('Time out error');
    expect(messageForStatus(302)).toBe('Unknown api error');
  });

  it('treats other 4xx as a bad request: server message or the fallback', () => {
    expect(codeForStatus(409)).toBe('badRequest');
    expect(messageForStatus(409, 'Already exists.')).toBe('Already exists.');
    expect(messageForStatus(422)).toBe('Unknown api error');
  });
});

describe('messageForClientCode', () => {
  it.each([
    ['network', 'Network not available.'],
    ['connection', 'Server not available.'],
    ['aborted', "Server didn't respond in time."],
    ['server', 'Unexpected server error'],
    ['client', 'Unexpected client error'],
    ['cancelled', 'Token canceled'],
    ['timedOut', 'Time out error'],
  ] as const)('words %s as %s', (code, message) => {
    expect(messageForClientCode(code)).toBe(message);
  });

  it('gives a bad request the server message or Unknown api error', () => {
    expect(messageForClientCode('badRequest', 'Bad date.')).toBe('Bad date.');
    expect(messageForClientCode('badRequest')).toBe('Unknown api error');
  });
});
