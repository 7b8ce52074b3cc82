/** What commands may use of the reconciliation screen: which deposits it lists, and the rules it shows. */
export { depositFilterShown, depositKey, showDeposits, type DepositFilter } from './reconciliationOnScreen.ts';
export { canReverse } from './reconciliationText.ts';
