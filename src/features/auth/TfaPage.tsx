import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { sendSignInCode, validatePasscode } from '../../api/account.ts';
import { LOGIN_PATH } from '../../routing/routeDecision.ts';
import { clearLoginError, forgetChallenge, login, recordLoginSuccess } from '../../state/login.ts';
import { session, setSessionUser } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { loginErrorText } from './loginErrorText.ts';
import { reportLoginFailure } from './loginFailure.ts';

/** Step two of signing in: a code from the authenticator app, or one sent by e-mail. */
export function TfaPage() {
  const [, navigate] = useLocation();
  const { challenge, email, methods, error } = useStore(login);
  const { user } = useStore(session);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [emailed, setEmailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => clearLoginError(), []);
  // Without a pending challenge there is nothing to verify; once signed in, RouteGate moves on.
  const stranded = challenge === null && user === null;
  useEffect(() => {
    if (stranded) navigate(LOGIN_PATH, { replace: true });
  }, [stranded, navigate]);
  if (challenge === null) return null;
  const pending = challenge;

  function focusCode() {
    form.current?.querySelector('input')?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    clearLoginError();
    try {
      const signedIn = await validatePasscode({ email, passcode: code.trim(), challenge: pending }, { silent: true });
      setSessionUser(signedIn);
      recordLoginSuccess();
    } catch (thrown) {
      reportLoginFailure(thrown);
      setCode('');
      focusCode();
    } finally {
      setBusy(false);
    }
  }

  async function emailMeACode() {
    try {
      await sendSignInCode(email, pending);
      setEmailed(true);
      notify.info(`A 6-digit code was sent to ${email}.`);
    } finally {
      focusCode();
    }
  }

  function backToLogin() {
    forgetChallenge();
    navigate(LOGIN_PATH);
  }

  const canEmail = methods.includes('email');
  return (
    <AuthLayout subtitle="Two-step verification">
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={emailed ? 'Code from the e-mail or your authenticator app' : 'Code from your authenticator app'}
          className="auth__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          pattern="\d{6}"
          required
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
          hint={`Signing in as ${email}`}
        />
        <FormError text={error && loginErrorText(error, 'code')} code={error ?? undefined} />
        <div className="auth__actions">
          {canEmail ? (
            <button type="button" className="btn" onClick={() => void emailMeACode().catch(() => undefined)}>
              Email me a code
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn btn--primary" disabled={busy || code.length !== 6}>
            {busy ? 'Verifying…' : 'Verify'}
          </button>
        </div>
      </form>
      <div className="auth__links">
        <button type="button" className="btn btn--link" onClick={backToLogin}>
          Back to sign in
        </button>
      </div>
    </AuthLayout>
  );
}
