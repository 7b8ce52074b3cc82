/** What commands may use of the advance payments screen: which advances it lists. */
export { advanceFilterShown, showAdvanceFilter } from './advancesOnScreen.ts';
