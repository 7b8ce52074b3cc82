import { session } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ShortcutSettings } from './ShortcutSettings.tsx';
import './settings.css';

/** The signed-in user's profile and password (every user may open it, SPEC point 6). */
export function UserSettingsPage() {
  const { user } = useStore(session);
  if (!user) return null;
  return (
    <div className="settings">
      <h1>User settings</h1>
      <div className="settings__panels">
        <section className="panel" aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          <dl className="settings__profile">
            <dt>Name</dt>
            <dd>
              {user.firstName} {user.lastName}
            </dd>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Role</dt>
            <dd>{user.roleName}</dd>
            <dt>Modules</dt>
            <dd>
              <ul className="settings__modules">
                {user.modules.map((module) => (
                  <li key={module}>{module}</li>
                ))}
              </ul>
            </dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="password-heading">
          <h2 id="password-heading">Change password</h2>
          <ChangePasswordForm autoFocus />
        </section>
      </div>
      <ShortcutSettings />
    </div>
  );
}
