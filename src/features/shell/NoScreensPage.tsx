import { Link } from 'wouter';
import { USER_SETTINGS_PATH } from '../../routing/paths.ts';

/** Home for a user whose role opens no screen: say so rather than show an empty frame. */
export function NoScreensPage() {
  return (
    <div className="shell__empty">
      <h1>No screens are assigned to your role</h1>
      <p className="muted">
        Ask an administrator to add modules to your role. Meanwhile you can open your{' '}
        <Link href={USER_SETTINGS_PATH}>user settings</Link>.
      </p>
    </div>
  );
}
