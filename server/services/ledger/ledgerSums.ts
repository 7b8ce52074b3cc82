import { PAYMENT_ENTRY_TYPES } from '../../../contract/ledger.ts';

/**
 * SQL for what the ledger says about a set of rows `l` (ledger_entries): money received, and
 * every other credit (contractual adjustments, write-offs, reversals, denials...). Both come out
 * positive. The 'charge' rows are left out: the charge amount comes from the charge itself, so a
 * balance is always charge minus these two, the same sum the ledger gives.
 *
 * The payment types are bound as parameter `$n` (pass PAYMENT_TYPES_PARAM at that position).
 */
export function ledgerSumsSql(paymentTypesParam: string): { paid: string; adjusted: string } {
  return {
    paid: `coalesce(-sum(l.amount_cents) FILTER (WHERE l.entry_type = ANY(${paymentTypesParam}::text[])), 0)::bigint`,
    adjusted: `coalesce(-sum(l.amount_cents) FILTER (WHERE l.entry_type <> 'charge' AND NOT l.entry_type = ANY(${paymentTypesParam}::text[])), 0)::bigint`,
  };
}

export const PAYMENT_TYPES_PARAM: readonly string[] = PAYMENT_ENTRY_TYPES;
