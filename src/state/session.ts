import { sessionUserSchema, type SessionUser } from '../../contract/auth.ts';
import type { PersistedSlice } from './persist.ts';
import { defineStore } from './store.ts';
import { setScreenInactive } from './ui.ts';

/** The signed-in user and their token (SPEC point 3); persisted so a reload stays signed in. */
export interface SessionState {
  user: SessionUser | null;
}

export const session = defineStore<SessionState>(() => ({ user: null }));

export const sessionSlice: PersistedSlice = {
  name: 'session',
  store: session,
  keys: ['user'],
  accept: (data) => data.user === null || sessionUserSchema.safeParse(data.user).success,
};

export function setSessionUser(user: SessionUser): void {
  session.user = user;
  setScreenInactive(false);
}

export function clearSession(): void {
  session.user = null;
}

export function currentToken(): string | null {
  return session.user?.token ?? null;
}

/** The server refuses everything but a password change until this is false again. */
export function setMustChangePassword(required: boolean): void {
  if (session.user) session.user.mustChangePassword = required;
}
