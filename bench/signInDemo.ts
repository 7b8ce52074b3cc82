import type { FastifyInstance } from 'fastify';
import type { SessionUser, SignInReply } from '../contract/auth.ts';
import { totpCode } from '../server/auth/totp.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../server/seed/demo-user.ts';

/**
 * Signs a demo user in on an app (password, then TOTP) and returns the bearer header. A TOTP step
 * is taken once per user: when an earlier run used this one, it waits for a fresh step.
 */
export async function signInDemo(app: FastifyInstance, email = DEMO_EMAIL): Promise<Record<string, string>> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/Users/signIn',
    payload: { email, password: DEMO_PASSWORD },
  });
  const { challenge } = first.json<SignInReply>();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const second = await app.inject({
      method: 'GET',
      url: '/api/Users/validatePasscode',
      query: { email, challenge, passcode: totpCode(DEMO_TOTP_SECRET, Date.now()) },
    });
    if (second.statusCode === 200) return { authorization: `Bearer ${second.json<SessionUser>().token}` };
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
  throw new Error(`${email} could not sign in.`);
}
