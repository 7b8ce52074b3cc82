/** What commands may use of the session: sign out. */
export { signOut } from './signOut.ts';
