/**
 * A world for posting payers' remits as they really come: claims with the lines a test gives
 * (each with its 'charge' ledger row, so the books agree), two payers, a second group, a biller
 * who sees both groups, and helpers that write an 835 for our claims, upload it and post it.
 */
import { expect } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimFinancialReply } from '../../../contract/claimFinancial.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { UploadEraReply } from '../../../contract/era.ts';
import type { Db } from '../../db/types.ts';
import {
  write835,
  type Adjustment835,
  type Claim835,
  type Line835,
  type ProviderAdjustment835,
} from '../../edi/era/write835.ts';
import type { TestDatabase, TestEngine } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

export interface OurLine {
  chargeID: number;
  claimID: number;
  cptCode: string;
  chargeCents: number;
  dosFrom: string;
  lineControlNumber: string;
}

export interface Payer {
  name: string;
  identifier: string;
}

export const AETNA: Payer = { name: 'AETNA', identifier: '60054' };
export const CIGNA: Payer = { name: 'CIGNA', identifier: '62308' };

const CODES = ['99213', '36415', '81002', '85025', '90471'];
const REASONS: [string, string][] = [
  ['1', 'Deductible Amount.'],
  ['2', 'Coinsurance Amount.'],
  ['3', 'Co-payment Amount.'],
  ['23', 'The impact of prior payer(s) adjudication including payments and/or adjustments.'],
  ['45', 'Charge exceeds fee schedule/maximum allowable.'],
  ['50', 'These are non-covered services because this is not deemed a medical necessity.'],
  ['97', 'The benefit for this service is included in the payment/allowance for another service.'],
  ['253', 'Sequestration - reduction in federal payment.'],
];

export interface RemitWorld {
  database: TestDatabase;
  db: Db;
  test: TestApp;
  session: SessionUser;
  group: TestGroup;
  other: TestGroup;
  /** A claim of the group with lines of these charges (cents), submitted to the payer. */
  claimWith(charges: readonly number[]): Promise<{ claimID: number; lines: OurLine[] }>;
  upload(
    remittance: RemitInput,
    groupID?: number,
  ): Promise<{ statusCode: number; body: string; eraCheckID: number; reply: UploadEraReply | null }>;
  post(eraCheckID: number, accept?: boolean): Promise<{ statusCode: number; message: string }>;
  uploadAndPost(remittance: RemitInput): Promise<number>;
  claimState(claimID: number): Promise<{ balance: number; status: number }>;
  lineBalances(claimID: number): Promise<number[]>;
  financial(claimID: number): Promise<ClaimFinancialReply>;
  call(
    method: 'GET' | 'POST',
    path: string,
    input?: Record<string, unknown>,
  ): Promise<{ statusCode: number; body: string; json: <T>() => T }>;
  close(): Promise<void>;
}

export interface RemitInput {
  payer?: Payer;
  payeeNpi?: string;
  traceNumber?: string;
  claims: readonly Claim835[];
  providerAdjustments?: readonly ProviderAdjustment835[];
}

let traces = 0;

