import { describe, expect, it } from 'vitest';
import type { ClearingHouseConnection } from '../../contract/clearinghouse.ts';
import { clearinghouseCommands, connectionRequest, connectionText, pollProblem, portProblem } from './clearinghouse.ts';

const SET_UP: ClearingHouseConnection = {
  clearingHouseID: 3,
  name: 'Office Ally',
  configured: true,
  transport: 'sftp',
  host: 'sftp.officeally.example',
  port: 22,
  username: 'lakeside',
  keySet: true,
  keyFingerprint: 'SHA256:abc',
  hostKeyFingerprint: null,
  outboundFolder: '/outbound',
  inboundFolder: '/inbound',
  archiveFolder: '/archive',
  pollSeconds: 900,
  autoPost: false,
  active: true,
  lastPolledAt: null,
  lastPollError: null,
  filesTaken: 0,
};

describe('clearinghouse commands', () => {
  it('keep what is set for every text answered with Enter alone, and send a key only when one is pasted', () => {
    const request = connectionRequest(SET_UP, { transport: 'sftp', autoPost: 'true', active: 'true', port: '2222' });
    expect(request).toEqual({
      clearingHouseID: 3,
      transport: 'sftp',
      host: 'sftp.officeally.example',
      port: 2222,
      username: 'lakeside',
      outboundFolder: '/outbound',
      inboundFolder: '/inbound',
      archiveFolder: '/archive',
      pollSeconds: 900,
      autoPost: true,
      active: true,
    });
    expect(connectionRequest(SET_UP, { privateKey: ' -----BEGIN KEY ' }).privateKey).toBe('-----BEGIN KEY');
  });

  it('check a poll interval and a port as the server does', () => {
    expect(pollProblem('')).toBeNull();
    expect(pollProblem('60')).toBeNull();
    expect(pollProblem('5')).toMatch(/10 to 86400/);
    expect(pollProblem('1.5')).toMatch(/seconds/);
    expect(portProblem('70000')).toMatch(/1 to 65535/);
  });

  it('tell a connection in a line, and have keys: g l, E and C on the screen, Alt+J and Alt+V', () => {
    expect(connectionText(SET_UP)).toBe('sftp://lakeside@sftp.officeally.example:22');
    expect(connectionText({ ...SET_UP, transport: 'local', active: false })).toBe('local folders (off)');
    expect(connectionText({ ...SET_UP, configured: false })).toBe('not set up');
    const keys = Object.fromEntries(
      clearinghouseCommands.map((command) => [command.id, [command.shortcut, command.screenKey, command.privilege]]),
    );
    expect(keys).toEqual({
      'nav.goToClearinghouses': ['g l', undefined, 'ADMIN_INSURANCES'],
      'clearinghouse.setUp': [undefined, 'e', 'ADMIN_INSURANCES'],
      'clearinghouse.collect': ['Alt+j', 'c', 'CLAIMS'],
      'submission.sendToClearinghouse': ['Alt+v', undefined, 'CLAIMS'],
    });
  });
});
