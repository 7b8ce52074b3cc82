import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { PASSWORD_RESET_DONE } from '../../../contract/messages.ts';
import { resetPassword, sendPasswordResetCode } from '../../api/account.ts';
import { LOGIN_PATH } from '../../routing/routeDecision.ts';
import { login } from '../../state/login.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { inlineMessageOf, passwordsMismatch } from './formMessages.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

/** E-mail -> code sent; then code, authenticator code and the new password twice. */
export function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState(login.email);
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentNotice, setSentNotice] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (thrown) {
      setError(inlineMessageOf(thrown));
    } finally {
      setBusy(false);
    }
  }

  function sendCode(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const reply = await sendPasswordResetCode(email.trim(), { silent: true });
      setSentNotice(reply.message);
      setStep('reset');
    });
  }

  function reset(event: FormEvent) {
    event.preventDefault();
    const mismatch = passwordsMismatch(newPassword, confirmation);
    if (mismatch) {
      setError(mismatch);
      return;
    }
    void run(async () => {
      await resetPassword(
        { email: email.trim(), code: code.trim(), totp: totp.trim() || undefined, newPassword },
        { silent: true },
      );
      notify.success(PASSWORD_RESET_DONE);
      navigate(LOGIN_PATH);
    });
  }

  return (
    <AuthLayout subtitle="Reset your password">
      {step === 'email' ? (
        <form key="email" onSubmit={sendCode} noValidate>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            autoFocus
            required
            value={email}
            onChange={setEmail}
          />
          <FormError text={error} />
          <div className="auth__actions">
            <Link href={LOGIN_PATH}>Back to sign in</Link>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Send code
            </button>
          </div>
        </form>
      ) : (
        <form key="reset" onSubmit={reset} noValidate>
          <p className="auth__notice">{sentNotice}</p>
          <TextField
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={6}
            value={code}
            onChange={setCode}
          />
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            maxLength={6}
            value={totp}
            onChange={setTotp}
            hint="Needed when your account uses an authenticator app."
          />
          <NewPasswordFields
            password={newPassword}
            confirmation={confirmation}
            onPassword={setNewPassword}
            onConfirmation={setConfirmation}
          />
          <FormError text={error} />
          <div className="auth__actions">
            <button type="button" className="btn btn--link" onClick={() => setStep('email')}>
              Use another e-mail
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Reset password
            </button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
