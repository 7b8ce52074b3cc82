/** What the clearinghouse commands take from the screen: how a connection is told in a line. */
export { connectionText } from './ClearinghousesPage.tsx';
