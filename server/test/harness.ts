import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionUser, SignInReply } from '../../contract/auth.ts';
import { buildApp } from '../app.ts';
import { totpCode } from '../auth/totp.ts';
import type { Db } from '../db/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { TEST_PASSWORD, TEST_TOTP_SECRET } from './fixtures.ts';

/** A clock the test moves by hand: idle expiry, locks and TOTP steps without waiting. */
export class TestClock {
  constructor(public time = Date.UTC(2026, 10, 22, 15, 0, 0)) {}
  now = () => new Date(this.time);
  advanceMinutes(minutes: number): void {
    this.time += minutes * 60_000;
  }
  /** Moves to the next 30-second TOTP step, so a fresh code can be used. */
  nextTotpStep(): void {
    this.time = (Math.floor(this.time / 30_000) + 1) * 30_000 + 1_000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  mail: { to: string; subject: string; text: string }[];
  logText(): string;
  close(): Promise<void>;
}

export async function createTestApp(
  db: Db,
  clock = new TestClock(),
  options: { totpKey?: Buffer; trustProxy?: string; nppesUrl?: string; addressServiceUrl?: string } = {},
): Promise<TestApp> {
  const mail: TestApp['mail'] = [];
  const mailer: Mailer = { send: (message) => Promise.resolve(void mail.push(message)) };
  let logged = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const app = await buildApp({
    db,
    now: clock.now,
    mailer,
    logger: { level: 'trace', stream },
    totpKey: options.totpKey,
    trustProxy: options.trustProxy,
    nppesUrl: options.nppesUrl ?? null,
    addressServiceUrl: options.addressServiceUrl ?? null,
    auditSealSeconds: 0,
  });
  return { app, clock, mail, logText: () => logged, close: () => app.close() };
}

export function lastMailedCode(test: TestApp): string {
  const message = test.mail.at(-1);
  const code = message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
  if (!code) throw new Error('No code was mailed.');
  return code;
}

export async function startSignIn(
  test: TestApp,
  email: string,
  password = TEST_PASSWORD,
): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: 'POST', url: '/api/Users/signIn', payload: { email, password } });
}

export async function validatePasscode(
  test: TestApp,
  email: string,
  challenge: string,
  passcode: string,
): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: 'GET', url: '/api/Users/validatePasscode', query: { email, challenge, passcode } });
}

/** Both factors, with a fresh TOTP step; returns the session user. */
export async function signIn(test: TestApp, email: string): Promise<SessionUser> {
  test.clock.nextTotpStep();
  const first = await startSignIn(test, email);
  if (first.statusCode !== 200) throw new Error(`signIn ${first.statusCode}: ${first.body}`);
  const { challenge } = first.json<SignInReply>();
  const second = await validatePasscode(test, email, challenge, totpCode(TEST_TOTP_SECRET, test.clock.time));
  if (second.statusCode !== 200) throw new Error(`validatePasscode ${second.statusCode}: ${second.body}`);
  return second.json<SessionUser>();
}

export function bearer(session: SessionUser): Record<string, string> {
  return { authorization: `Bearer ${session.token}` };
}
