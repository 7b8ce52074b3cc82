import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthenticatorEnrolment } from '../../../contract/staff.ts';
import { confirmAuthenticatorEnrolment, startAuthenticatorEnrolment } from '../../api/access.ts';
import { useStore } from '../../state/useStore.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { inlineMessageOf } from '../auth/formMessages.ts';
import { AuthenticatorQr } from './AuthenticatorQr.tsx';
import { reEnrolment } from './reEnrolment.ts';
import './access.css';

/**
 * Settings → Authenticator app: enrol a new one (a new phone). The password first, then the QR
 * code and a code from the new app; until that code matches, the old app keeps working.
 */
export function AuthenticatorSection() {
  const [enrolment, setEnrolment] = useState<AuthenticatorEnrolment | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { asked } = useStore(reEnrolment);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (asked > 0) section.current?.querySelector('input')?.focus();
  }, [asked]);

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

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setEnrolment(await startAuthenticatorEnrolment(password, { silent: true }));
      setPassword('');
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { message } = await confirmAuthenticatorEnrolment(code.trim(), { silent: true });
      notify.success(`${message} Use the new app from now on.`);
      setEnrolment(null);
      setCode('');
    });
  };

  return (
    <section className="panel" aria-labelledby="authenticator-heading" ref={section}>
      <h2 id="authenticator-heading">Authenticator app</h2>
      {enrolment === null ? (
        <form onSubmit={start} noValidate>
          <p>Set up a new app (a new phone): type your password to get a new key.</p>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <FormError text={error} />
          <button type="submit" className="btn btn--primary" disabled={busy || password === ''}>
            Show a new key
          </button>
        </form>
      ) : (
        <form onSubmit={confirm} noValidate>
          <p>Scan the code with the new app, then type the 6 digits it shows. Your old app works until then.</p>
          <AuthenticatorQr uri={enrolment.otpauthUri} secret={enrolment.secret} />
          <TextField
            label="Code from the new app"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={6}
            value={code}
            onChange={setCode}
          />
          <FormError text={error} />
          <button type="submit" className="btn btn--primary" disabled={busy || code.trim().length !== 6}>
            Use this app
          </button>
        </form>
      )}
    </section>
  );
}
