/**
 * Least privilege on PostgreSQL (docs/decisions/audit-trail-integrity.md): migrations run as the
 * schema's owner (MIGRATION_DATABASE_URL), and the server connects as a role the owner grants
 * only what the product does. It reads and writes the working tables; the audit log, its hash
 * chain, the claims' history and the ledger it may only read and append to (no UPDATE, DELETE or
 * TRUNCATE); the migrations table it may only read. Not owning the tables, it cannot disable their
 * triggers or change their shape.
 */
import type { Db } from './types.ts';

/** Tables whose rows are never changed once written. */
export const APPEND_ONLY_TABLES = ['audit_log', 'audit_chain', 'claim_events', 'ledger_entries'] as const;

/** Grants `role` the server's privileges on the owner's current schema; run after every migration. */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  const [where] = await owner.query<{ schema: string; role: string }>(
    'SELECT current_schema() AS schema, quote_ident($1) AS role',
    [role],
  );
  if (!where) throw new Error('No current schema to grant on.');
  const schema = `"${where.schema.replaceAll('"', '""')}"`;
  const grantee = where.role;
  await owner.transaction(async (tx) => {
    await tx.query(`GRANT USAGE ON SCHEMA ${schema} TO ${grantee}`);
    await tx.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${grantee}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${grantee}`);
    await tx.query(`REVOKE UPDATE, DELETE ON ${APPEND_ONLY_TABLES.join(', ')} FROM ${grantee}`);
    await tx.query(`REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM ${grantee}`);
    await tx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${grantee}`);
  });
}

/** The role a connection runs as. */
export async function currentRole(db: Db): Promise<string> {
  const [row] = await db.query<{ role: string }>('SELECT current_user AS role');
  if (!row) throw new Error('No current role.');
  return row.role;
}
