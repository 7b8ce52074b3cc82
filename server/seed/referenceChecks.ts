import type { Engine, Transaction } from '../db/types.ts';

/**
 * Foreign keys are checked by one trigger per reference per row; on PGlite (PostgreSQL compiled to
 * WebAssembly) those checks were 70% of the time of a ledger insert (measured: 100k rows in 4.6-6.4 s
 * with them, 1.4 s without), which puts a million-claim seed far past ten minutes. The seed only
 * references rows it read from the database or reserved in the same transaction, so on PGlite the
 * claim and patient chunks skip the checks for the rest of their transaction (`SET LOCAL`). The
 * tests check every reference explicitly, and on PostgreSQL, where the checks are cheap and this
 * setting would need a superuser, the constraints stay on, so a generator bug still fails there.
 */
export async function skipReferenceChecksOnPglite(tx: Transaction, engine: Engine): Promise<void> {
  if (engine === 'pglite') await tx.query('SET LOCAL session_replication_role = replica');
}
