import { ChangePasswordForm } from '../settings/ChangePasswordForm.tsx';
import { signOut } from '../session/signOut.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** Shown instead of the app while the server insists on a new password. */
export function ForcedPasswordChangePage() {
  return (
    <AuthLayout subtitle="Choose a new password before you continue">
      <ChangePasswordForm autoFocus />
      <div className="auth__links">
        <button type="button" className="btn btn--link" onClick={() => void signOut('user')}>
          Sign out
        </button>
      </div>
    </AuthLayout>
  );
}
