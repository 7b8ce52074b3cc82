import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { AuthenticatorEnrolment, InvitationReply } from '../../../contract/staff.ts';
import { acceptInvitation, enrolInvitedAuthenticator, getInvitation } from '../../api/access.ts';
import { LOGIN_PATH } from '../../routing/routeDecision.ts';
import { login } from '../../state/login.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { inlineMessageOf, passwordsMismatch } from '../auth/formMessages.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { AuthenticatorQr } from './AuthenticatorQr.tsx';
import './access.css';

type Step =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'password'; invitation: InvitationReply }
  | { kind: 'authenticator'; enrolment: AuthenticatorEnrolment };

/**
 * Where an invitation's link leads (/accept-invitation?token=...): the new user chooses a password,
 * then scans the QR code with an authenticator app and types its code; then they sign in.
 */
export function AcceptInvitationPage() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getInvitation(token, { silent: true }).then(
      (invitation) => setStep({ kind: 'password', invitation }),
      (thrown: unknown) => setStep({ kind: 'invalid', message: inlineMessageOf(thrown) }),
    );
  }, [token]);

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

  function choosePassword(event: FormEvent) {
    event.preventDefault();
    const mismatch = passwordsMismatch(password, confirmation);
    if (mismatch) {
      setError(mismatch);
      return;
    }
    void run(async () => {
      const enrolment = await acceptInvitation(token, password, { silent: true });
      setStep({ kind: 'authenticator', enrolment });
    });
  }

  function enrol(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'authenticator') return;
    void run(async () => {
      const { message } = await enrolInvitedAuthenticator(token, code.trim(), { silent: true });
      notify.success(`${message} Sign in with your password and a code from the app.`);
      login.email = step.enrolment.email;
      navigate(LOGIN_PATH);
    });
  }

  if (step.kind === 'loading') return <AuthLayout subtitle="Opening your invitation…">{null}</AuthLayout>;
  if (step.kind === 'invalid')
    return (
      <AuthLayout subtitle="Invitation">
        <FormError text={step.message} />
        <div className="auth__links">
          <button type="button" className="btn btn--link" onClick={() => navigate(LOGIN_PATH)}>
            Back to sign in
          </button>
        </div>
      </AuthLayout>
    );
  if (step.kind === 'password')
    return (
      <AuthLayout subtitle={`Welcome, ${step.invitation.firstName}: choose your password`}>
        <form onSubmit={choosePassword} noValidate>
          <p className="auth__notice">
            Step 1 of 2 for <strong>{step.invitation.email}</strong>. Next you set up an authenticator app.
          </p>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            autoFocus
          />
          <FormError text={error} />
          <div className="auth__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Set password
            </button>
          </div>
        </form>
      </AuthLayout>
    );
  return (
    <AuthLayout subtitle="Set up your authenticator app">
      <form onSubmit={enrol} noValidate>
        <p className="auth__notice">
          Step 2 of 2: scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator…), or type
          the key into it, then enter the 6 digits it shows.
        </p>
        <AuthenticatorQr uri={step.enrolment.otpauthUri} secret={step.enrolment.secret} />
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          value={code}
          onChange={setCode}
        />
        <FormError text={error} />
        <div className="auth__actions">
          <button type="submit" className="btn btn--primary" disabled={busy || code.trim().length !== 6}>
            Finish
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
