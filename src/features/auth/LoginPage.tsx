import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { signIn } from '../../api/account.ts';
import { FORGOT_PASSWORD_PATH, TFA_PATH } from '../../routing/routeDecision.ts';
import { clearLoginError, login, rememberChallenge } from '../../state/login.ts';
import { ui } from '../../state/ui.ts';
import { useStore } from '../../state/useStore.ts';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { loginErrorText } from './loginErrorText.ts';
import { reportLoginFailure } from './loginFailure.ts';

/** Step one of signing in: e-mail and password. */
export function LoginPage() {
  const [, navigate] = useLocation();
  const deauthorized = new URLSearchParams(useSearch()).get('deauthorized') === '1';
  const { error } = useStore(login);
  const { screenInactive } = useStore(ui);
  const [email, setEmail] = useState(login.email);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => clearLoginError(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    clearLoginError();
    try {
      rememberChallenge(await signIn({ email: email.trim(), password }, { silent: true }));
      navigate(TFA_PATH);
    } catch (thrown) {
      reportLoginFailure(thrown);
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout subtitle="Sign in to continue">
      {screenInactive && <p className="auth__notice">You were signed out after 30 minutes without activity.</p>}
      {deauthorized && !screenInactive && (
        <p className="auth__notice">Your session has ended. Sign in again to continue.</p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <FormError text={error && loginErrorText(error, 'password')} code={error ?? undefined} />
        <div className="auth__actions">
          <Link href={FORGOT_PASSWORD_PATH}>Forgot password?</Link>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