export async function remitWorld(engine: TestEngine, email: string): Promise<RemitWorld> {
  const database = await engine.create();
  const db = database.db;
  const group = await createTestGroup(db, 'Remit Ours', { claims: 0 });
  const other = await createTestGroup(db, 'Remit Other', { claims: 0 });
  await db.query("INSERT INTO insurances (name, payer_id, insurance_type) VALUES ('Cigna', '62308', 'commercial')");
  await db.query(
    `INSERT INTO adjustment_reason_codes (code, description) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (code) DO NOTHING`,
    [REASONS.map(([code]) => code), REASONS.map(([, text]) => text)],
  );
  await db.query(
    "INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from) VALUES ($1, $2, 1, 'W100200300', DATE '2025-01-01')",
    [group.patientId, group.insuranceId],
  );
  await createTestUser(db, email, { groupIds: [group.groupId, other.groupId] });
  const test = await createTestApp(db);
  const session = await signIn(test, email);
  let day = 0;

  const claimWith = async (charges: readonly number[]) => {
    day += 1;
    const dos = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const total = charges.reduce((sum, cents) => sum + cents, 0);
    const [claim] = await db.query<{ claimID: number }>(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id,
                           dos_from, dos_to, total_charge_cents, balance_cents)
       VALUES ($1, $2, $3, 'SMITH, JANE', $4, $5, $6, 1, 2, $7::date, $7::date, $8, $8) RETURNING claim_id AS "claimID"`,
      [
        group.groupId,
        group.practiceId,
        group.patientId,
        group.insuranceId,
        group.providerId,
        CLAIM_STATUS.submitted,
        dos,
        total,
      ],
    );
    const claimID = Number(claim?.claimID);
    const lines = await db.query<OurLine>(
      `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       SELECT $1::bigint, d.n, d.code, 1, d.cents, $2::date, $2::date, 'R' || $1::bigint::text || '-' || d.n, d.cents
         FROM unnest($3::int[], $4::text[], $5::bigint[]) AS d (n, code, cents)
       RETURNING charge_id AS "chargeID", claim_id AS "claimID", cpt_code AS "cptCode", charge_cents AS "chargeCents", dos_from AS "dosFrom", line_control_number AS "lineControlNumber"`,
      [
        claimID,
        dos,
        charges.map((_, index) => index + 1),
        charges.map((_, index) => CODES[index % CODES.length] ?? '99213'),
        charges,
      ],
    );
    await db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.claim_id = $1`,
      [claimID],
    );
    return { claimID, lines: lines.sort((left, right) => left.chargeID - right.chargeID) };
  };

  const upload = async (remittance: RemitInput, groupID = group.groupId) => {
    traces += 1;
    const text = write835({
      payer: remittance.payer ?? AETNA,
      payee: { name: 'REMIT PRACTICE', npi: remittance.payeeNpi ?? '1234567893' },
      traceNumber: remittance.traceNumber ?? `RT${traces}`,
      paymentDate: '2026-11-20',
      controlNumber: traces,
      claims: remittance.claims,
      ...(remittance.providerAdjustments ? { providerAdjustments: remittance.providerAdjustments } : {}),
    });
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/uploadERA',
      query: { groupID: String(groupID), fileName: `r${traces}.835` },
      headers: { ...bearer(session), 'content-type': 'text/plain' },
      payload: text,
    });
    const body = reply.statusCode === 200 ? reply.json<UploadEraReply>() : null;
    return {
      statusCode: reply.statusCode,
      body: reply.body,
      eraCheckID: body?.checks[0]?.eraCheckID ?? 0,
      reply: body,
    };
  };
  const post = async (eraCheckID: number, accept = true) => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/AddEditClaim/postInsurancePayment',
      query: { eraCheckID: String(eraCheckID), ...(accept ? { bypassWarningsID: '1' } : {}) },
      headers: bearer(session),
    });
    return { statusCode: reply.statusCode, message: reply.json<{ message: string }>().message };
  };
  const call: RemitWorld['call'] = (method, path, input = {}) =>
    method === 'POST'
      ? test.app.inject({ method, url: `/api/${path}`, payload: input, headers: bearer(session) })
      : test.app.inject({
          method,
          url: `/api/${path}`,
          query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
          headers: bearer(session),
        });
  return {
    database,
    db,
    test,
    session,
    group,
    other,
    claimWith,
    upload,
    post,
    uploadAndPost: async (remittance) => {
      const uploaded = await upload(remittance);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const posted = await post(uploaded.eraCheckID);
      expect(posted.statusCode, posted.message).toBe(200);
      return uploaded.eraCheckID;
    },
    claimState: async (claimID) =>
      (
        await db.query<{ balance: number; status: number }>(
          'SELECT balance_cents AS balance, claim_status_id AS status FROM claims WHERE claim_id = $1',
          [claimID],
        )
      )[0] ?? { balance: NaN, status: NaN },
    lineBalances: async (claimID) =>
      (
        await db.query<{ balance: number }>(
          'SELECT balance_cents AS balance FROM charges WHERE claim_id = $1 ORDER BY line_number',
          [claimID],
        )
      ).map((row) => row.balance),
    financial: async (claimID) => {
      const reply = await call('GET', 'AddEditClaim/getClaimFinancial', { claimID });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<ClaimFinancialReply>();
    },
    call,
    close: async () => {
      await test.close();
      await database.dispose();
    },
  };
}

/** An ERA line for one of our lines: paid, then its adjustments (they must add up to the charge unless a test wants them not to). */
export function eraLine(
  line: OurLine,
  paidCents: number,
  adjustments: readonly Adjustment835[],
  options: { withControlNumber?: boolean; sign?: number } = {},
): Line835 {
  const sign = options.sign ?? 1;
  return {
    procedure: line.cptCode,
    modifiers: [],
    chargeCents: sign * line.chargeCents,
    paidCents: sign * paidCents,
    allowedCents: null,
    units: 1,
    serviceDate: line.dosFrom,
    lineControlNumber: options.withControlNumber === false ? null : line.lineControlNumber,
    adjustments: adjustments.map((adjustment) => ({ ...adjustment, cents: sign * adjustment.cents })),
    remarks: [],
  };
}

export const SMITH = { lastName: 'SMITH', firstName: 'JANE', memberID: 'W100200300' };

export function eraClaim(claimID: number, lines: readonly Line835[], extra: Partial<Claim835> = {}): Claim835 {
  return {
    claimID: String(claimID),
    status: '1',
    patient: SMITH,
    payerClaimControlNumber: `ICN${claimID}`,
    lines,
    ...extra,
  };
}

/** Money never appears or vanishes: every line's and claim's balance is what its ledger says, and a claim's lines add up to it. */
export async function expectBooksAgree(db: Db): Promise<void> {
  const off = await db.query(
    `SELECT 'line ' || ch.charge_id AS what FROM charges ch WHERE ch.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.charge_id = ch.charge_id)
     UNION ALL
     SELECT 'claim ' || c.claim_id FROM claims c WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id)
     UNION ALL
     SELECT 'lines of claim ' || c.claim_id FROM claims c WHERE c.balance_cents <> (SELECT coalesce(sum(balance_cents), 0) FROM charges ch WHERE ch.claim_id = c.claim_id)`,
  );
  expect(off).toEqual([]);
}

/** What the ledger says the payer paid on a claim, net of reversals of payments. */
export async function insurancePaid(db: Db, claimID: number): Promise<number> {
  const [row] = await db.query<{ paid: number }>(
    `SELECT coalesce(-sum(l.amount_cents), 0)::bigint AS paid FROM ledger_entries l LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
      WHERE l.claim_id = $1 AND coalesce(o.entry_type, l.entry_type) = 'insurance_payment'`,
    [claimID],
  );
  return Number(row?.paid);
}
