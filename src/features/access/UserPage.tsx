import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { UserRow } from '../../../contract/staff.ts';
import { getUserByEmail } from '../../api/access.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { isScreenKey } from '../../console/shortcuts.ts';
import { useRegistry } from '../../console/useRegistry.ts';
import { goTo } from '../../routing/navigation.ts';
import { USERS_PATH, userPath } from '../../routing/paths.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { useListRead } from '../lists/useListRead.ts';
import { signInText } from './accessText.ts';
import './access.css';

const COMMANDS = [
  { command: 'access.editUser', label: 'edit' },
  { command: 'access.changeUserRole', label: 'role' },
  { command: 'access.changeUserDataRole', label: 'data role' },
  { command: 'access.resendInvitation', label: 'resend invitation' },
  { command: 'access.toggleUserActive', label: 'active' },
] as const;
const HINTS: readonly ScreenHint[] = [...COMMANDS, { keys: ['Esc'], label: 'back' }];

/** /setting/users/<e-mail>: one user, what they may do and see; the Users screen's keys act on them. */
export function UserPage() {
  const [path] = useLocation();
  const email = decodeURIComponent(path.slice(USERS_PATH.length + 1));
  const revision = useRecordsRevision({ staffUser: 'all' });
  const read = useListRead(email, revision, (signal) => getUserByEmail(email, { signal, silent: true }));
  const user: UserRow | null = read.state === 'ready' ? read.value : null;
  usePublishedTarget(
    'user',
    'staffUser',
    useMemo(() => (user === null ? undefined : { kind: 'staffUser' as const, id: user.userID, user }), [user]),
  );
  const frame = useRef<HTMLDivElement>(null);
  // The screen takes the keyboard once, when the user is first shown.
  const focused = useRef(false);
  useEffect(() => {
    if (user !== null && !focused.current) {
      frame.current?.focus();
      focused.current = true;
    }
  }, [user]);
  // A changed e-mail moves the screen to the user's new address.
  useEffect(() => {
    if (user !== null && user.email !== email) goTo(userPath(user.email), { replace: true });
  }, [user, email]);

  const registered = useRegistry();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      goTo(USERS_PATH);
      return;
    }
    const pressed = COMMANDS.find((each) => {
      const key = registered.find((command) => command.id === each.command)?.screenKey;
      return key !== undefined && isScreenKey(key, event.key);
    });
    if (pressed === undefined || user === null) return;
    event.preventDefault();
    void runCommand(pressed.command, 'hotkey');
  };

  return (
    <ScreenFrame
      title={user === null ? 'User' : `${user.firstName} ${user.lastName}`}
      titleID="user-title"
      region
      frameRef={frame}
      onKeyDown={onKeyDown}
      hints={<CommandHints hints={HINTS} />}
    >
      <LoadNotes what="the user" loading={read.state === 'loading'} failed={read.state === 'failed'} />
      {user && (
        <dl className="access-facts" aria-label="User">
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Status</dt>
          <dd>{user.status}</dd>
          <dt>Menu role</dt>
          <dd>{user.roleName}</dd>
          <dt>Data role</dt>
          <dd>{user.dataRoleName}</dd>
          <dt>Landing page</dt>
          <dd>{user.defaultModuleURL ?? 'the first screen of their menu'}</dd>
          <dt>Authenticator app</dt>
          <dd>{user.authenticatorEnrolled ? 'Enrolled' : 'Not yet'}</dd>
          <dt>Last sign-in</dt>
          <dd>{signInText(user.lastSignIn)}</dd>
        </dl>
      )}
    </ScreenFrame>
  );
}
