/**
 * Money never appears or vanishes (issue 5): random sequences of ERA checks uploaded and posted
 * (payments, contractual adjustments, patient shares, denials), reversals of earlier postings and
 * write-offs, on both engines. After every step each line's balance is its ledger's sum, each
 * claim's balance its lines' and its ledger's, and every posted check's payments are exactly what
 * its file paid on our claims. A failure names the seed and the step to replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { UploadEraReply } from '../../../contract/era.ts';
import { write835, type Claim835, type Line835 } from '../../edi/era/write835.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { seededRandom } from '../../test/seededRandom.ts';

const SEEDS = [11, 2024, 31_337];
const STEPS = 18;

interface OurLine {
  chargeID: number;
  claimID: number;
  cptCode: string;
  chargeCents: number;
  dosFrom: string;
  lineControlNumber: string;
}

describe.each(testEngines)('money through ERA postings, reversals and write-offs on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  const groups: TestGroup[] = [];

  beforeAll(async () => {
    database = await engine.create();
    for (const seed of SEEDS) groups.push(await createTestGroup(database.db, `Money ${seed}`, { claims: 8 }));
    await database.db.query(
      `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       SELECT c.claim_id, n, (ARRAY['99213', '36415', '80053'])[n], 1, 2500 * n + c.claim_id % 97, c.dos_from, c.dos_to, 'M' || c.claim_id || '-' || n, 2500 * n + c.claim_id % 97
         FROM claims c CROSS JOIN generate_series(1, 3) AS n`,
    );
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id`,
    );
    await database.db.query(
      `UPDATE claims c SET claim_status_id = ${CLAIM_STATUS.submitted},
              total_charge_cents = (SELECT sum(charge_cents) FROM charges WHERE claim_id = c.claim_id),
              balance_cents = (SELECT sum(charge_cents) FROM charges WHERE claim_id = c.claim_id)`,
    );
    await createTestUser(database.db, 'money@example.test', { groupIds: groups.map((group) => group.groupId) });
    test = await createTestApp(database.db);
    session = await signIn(test, 'money@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  async function booksDisagree(): Promise<unknown[]> {
    return database.db.query(
      `SELECT 'line' AS what, ch.charge_id AS id FROM charges ch
        WHERE ch.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.charge_id = ch.charge_id)
       UNION ALL
       SELECT 'claim', c.claim_id FROM claims c
        WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id)
           OR c.balance_cents <> (SELECT coalesce(sum(balance_cents), 0) FROM charges ch WHERE ch.claim_id = c.claim_id)
       UNION ALL
       SELECT 'check', ec.era_check_id FROM era_checks ec
        WHERE ec.status = 'posted'
          AND (SELECT coalesce(-sum(amount_cents), 0) FROM ledger_entries l WHERE l.era_check_id = ec.era_check_id AND l.entry_type = 'insurance_payment')
           <> (SELECT coalesce(sum(el.paid_cents), 0) FROM era_lines el JOIN era_claims x ON x.era_claim_id = el.era_claim_id
                WHERE x.era_check_id = ec.era_check_id AND x.claim_id IS NOT NULL AND el.charge_id IS NOT NULL AND x.status_code <> '22')`,
    );
  }

  it.each(SEEDS.map((seed, index) => ({ seed, index })))('seed $seed keeps every balance equal to its ledger', async ({ seed, index }) => {
    const random = seededRandom(seed);
    const group = groups[index] as TestGroup;
    const ours = await database.db.query<OurLine>(
      `SELECT ch.charge_id AS "chargeID", ch.claim_id AS "claimID", ch.cpt_code AS "cptCode", ch.charge_cents AS "chargeCents", ch.dos_from AS "dosFrom", ch.line_control_number AS "lineControlNumber"
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.group_id = $1 ORDER BY ch.claim_id, ch.line_number`,
      [group.groupId],
    );
    const linesOf = new Map<number, OurLine[]>();
    for (const line of ours) linesOf.set(line.claimID, [...(linesOf.get(line.claimID) ?? []), line]);
    const claimIDs = [...linesOf.keys()];
    /** Claims paid by a posted check and not reversed since, with what was sent. */
    const paidClaims = new Map<number, Claim835>();
    let trace = 0;
    const done = { pay: 0, reverse: 0, 'write-off': 0 };

    const upload = async (claims: Claim835[]) => {
      trace += 1;
      const text = write835({ payer: { name: 'AETNA', identifier: '60054' }, payee: { name: 'MONEY PRACTICE', npi: '1234567893' }, traceNumber: `S${seed}T${trace}`, paymentDate: '2026-11-20', controlNumber: trace, claims });
      const reply = await test.app.inject({ method: 'POST', url: '/api/AddEditClaim/uploadERA', query: { groupID: String(group.groupId), fileName: `s${seed}-${trace}.835` }, headers: { ...bearer(session), 'content-type': 'text/plain' }, payload: text });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<UploadEraReply>().checks[0]?.eraCheckID ?? 0;
    };
    const post = (eraCheckID: number) => test.app.inject({ method: 'GET', url: '/api/AddEditClaim/postInsurancePayment', query: { eraCheckID: String(eraCheckID), bypassWarningsID: '1' }, headers: bearer(session) });

    for (let step = 1; step <= STEPS; step++) {
      const action = random.pick(['pay', 'pay', 'reverse', 'write-off'] as const);
      const where = `seed ${seed}, step ${step} (${action})`;
      if (action === 'pay') {
        const picked = [...new Set([random.pick(claimIDs), random.pick(claimIDs)])].filter((claimID) => !paidClaims.has(claimID));
        if (picked.length === 0) continue;
        const claims = picked.map((claimID): Claim835 => {
          const denied = random.next() < 0.15;
          const lines = (linesOf.get(claimID) ?? []).map((line): Line835 => {
            if (denied) return { procedure: line.cptCode, modifiers: [], chargeCents: line.chargeCents, paidCents: 0, allowedCents: null, units: 1, serviceDate: line.dosFrom, lineControlNumber: line.lineControlNumber, adjustments: [{ group: 'CO', reason: '50', cents: line.chargeCents }], remarks: [] };
            const allowed = Math.round((line.chargeCents * random.int(30, 100)) / 100);
            const paid = Math.round((allowed * random.int(0, 100)) / 100);
            return {
              procedure: line.cptCode,
              modifiers: [],
              chargeCents: line.chargeCents,
              paidCents: paid,
              allowedCents: allowed,
              units: 1,
              serviceDate: line.dosFrom,
              lineControlNumber: line.lineControlNumber,
              adjustments: [...(line.chargeCents > allowed ? [{ group: 'CO' as const, reason: '45', cents: line.chargeCents - allowed }] : []), ...(allowed > paid ? [{ group: 'PR' as const, reason: '1', cents: allowed - paid }] : [])],
              remarks: [],
            };
          });
          return { claimID: String(claimID), status: denied ? '4' : '1', patient: { lastName: 'SMITH', firstName: 'JANE', memberID: 'W1' }, payerClaimControlNumber: `P${claimID}`, lines };
        });
        const reply = await post(await upload(claims));
        expect(reply.statusCode, `${where}: ${reply.body}`).toBe(200);
        for (const claim of claims) if (claim.status === '1') paidClaims.set(Number(claim.claimID), claim);
      } else if (action === 'reverse') {
        const candidates = [...paidClaims.keys()];
        if (candidates.length === 0) continue;
        const claimID = random.pick(candidates);
        const original = paidClaims.get(claimID) as Claim835;
        const negated: Claim835 = {
          ...original,
          status: '22',
          lines: original.lines.map((line) => ({ ...line, chargeCents: -line.chargeCents, paidCents: -line.paidCents, allowedCents: line.allowedCents === null ? null : -line.allowedCents, adjustments: line.adjustments.map((adjustment) => ({ ...adjustment, cents: -adjustment.cents })) })),
        };
        const reply = await post(await upload([negated]));
        expect(reply.statusCode, `${where}: ${reply.body}`).toBe(200);
        paidClaims.delete(claimID);
      } else {
        const claimID = random.pick(claimIDs);
        const [claim] = await database.db.query<{ balance: number }>('SELECT balance_cents AS balance FROM claims WHERE claim_id = $1', [claimID]);
        if (!claim || claim.balance <= 0) continue;
        const reply = await test.app.inject({
          method: 'POST',
          url: '/api/AddEditClaim/saveWriteOffByID',
          headers: bearer(session),
          payload: { claimID, amountCents: random.int(1, claim.balance), reasonID: random.int(1, 6) },
        });
        expect(reply.statusCode, `${where}: ${reply.body}`).toBe(200);
      }
      done[action] += 1;
      expect(await booksDisagree(), where).toEqual([]);
    }
    // The sequence did exercise each kind of step.
    expect(Math.min(done.pay, done.reverse, done['write-off']), JSON.stringify(done)).toBeGreaterThan(0);
  });
});
