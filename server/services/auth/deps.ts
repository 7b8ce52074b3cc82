import type { SecretBox } from '../../auth/secretBox.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ServiceDeps } from '../context.ts';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export interface AuthDeps extends ServiceDeps {
  session: SessionPolicy;
  mailer: Mailer;
  /** Seals and opens the users' authenticator secrets. */
  totpBox: SecretBox;
}

/** Who is asking, for the login audit. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}
