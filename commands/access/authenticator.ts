/**
 * Enrolling a new authenticator app (a new phone) from the palette: it opens the settings, where
 * the password is asked and the QR code shown.
 */
import type { Command } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { USER_SETTINGS_PATH } from '../../src/routing/paths.ts';
import { startReEnrolment } from '../../src/features/access/index.ts';

const reEnrol: Command = {
  id: 'access.enrolAuthenticator',
  title: 'Set up a new authenticator app…',
  group: 'General',
  keywords: ['authenticator', 'two factor', '2fa', 'totp', 'qr code', 'new phone', 're-enrol', 'enroll'],
  run: () => {
    goTo(USER_SETTINGS_PATH);
    startReEnrolment();
  },
};

export const authenticatorCommands: readonly Command[] = [reEnrol];
