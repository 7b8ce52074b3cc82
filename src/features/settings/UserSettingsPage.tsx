import { useRef, type KeyboardEvent } from 'react';
import { isTextField } from '../../console/keyFilter.ts';
import { session } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';
import { AuthenticatorSection } from '../access/AuthenticatorSection.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ShortcutSettings } from './ShortcutSettings.tsx';
import './settings.css';

/**
 * The signed-in user's profile and password (every user may open it, SPEC point 6), and their
 * keyboard shortcuts. Letters typed in a field are text; Escape leaves the field for the page, so
 * the shortcuts (g c, ?) work again and Tab starts from the top.
 */
export function UserSettingsPage() {
  const { user } = useStore(session);
  const page = useRef<HTMLDivElement>(null);
  if (!user) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key !== 'Escape' ||
      event.defaultPrevented ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.shiftKey ||
      !isTextField(event.target)
    )
      return;
    event.preventDefault();
    page.current?.focus({ preventScroll: true });
  };

  return (
    <div className="settings" ref={page} tabIndex={-1} onKeyDown={onKeyDown}>
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
        <AuthenticatorSection />
      </div>
      <ShortcutSettings />
    </div>
  );
}
