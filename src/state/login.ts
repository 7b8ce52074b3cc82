import type { SecondFactorMethod, SignInReply } from '../../contract/auth.ts';
import { whiteLabelSetupSchema, type WhiteLabelSetup } from '../../contract/whiteLabel.ts';
import type { PersistedSlice } from './persist.ts';
import { defineStore } from './store.ts';

/** Login state of SPEC point 3, plus the pending second-factor challenge. */
export interface LoginState {
  email: string;
  loginAttempts: number;
  /** The inline error of the last failed step, as the server worded it. */
  error: string | null;
  whiteLabelSetup: WhiteLabelSetup | null;
  /** Bound to the password step; the second-factor screen needs it. */
  challenge: string | null;
  methods: SecondFactorMethod[];
}

export const login = defineStore<LoginState>(() => ({
  email: '',
  loginAttempts: 0,
  error: null,
  whiteLabelSetup: null,
  challenge: null,
  methods: [],
}));

/** Kept across reloads so a refresh on the code screen and the branding both survive. */
export const loginSlice: PersistedSlice = {
  name: 'login',
  store: login,
  keys: ['email', 'loginAttempts', 'whiteLabelSetup', 'challenge', 'methods'],
  accept: (data) => data.whiteLabelSetup == null || whiteLabelSetupSchema.safeParse(data.whiteLabelSetup).success,
};

export function rememberChallenge(reply: SignInReply): void {
  login.email = reply.email;
  login.challenge = reply.challenge;
  login.methods = reply.methods;
  login.error = null;
}

export function forgetChallenge(): void {
  login.challenge = null;
  login.methods = [];
}

/** Counts the failure and returns the new count (SPEC point 5 needs it). */
export function recordLoginFailure(error: string): number {
  login.loginAttempts += 1;
  login.error = error;
  return login.loginAttempts;
}

export function recordLoginSuccess(): void {
  login.loginAttempts = 0;
  login.error = null;
  forgetChallenge();
}

export function clearLoginError(): void {
  login.error = null;
}

export function setWhiteLabelSetup(setup: WhiteLabelSetup): void {
  login.whiteLabelSetup = setup;
}
