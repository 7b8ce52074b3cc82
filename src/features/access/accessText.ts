import {
  MODULE_CODE_EXISTS,
  MODULE_CODE_EXISTS_SHOWN,
  MODULE_NAME_EXISTS,
  MODULE_NAME_EXISTS_SHOWN,
} from '../../../contract/menuRoles.ts';
import { USER_EXISTS, USER_EXISTS_SHOWN } from '../../../contract/staff.ts';

/** Server refusals shown in other words (SPEC point 5); every other message as the server says it. */
const SHOWN: Readonly<Record<string, string>> = {
  [USER_EXISTS]: USER_EXISTS_SHOWN,
  [MODULE_CODE_EXISTS]: MODULE_CODE_EXISTS_SHOWN,
  [MODULE_NAME_EXISTS]: MODULE_NAME_EXISTS_SHOWN,
};

export function shownRefusal(serverMessage: string): string {
  return SHOWN[serverMessage] ?? serverMessage;
}

export function yesNo(value: boolean): string {
  return value ? 'Active' : 'Inactive';
}

/** A sign-in time as the lists show it: 11/22/2026 15:04 (UTC), or "never". */
export function signInText(iso: string | null): string {
  if (iso === null) return 'never';
  const [day, time] = iso.split('T');
  const [year, month, date] = (day ?? '').split('-');
  return `${month}/${date}/${year} ${(time ?? '').slice(0, 5)}`;
}
