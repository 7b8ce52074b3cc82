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
import { giveTwoLines } from '../../test/twoLineClaims.ts';

export interface BatchWorld {
  database: TestDatabase;
  test: TestApp;
  ours: TestGroup;
  theirs: TestGroup;
  session: SessionUser;
  userID: number;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    input?: Record<string, unknown>,
  ): Promise<{ statusCode: number; body: string; json: <T>() => T }>;
  chargesOf(claimID: number): Promise<{ chargeID: number; balance: number }[]>;
  close(): Promise<void>;
}

/** The claims are with the payer, as a deposit's payments find them. */
const SUBMITTED_LINES = { claimStatus: CLAIM_STATUS.submitted, lineControlPrefix: 'B' };

export async function batchWorld(engine: TestEngine, email: string): Promise<BatchWorld> {
  const database = await engine.create();
  const ours = await createTestGroup(database.db, 'Batch Ours', { claims: 6 });
  const theirs = await createTestGroup(database.db, 'Batch Theirs', { claims: 2 });
  await giveTwoLines(database.db, ours.groupId, SUBMITTED_LINES);
  await giveTwoLines(database.db, theirs.groupId, SUBMITTED_LINES);
  await database.db.query(
    "INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule/maximum allowable.') ON CONFLICT (code) DO NOTHING",
  );
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
        : test.app.inject({
            method,
            url: `/api/${path}`,
            query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
            headers: bearer(session),
          }),
    chargesOf: (claimID) =>
      database.db.query(
        'SELECT charge_id AS "chargeID", balance_cents AS balance FROM charges WHERE claim_id = $1 ORDER BY line_number',
        [claimID],
      ),
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

export const PDF = {
  fileName: 'deposit.pdf',
  mimeType: 'application/pdf',
  contentBase64: Buffer.from('%PDF-1.4 deposit slip').toString('base64'),
};
