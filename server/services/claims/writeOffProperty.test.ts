/**
 * Random sequences of write-offs (single and bulk chunks), payments and new charge lines, checked
 * after every step against a model the test keeps itself: each line's balance is its charge plus
 * its ledger rows and what the model expects, each claim's balance the sum of its lines, refused
 * write-offs change nothing. A failure names the seed and step to replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { JobRecord } from '../jobs/jobTypes.ts';
import { saveWriteOff } from './writeOff.ts';
import { writeOffJobHandler } from './writeOffMass.ts';
import { createLedgerTestData, postCredit, type LedgerTestData, type PaymentType } from './writeOffTestKit.ts';
import { seededRandom } from '../../test/seededRandom.ts';

const SEEDS = [7, 1234, 98_765];
const STEPS = 45;
const NOW = new Date('2026-11-22T15:00:00Z');

interface ModelClaim {
  claimID: number;
  status: number;
  /** chargeID -> balance, in line order. */
  lines: Map<number, number>;
}

/** A bulk run as the runner hands it to the handler mid-run. */
const runningJob: JobRecord = {
  jobId: 0,
  userId: 0,
  kind: 'write_off',
  title: 'Write off balances',
  patientIds: null,
  lastPatientId: 0,
  status: 'running',
  source: 'bulk',
  claimIds: null,
  query: null,
  params: {},
  total: 0,
  done: 0,
  succeeded: 0,
  failed: 0,
  lastClaimId: 0,
  cancelRequested: false,
  error: null,
  createdAt: NOW,
  startedAt: NOW,
  finishedAt: null,
};

const balanceOf = (claim: ModelClaim) => [...claim.lines.values()].reduce((sum, cents) => sum + cents, 0);

/** What a whole-claim or partial write-off should take from each line: in line order, never below zero. */
function expectedSpread(claim: ModelClaim, amount: number): Map<number, number> {
  const after = new Map(claim.lines);
  let left = amount;
  for (const [chargeID, balance] of claim.lines) {
    const take = Math.min(Math.max(balance, 0), left);
    after.set(chargeID, balance - take);
    left -= take;
  }
  return after;
}

async function actual(db: Db, claimIDs: readonly number[]) {
  const lines = await db.query<{
    claimID: number;
    chargeID: number;
    balance: number;
    charge: number;
    ledger: number;
    others: number;
  }>(
    `SELECT ch.claim_id AS "claimID", ch.charge_id AS "chargeID", ch.balance_cents AS balance, ch.charge_cents AS charge,
            (SELECT coalesce(sum(l.amount_cents), 0)::bigint FROM ledger_entries l WHERE l.charge_id = ch.charge_id) AS ledger,
            (SELECT coalesce(sum(l.amount_cents), 0)::bigint FROM ledger_entries l WHERE l.charge_id = ch.charge_id AND l.entry_type <> 'charge') AS others
       FROM charges ch WHERE ch.claim_id = ANY($1::bigint[]) ORDER BY ch.claim_id, ch.line_number`,
    [claimIDs],
  );
  const claims = await db.query<{ claimID: number; balance: number; status: number; ledger: number }>(
    `SELECT claim_id AS "claimID", balance_cents AS balance, claim_status_id AS status,
            (SELECT coalesce(sum(l.amount_cents), 0)::bigint FROM ledger_entries l WHERE l.claim_id = c.claim_id) AS ledger
       FROM claims c WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id`,
    [claimIDs],
  );
  return { lines, claims };
}

