/** What commands may use of the workspace screen: move the keyboard between its panes. */
export { focusPane, paneOfActiveElement } from './paneFocus.ts';
