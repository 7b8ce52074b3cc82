/** What commands may use of the batch screens: how their rows are typed. */
export type { DocumentBatchRow } from './batchText.ts';