describe.each(testEngines)('write-off books stay equal to the ledger on $name', (engine) => {
  let database: TestDatabase;
  let data: LedgerTestData;
  let scope: DataScope;

  beforeAll(async () => {
    database = await engine.create();
    data = await createLedgerTestData(database.db, 'Property');
    scope = { groupIds: [data.group.groupId], practiceIds: [data.group.practiceId] };
  });

  afterAll(async () => {
    await database.dispose();
  });

  async function addLine(claim: ModelClaim, cents: number, lineNumber: number): Promise<void> {
    await database.db.transaction(async (tx) => {
      const [row] = await tx.query<{ chargeID: number }>(
        `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
         SELECT claim_id, $2::smallint, '99213', 1, $3, dos_from, dos_to, 'P' || claim_id || '-' || $2::text, $3 FROM claims WHERE claim_id = $1
         RETURNING charge_id AS "chargeID"`,
        [claim.claimID, lineNumber, cents],
      );
      await tx.query(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
         SELECT group_id, practice_id, patient_id, claim_id, $2, 'charge', $3, DATE '2026-04-01' FROM claims WHERE claim_id = $1`,
        [claim.claimID, row!.chargeID, cents],
      );
      await tx.query(
        'UPDATE claims SET total_charge_cents = total_charge_cents + $2, balance_cents = balance_cents + $2 WHERE claim_id = $1',
        [claim.claimID, cents],
      );
      claim.lines.set(row!.chargeID, cents);
    });
  }

  it.each(SEEDS)('seed %i', async (seed) => {
    const random = seededRandom(seed);
    const claims: ModelClaim[] = [];
    for (let index = 0; index < 6; index += 1) {
      const status = index === 5 ? CLAIM_STATUS.submitted : CLAIM_STATUS.patientBalance;
      const lines = Array.from({ length: random.int(1, 4) }, () => ({ code: '99213', cents: random.int(1, 50_000) }));
      const { claimID, chargeIDs } = await data.insertBilledClaim({ claimStatusID: status, lines });
      claims.push({
        claimID,
        status,
        lines: new Map(chargeIDs.map((chargeID, line) => [chargeID, lines[line]!.cents])),
      });
    }
    const ids = claims.map((claim) => claim.claimID);
    const log: string[] = [];
    let jobID = 0;

    for (let step = 0; step < STEPS; step += 1) {
      const claim = random.pick(claims);
      const roll = random.next();
      if (roll < 0.15) {
        const open = [...claim.lines].filter(([, balance]) => balance > 0);
        if (open.length > 0) {
          const [chargeID, balance] = random.pick(open);
          const cents = random.int(1, balance);
          const type = random.pick<PaymentType>(['insurance_payment', 'patient_payment', 'contractual_adjustment']);
          await postCredit(database.db, chargeID, type, cents);
          claim.lines.set(chargeID, balance - cents);
          log.push(`${type} ${cents} on charge ${chargeID}`);
        }
      } else if (roll < 0.22) {
        const cents = random.int(1, 20_000);
        await addLine(claim, cents, claim.lines.size + 1);
        log.push(`new line ${cents} on claim ${claim.claimID}`);
      } else if (roll < 0.35) {
        const chunk = claims.filter(() => random.next() < 0.6);
        const limit = random.int(1, 30_000);
        jobID += 1;
        const job: JobRecord = {
          ...runningJob,
          jobId: jobID,
          userId: data.actor.userId,
          params: { reasonId: random.int(1, 6), postingDate: '2026-11-20', note: null, maxBalanceCents: limit },
        };
        const failures = await database.db.transaction((tx) =>
          writeOffJobHandler.processChunk(
            tx,
            job,
            chunk.map((each) => ({
              claimId: each.claimID,
              groupId: data.group.groupId,
              practiceId: data.group.practiceId,
              claimStatusId: each.status,
            })),
            scope,
            NOW,
          ),
        );
        const expectedFailed: number[] = [];
        for (const each of chunk) {
          const balance = balanceOf(each);
          if (balance > 0 && balance <= limit) {
            each.lines = expectedSpread(each, balance);
            if (each.status === CLAIM_STATUS.patientBalance) each.status = CLAIM_STATUS.closed;
          } else expectedFailed.push(each.claimID);
        }
        expect(
          failures.map((failure) => failure.claimId).sort((a, b) => a - b),
          `seed ${seed} step ${step}`,
        ).toEqual(expectedFailed.sort((a, b) => a - b));
        log.push(`bulk up to ${limit} over ${chunk.map((each) => each.claimID).join(',')}`);
      } else {
        const balance = balanceOf(claim);
        const amount = random.next() < 0.3 ? undefined : random.int(1, Math.max(1, balance + 50));
        const wanted = amount ?? balance;
        const allowed = balance > 0 && wanted <= balance;
        log.push(`write off ${amount ?? 'all'} of ${balance} on claim ${claim.claimID}`);
        try {
          const reply = await saveWriteOff(
            database.db,
            data.actor,
            scope,
            {
              kind: 'single',
              claimID: claim.claimID,
              amountCents: amount,
              reasonID: random.int(1, 6),
              postingDate: undefined,
              note: undefined,
            },
            NOW,
          );
          expect(allowed, `seed ${seed} step ${step}: ${log.join('; ')}`).toBe(true);
          claim.lines = expectedSpread(claim, wanted);
          if (balanceOf(claim) === 0 && claim.status === CLAIM_STATUS.patientBalance)
            claim.status = CLAIM_STATUS.closed;
          expect(reply.claimBalance).toBe(balanceOf(claim));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          expect(allowed, `seed ${seed} step ${step} refused "${error.message}": ${log.join('; ')}`).toBe(false);
          expect(error.statusCode).toBe(400);
        }
      }

      const books = await actual(database.db, ids);
      const context = `seed ${seed} step ${step}: ${log.join('; ')}`;
      for (const line of books.lines) {
        expect(line.balance, context).toBe(line.ledger);
        expect(line.balance, context).toBe(line.charge + line.others);
        expect(line.balance, context).toBeGreaterThanOrEqual(0);
      }
      expect(
        books.lines.map((line) => [line.chargeID, line.balance]),
        context,
      ).toEqual(claims.flatMap((each) => [...each.lines]));
      for (const row of books.claims) {
        const model = claims.find((each) => each.claimID === row.claimID)!;
        expect(row.balance, context).toBe(
          books.lines.filter((line) => line.claimID === row.claimID).reduce((sum, line) => sum + line.balance, 0),
        );
        expect(row.balance, context).toBe(row.ledger);
        expect(row.balance, context).toBe(balanceOf(model));
        expect(row.status, context).toBe(model.status);
      }
    }
    const writtenOff = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE entry_type = 'write_off' AND claim_id = ANY($1::bigint[])`,
      [ids],
    );
    expect(writtenOff[0]!.n, `seed ${seed} wrote off nothing: the sequence tests nothing`).toBeGreaterThan(0);
  });
});
