import { useState, type FormEvent } from 'react';
import { PASSWORD_UPDATED } from '../../../contract/messages.ts';
import { updateUserPassword } from '../../api/account.ts';
import { setMustChangePassword } from '../../state/session.ts';
import { notify } from '../../toasts/notify.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { inlineMessageOf, passwordsMismatch } from '../auth/formMessages.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';

/** Current password and the new one twice; errors stay inline (SPEC point 8). */
export function ChangePasswordForm({ autoFocus }: { autoFocus: boolean }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const mismatch = passwordsMismatch(newPassword, confirmation);
    setError(mismatch);
    if (mismatch) return;
    setBusy(true);
    try {
      await updateUserPassword({ currentPassword, newPassword }, { silent: true });
      notify.success(PASSWORD_UPDATED);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      setMustChangePassword(false);
    } catch (thrown) {
      setError(inlineMessageOf(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus={autoFocus}
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <NewPasswordFields
        password={newPassword}
        confirmation={confirmation}
        onPassword={setNewPassword}
        onConfirmation={setConfirmation}
      />
      <FormError text={error} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Change password
      </button>
    </form>
  );
}
