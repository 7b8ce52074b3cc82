/**
 * Shared set-up of the batch suites: two groups that must never see each other's batches, each
 * claim with two lines ($100 and $200) and their 'charge' ledger rows, so the books agree, and a
 * signed-in biller of the first group only.
 */
import { expect } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db } from '../../db/types.ts';
import type { TestDatabase, TestEngine } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

export interface BatchWorld {
  database: TestDatabase;
  test: TestApp;
  ours: TestGroup;
  theirs: TestGroup;
  session: SessionUser;
  userID: number;
  call(method: 'GET' | 'POST' | 'DELETE', path: string, input?: Record<string, unknown>): Promise<{ statusCode: number; body: string; json: <T>() => T }>;
  chargesOf(claimID: number): Promise<{ chargeID: number; balance: number }[]>;
  close(): Promise<void>;
}

async function giveLines(db: Db, groupID: number): Promise<void> {
  await db.query(
    `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
     SELECT c.claim_id, n, CASE WHEN n = 1 THEN '99213' ELSE '36415' END, 1, 10000 * n, c.dos_from, c.dos_to, 'B' || c.claim_id || '-' || n, 10000 * n
       FROM claims c CROSS JOIN generate_series(1, 2) AS n WHERE c.group_id = $1`,
    [groupID],
  );
  await db.query(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
     SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
       FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.group_id = $1`,
    [groupID],
  );
  await db.query(`UPDATE claims SET total_charge_cents = 30000, balance_cents = 30000, claim_status_id = ${CLAIM_STATUS.submitted} WHERE group_id = $1`, [groupID]);
}

export async function batchWorld(engine: TestEngine, email: string): Promise<BatchWorld> {
  const database = await engine.create();
  const ours = await createTestGroup(database.db, 'Batch Ours', { claims: 6 });
  const theirs = await createTestGroup(database.db, 'Batch Theirs', { claims: 2 });
  await giveLines(database.db, ours.groupId);
  await giveLines(database.db, theirs.groupId);
  await database.db.query("INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule/maximum allowable.') ON CONFLICT (code) DO NOTHING");
  const { userId } = await createTestUser(database.db, email, { groupIds: [ours.groupId] });
  const test = await createTestApp(database.db);
  const session = await signIn(test, email);
  return {
    database,
    test,
    ours,
    theirs,
    session,
    userID: userId,
    call: (method, path, input = {}) =>
      method === 'POST'
        ? test.app.inject({ method, url: `/api/${path}`, payload: input, headers: bearer(session) })
        : test.app.inject({ method, url: `/api/${path}`, query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])), headers: bearer(session) }),
    chargesOf: (claimID) => database.db.query('SELECT charge_id AS "chargeID", balance_cents AS balance FROM charges WHERE claim_id = $1 ORDER BY line_number', [claimID]),
    close: async () => {
      await test.close();
      await database.dispose();
    },
  };
}

/** Money never appears or vanishes: every line's and claim's balance is what its ledger says. */
export async function expectBooksAgree(db: Db): Promise<void> {
  const off = await db.query(
    `SELECT ch.charge_id FROM charges ch WHERE ch.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.charge_id = ch.charge_id)
     UNION ALL
     SELECT c.claim_id FROM claims c WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id)`,
  );
  expect(off).toEqual([]);
}

export const PDF = { fileName: 'deposit.pdf', mimeType: 'application/pdf', contentBase64: Buffer.from('%PDF-1.4 deposit slip').toString('base64') };
