/** What commands may use of the AR dashboard: Enter on the widget under the cursor. */
export { drillIntoWidget } from './drill.ts';
