import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';
import { APPEND_ONLY_TABLES, currentRole, grantAppRole } from './appRole.ts';

const url = process.env.TEST_DATABASE_URL;

/** The server's own role on PostgreSQL: it appends to the audit trail and the ledger, and changes neither. */
describe.skipIf(!url)('the server role on PostgreSQL', () => {
  const suffix = randomBytes(5).toString('hex');
  const schema = `t_role_${suffix}`;
  const role = `app_${suffix}`;
  let admin: Db;
  let owner: Db;
  let app: Db;

  beforeAll(async () => {
    admin = await openPostgres(url!, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}; CREATE ROLE ${role} LOGIN`);
    owner = await openPostgres(url!, { searchPath: schema, max: 2 });
    await migrate(owner);
    await grantAppRole(owner, role);
    const appUrl = new URL(url!);
    appUrl.username = role;
    app = await openPostgres(appUrl.toString(), { searchPath: schema, max: 2 });
  });

  afterAll(async () => {
    await app?.close();
    await owner?.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE; DROP OWNED BY ${role}; DROP ROLE ${role}`);
    await admin.close();
  });

  const refusal = async (sql: string) => {
    try {
      await app.query(sql);
      return 'allowed';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };

  it('runs as its own role, and does the work of the product', async () => {
    expect(await currentRole(app)).toBe(role);
    await app.query("INSERT INTO audit_log (action) VALUES ('test.by-app-role')");
    expect(await app.query("SELECT action FROM audit_log WHERE action = 'test.by-app-role'")).toHaveLength(1);
    await app.query("INSERT INTO sign_in_throttle VALUES ('password', 'x@example.test', '10.0.0.1', 1, now())");
    await app.query("UPDATE sign_in_throttle SET tries = 2 WHERE subject = 'x@example.test'");
    await app.query("DELETE FROM sign_in_throttle WHERE subject = 'x@example.test'");
  });

  it('may not change, delete or empty the append-only tables, nor disable their triggers', async () => {
    for (const table of APPEND_ONLY_TABLES) {
      const column = {
        audit_log: 'action',
        audit_chain: 'hash',
        claim_events: 'action',
        ledger_entries: 'reason_code',
      }[table];
      expect(await refusal(`UPDATE ${table} SET ${column} = NULL WHERE false`)).toBe('42501');
      expect(await refusal(`DELETE FROM ${table} WHERE false`)).toBe('42501');
      expect(await refusal(`TRUNCATE ${table}`)).toBe('42501');
      expect(await refusal(`ALTER TABLE ${table} DISABLE TRIGGER USER`)).toBe('42501');
    }
    expect(await refusal("INSERT INTO schema_migrations (name) VALUES ('9999_forged.sql')")).toBe('42501');
    expect(await refusal('DROP TABLE claims')).toBe('42501');
  });
});
