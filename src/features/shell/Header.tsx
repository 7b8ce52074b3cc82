import { Link } from 'wouter';
import { DEFAULT_WHITE_LABEL } from '../../../contract/whiteLabel.ts';
import { OrganisationSelector } from '../organisationSelector/index.ts';
import { USER_SETTINGS_PATH } from '../../routing/paths.ts';
import { login } from '../../state/login.ts';
import { session } from '../../state/session.ts';
import { toggleMenu, ui } from '../../state/ui.ts';
import { useStore } from '../../state/useStore.ts';
import { signOut } from '../session/signOut.ts';
import { GlobalSearch } from '../globalSearch/index.ts';
import { NotificationBell } from '../notifications/index.ts';

export function Header() {
  const { user } = useStore(session);
  const { menuOpen } = useStore(ui);
  const branding = useStore(login).whiteLabelSetup ?? DEFAULT_WHITE_LABEL;
  return (
    <header className="shell__header">
      <button
        type="button"
        className="btn btn--quiet shell__menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="main-menu"
        aria-label={menuOpen ? 'Hide menu' : 'Show menu'}
        onClick={toggleMenu}
      >
        ☰
      </button>
      <img
        className="shell__logo"
        src={branding.logo ?? DEFAULT_WHITE_LABEL.logo ?? ''}
        alt=""
        width={22}
        height={22}
      />
      <span className="shell__product">{branding.title}</span>
      <GlobalSearch />
      <span className="shell__spacer" />
      <NotificationBell />
      {user && (
        <span className="shell__user">
          {user.firstName} {user.lastName}
        </span>
      )}
      <OrganisationSelector />
      <Link href={USER_SETTINGS_PATH} className="btn btn--quiet shell__settings">
        Settings
      </Link>
      <button type="button" className="btn btn--quiet" onClick={() => void signOut('user')}>
        Sign out
      </button>
    </header>
  );
}
