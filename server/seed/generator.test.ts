import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import { verifyPassword } from '../auth/password.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { fiscalYearOf } from '../reference/fiscalYear.ts';
import { loadReferenceData } from '../reference/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './demo-user.ts';
import { appendDemoClaims, hasDemoData, isDatabaseEmpty, seedDemo } from './generator.ts';
import { BATCH_POSTED_CENTS } from '../services/batches/paymentBatchReads.ts';
import { runMoneyReport } from '../services/reports/money/moneyReports.ts';
import { agingReport } from '../services/reports/aging/agingReport.ts';
import { agingReportQuerySchema } from '../../contract/agingReports.ts';
import { isValidMbi } from './identifiers.ts';
import { isValidNpi } from './npi.ts';
import { loadBillingClaims } from '../services/claims/loadBillingClaims.ts';
import { loadScrubContext } from '../services/scrub/loadScrubContext.ts';
import { scrubClaim } from '../services/scrub/scrubClaim.ts';
import { build837 } from '../edi/837/build837.ts';

interface TestDb {
  readonly db: Db;
  close(): Promise<void>;
}

interface EngineCase {
  readonly name: string;
  open(): Promise<TestDb>;
}

const NOW = new Date('2026-11-22T12:00:00Z');
const CLAIMS = 200;
// A seed whose patients include self-pay ones (adults without insurance are about one in thirty).
const SEED = 2;

let schemaCounter = 0;
const engines: EngineCase[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await openPglite();
      return { db, close: () => db.close() };
    },
  },
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  engines.push({
    name: 'PostgreSQL',
    async open() {
      const schema = `seed_test_${process.pid}_${Date.now()}_${schemaCounter++}`;
      const admin = await openPostgres(postgresUrl, { max: 1 });
      await admin.exec(`CREATE SCHEMA ${schema}`);
      const db = await openPostgres(postgresUrl, { searchPath: schema });
      return {
        db,
        async close() {
          await db.close();
          await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
          await admin.close();
        },
      };
    },
  });
}

async function seeded(engine: EngineCase): Promise<TestDb> {
  const handle = await engine.open();
  await migrate(handle.db);
  await loadReferenceData(handle.db);
  await seedDemo(handle.db, { claims: CLAIMS, seed: SEED, now: NOW });
  return handle;
}

/** A digest of a table's rows in a fixed order, to compare two databases. */
async function digest(db: Db, sql: string): Promise<string> {
  const [row] = await db.query<{ digest: string | null; n: number }>(
    `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*) AS n FROM (${sql}) t`,
  );
  return `${row?.n ?? 0}:${row?.digest ?? ''}`;
}

// Everything the generator writes, except password hashes (argon2 salts are random by design) and
// the creation times of groups, users and branding, which are when the seed ran.
const DETERMINISTIC_TABLES = [
  'SELECT group_id, name, tax_id, active FROM groups',
  'SELECT * FROM practices',
  'SELECT * FROM facilities',
  'SELECT * FROM providers',
  'SELECT * FROM insurances',
  'SELECT * FROM fee_schedule_items',
  'SELECT * FROM patients',
  'SELECT * FROM claim_institutional',
  'SELECT * FROM patient_insurances',
  'SELECT * FROM patient_guarantors',
  'SELECT * FROM claims',
  'SELECT * FROM claim_diagnoses',
  'SELECT * FROM charges',
  'SELECT * FROM ledger_entries',
  'SELECT * FROM notes',
  'SELECT * FROM tasks',
  'SELECT * FROM payment_batches',
  'SELECT * FROM advance_payments',
  'SELECT * FROM charge_batches',
  'SELECT * FROM document_batches',
  'SELECT * FROM documents',
  'SELECT * FROM submission_batches',
  'SELECT * FROM submission_batch_claims',
  'SELECT era_file_id, group_id, file_name, file_hash, content, uploaded_by FROM era_files',
  'SELECT * FROM era_checks',
  'SELECT * FROM era_claims',
  'SELECT * FROM era_lines',
  'SELECT user_id, email, role_id, data_role_id, totp_secret, default_module_url FROM users',
  'SELECT group_id, subdomain, title, logo, primary_color, secondary_color FROM white_label_setups',
];

describe.each(engines)('seedDemo on $name', (engine) => {
  let first: TestDb;
  let second: TestDb;

  beforeAll(async () => {
    [first, second] = await Promise.all([seeded(engine), seeded(engine)]);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('writes the same rows for the same seed', async () => {
    for (const sql of DETERMINISTIC_TABLES) {
      expect(await digest(first.db, sql), sql).toBe(await digest(second.db, sql));
    }
    const [counts] = await first.db.query<{ claims: number; patients: number }>(
      'SELECT (SELECT count(*) FROM claims) AS claims, (SELECT count(*) FROM patients) AS patients',
    );
    expect(counts).toEqual({ claims: CLAIMS, patients: Math.round(CLAIMS / 3) });
  });

  it('uses every claim status', async () => {
    const rows = await first.db.query<{ claim_status_id: number }>(
      'SELECT DISTINCT claim_status_id FROM claims ORDER BY 1',
    );
    expect(rows.map((row) => row.claim_status_id)).toEqual(Object.values(CLAIM_STATUS).sort((a, b) => a - b));
  });

  it('keeps every charge and claim balance equal to its ledger', async () => {
    const [row] = await first.db.query<{
      charges: number;
      claims: number;
      totals: number;
      void_open: number;
      settled_open: number;
    }>(`
      SELECT
        (SELECT count(*) FROM charges c
          WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.charge_id = c.charge_id)
             OR NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.charge_id = c.charge_id AND l.entry_type = 'charge' AND l.amount_cents = c.charge_cents)) AS charges,
        (SELECT count(*) FROM claims c
          WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id)) AS claims,
        (SELECT count(*) FROM claims c
          WHERE c.total_charge_cents <> (SELECT sum(charge_cents) FROM charges h WHERE h.claim_id = c.claim_id)
             OR c.balance_cents <> (SELECT sum(balance_cents) FROM charges h WHERE h.claim_id = c.claim_id)) AS totals,
        (SELECT count(*) FROM claims WHERE claim_status_id = ${CLAIM_STATUS.void} AND balance_cents <> 0) AS void_open,
        (SELECT count(*) FROM claims WHERE claim_status_id IN (${CLAIM_STATUS.paid}, ${CLAIM_STATUS.closed}) AND balance_cents <> 0) AS settled_open`);
    expect(row).toEqual({ charges: 0, claims: 0, totals: 0, void_open: 0, settled_open: 0 });
    const negative = await first.db.query('SELECT charge_id FROM charges WHERE balance_cents < 0');
    expect(negative).toEqual([]);
  });

  it('leaves the sums the posting keeps for aging, the month-end summary and the dashboard equal to the ledger', async () => {
    const [row] = await first.db.query<{ aging: number; agingClaims: number; months: number; days: number }>(`
      WITH claim_ledger AS (SELECT claim_id, sum(amount_cents) AS cents FROM ledger_entries WHERE claim_id IS NOT NULL GROUP BY claim_id)
      SELECT
        (SELECT count(*) FROM claim_ledger l LEFT JOIN claim_aging a ON a.claim_id = l.claim_id
          WHERE a.balance_cents IS DISTINCT FROM l.cents)::int AS aging,
        (SELECT count(*) FROM claim_aging)::int - (SELECT count(*) FROM claim_ledger)::int AS "agingClaims",
        ((SELECT coalesce(sum(amount_cents), 0) FROM ledger_month_sums)
          - (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries))::int AS months,
        ((SELECT coalesce(sum(amount_cents), 0) FROM ledger_day_sums)
          - (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE claim_id IS NOT NULL))::int AS days`);
    expect(row).toEqual({ aging: 0, agingClaims: 0, months: 0, days: 0 });
  });

  it('gives each group a reconciled check, a check still to post and a patient deposit, each posting on claims of its own group', async () => {
    const batches = await first.db.query<{
      groupID: number;
      source: string;
      status: string;
      total: number;
      posted: number;
      practiceGroup: number;
    }>(
      `SELECT pb.group_id AS "groupID", pb.payment_source AS source, pb.status, pb.total_cents AS total, ${BATCH_POSTED_CENTS} AS posted, p.group_id AS "practiceGroup"
         FROM payment_batches pb JOIN practices p ON p.practice_id = pb.practice_id ORDER BY pb.payment_batch_id`,
    );
    const groups = await first.db.query<{ id: number }>('SELECT group_id AS id FROM groups ORDER BY group_id');
    expect(groups).toHaveLength(2);
    for (const group of groups) {
      const own = batches.filter((batch) => batch.groupID === group.id);
      expect(own.map(({ source, status }) => [source, status])).toEqual([
        ['insurance', 'reconciled'],
        ['insurance', 'open'],
        ['patient', 'open'],
      ]);
      const [reconciled, partly, deposit] = own;
      expect(reconciled?.posted).toBe(reconciled?.total);
      expect(partly?.posted).toBeGreaterThan(0);
      expect(partly?.posted).toBeLessThan(partly?.total ?? 0);
      expect(deposit?.posted).toBe(deposit?.total);
      expect(deposit?.posted).toBeGreaterThan(0);
    }
    expect(batches.filter((batch) => batch.practiceGroup !== batch.groupID)).toEqual([]);
    // Every posting is on a charge of a claim of the batch's group, of the batch's kind of payer.
    const stray = await first.db.query(
      `SELECT l.ledger_id FROM ledger_entries l JOIN payment_batches pb USING (payment_batch_id) LEFT JOIN charges ch USING (charge_id) LEFT JOIN claims c ON c.claim_id = ch.claim_id
        WHERE c.claim_id IS NULL OR c.group_id <> pb.group_id
           OR (pb.payment_source = 'patient' AND l.entry_type <> 'patient_payment')
           OR (pb.payment_source = 'insurance' AND l.entry_type = 'patient_payment')`,
    );
    expect(stray).toEqual([]);
  });

  it('gives each group an advance payment held as credit, one partly applied to a claim and one refunded', async () => {
    const advances = await first.db.query<{
      groupID: number;
      status: string;
      amount: number;
      applied: number;
      refunded: number;
      patientGroup: number;
    }>(
      `SELECT a.group_id AS "groupID", a.status, a.amount_cents AS amount, p.group_id AS "patientGroup",
              coalesce((SELECT sum(amount_cents) FROM ledger_entries l WHERE l.advance_payment_id = a.advance_payment_id AND l.claim_id IS NULL AND l.entry_type = 'advance_application'), 0)::int AS applied,
              coalesce((SELECT sum(amount_cents) FROM ledger_entries l WHERE l.advance_payment_id = a.advance_payment_id AND l.entry_type = 'refund'), 0)::int AS refunded
         FROM advance_payments a JOIN patients p ON p.patient_id = a.patient_id ORDER BY a.advance_payment_id`,
    );
    expect(advances).toHaveLength(6);
    expect(advances.filter((advance) => advance.patientGroup !== advance.groupID)).toEqual([]);
    for (const groupID of new Set(advances.map((advance) => advance.groupID))) {
      const own = advances.filter((advance) => advance.groupID === groupID);
      expect(own.map((advance) => advance.status)).toEqual(['active', 'active', 'refunded']);
      const [applied, held, refunded] = own;
      expect(applied?.applied).toBeGreaterThan(0);
      expect(applied?.applied).toBeLessThan(applied?.amount ?? 0);
      expect(held).toMatchObject({ applied: 0, refunded: 0 });
      expect(refunded?.refunded).toBe(refunded?.amount);
    }
    // What the credit gave is what the claims received, line by line.
    const [moved] = await first.db.query<{ credit: number; lines: number }>(
      `SELECT (SELECT sum(amount_cents) FROM ledger_entries WHERE entry_type = 'advance_application' AND claim_id IS NULL)::int AS credit,
              (SELECT -sum(amount_cents) FROM ledger_entries WHERE entry_type = 'advance_application' AND charge_id IS NOT NULL)::int AS lines`,
    );
    expect(moved?.credit).toBe(moved?.lines);
  });

  it('gives each group a balanced charge batch of its own claims and a document batch with a file', async () => {
    const charge = await first.db.query<{
      groupID: number;
      claims: number;
      entered: number;
      total: number;
      stray: number;
    }>(
      `SELECT cb.group_id AS "groupID", count(c.claim_id)::int AS claims, sum(c.total_charge_cents)::int AS entered, cb.expected_total_cents AS total,
              count(*) FILTER (WHERE c.group_id <> cb.group_id OR c.practice_id <> cb.practice_id)::int AS stray
         FROM charge_batches cb JOIN claims c ON c.charge_batch_id = cb.charge_batch_id GROUP BY cb.charge_batch_id ORDER BY cb.charge_batch_id`,
    );
    expect(charge).toHaveLength(2);
    for (const batch of charge) expect(batch).toMatchObject({ claims: 4, entered: batch.total, stray: 0 });
    const files = await first.db.query<{ groupID: number; files: number; stray: number }>(
      `SELECT db.group_id AS "groupID", count(d.document_id)::int AS files, count(*) FILTER (WHERE d.group_id <> db.group_id)::int AS stray
         FROM document_batches db JOIN documents d ON d.document_batch_id = db.document_batch_id GROUP BY db.document_batch_id ORDER BY db.document_batch_id`,
    );
    expect(files.map(({ files: count, stray }) => [count, stray])).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });

  it('sends ready claims in submission batches and posts the 835s that answer them, so the claim batch submit and ERA data reports have rows', async () => {
    const groups = await first.db.query<{ id: number }>('SELECT group_id AS id FROM groups ORDER BY group_id');
    const practices = await first.db.query<{ id: number }>(
      'SELECT practice_id AS id FROM practices ORDER BY practice_id',
    );
    const scope = { groupIds: groups.map((row) => row.id), practiceIds: practices.map((row) => row.id) };
    const all = { pageNumber: 1, pageSize: 100 };
    // A small seed may leave a group no ready claim of a patient the browser tests leave alone.
    expect((await runMoneyReport(first.db, scope, 'claimBatchSubmit', all)).totalRows).toBeGreaterThan(0);
    let checkCount = 0;
    for (const { id: groupID } of groups) {
      const input = { ...all, groupID };
      const batches = await runMoneyReport(first.db, scope, 'claimBatchSubmit', input);
      for (const row of batches.rows) {
        expect(row.claims).toBeGreaterThan(0);
        expect(row.submittedOn).toBe('2026-11-21');
        expect(row.paid).toBeGreaterThan(0);
      }
      // One 835 answers each batch, posted in full.
      const checks = await runMoneyReport(first.db, scope, 'eraData', input);
      expect(checks.totalRows, `group ${groupID} checks`).toBe(batches.totalRows);
      checkCount += checks.totalRows;
      for (const row of checks.rows) {
        expect(row).toMatchObject({ status: 'posted', checkDate: '2026-11-22', unposted: 0 });
        expect(row.posted).toBe(row.checkAmount);
        expect(row.posted).toBeGreaterThan(0);
      }
      // The checks pay the claims the batches sent, and nothing else.
      const sent = await runMoneyReport(first.db, scope, 'claimBatchSubmit', { ...input, getOnlyIDS: 'true' });
      const paid = await runMoneyReport(first.db, scope, 'eraData', { ...input, getOnlyIDS: 'true' });
      expect([...(paid.ids ?? [])].sort()).toEqual([...(sent.ids ?? [])].sort());
    }
    // Each 835 was read as an upload is: it is in the EDI import log, accepted, every claim matched.
    const reads = await first.db.query<{ outcome: string }>(
      "SELECT outcome FROM edi_import_log WHERE transaction_set = '835' ORDER BY 1",
    );
    expect(reads.map((read) => read.outcome)).toEqual(Array.from({ length: checkCount }, () => 'accepted'));
    const [unmatched] = await first.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM era_claims WHERE claim_id IS NULL OR posted_at IS NULL',
    );
    expect(unmatched?.n).toBe(0);
  });

  it('bills no payer on a self-pay claim: no "Self Pay" insurance, and aging by insurance puts what they owe under Patients', async () => {
    const [row] = await first.db.query<{
      selfPayPayers: number;
      coverages: number;
      selfPayClaims: number;
      owing: number;
    }>(
      `SELECT (SELECT count(*) FROM insurances WHERE insurance_type = 'self_pay' OR name ILIKE 'self%pay')::int AS "selfPayPayers",
              (SELECT count(*) FROM patient_insurances pi JOIN insurances i USING (insurance_id) WHERE i.insurance_type = 'self_pay')::int AS coverages,
              (SELECT count(*) FROM claims WHERE insurance_id IS NULL)::int AS "selfPayClaims",
              (SELECT count(*) FROM claims WHERE insurance_id IS NULL AND balance_cents > 0)::int AS owing`,
    );
    expect(row).toMatchObject({ selfPayPayers: 0, coverages: 0 });
    expect(row?.selfPayClaims).toBeGreaterThan(0);
    expect(row?.owing).toBeGreaterThan(0);
    // A self-pay claim's patient has no insurance on file, and the claim names no coverage.
    const covered = await first.db.query(
      `SELECT c.claim_id FROM claims c WHERE c.insurance_id IS NULL
          AND (c.patient_insurance_id IS NOT NULL OR EXISTS (SELECT 1 FROM patient_insurances pi WHERE pi.patient_id = c.patient_id AND pi.priority = 1))`,
    );
    expect(covered).toEqual([]);
    const groups = await first.db.query<{ id: number }>('SELECT group_id AS id FROM groups ORDER BY group_id');
    const practices = await first.db.query<{ id: number }>(
      'SELECT practice_id AS id FROM practices ORDER BY practice_id',
    );
    const aging = await agingReport(
      first.db,
      { groupIds: groups.map((group) => group.id), practiceIds: practices.map((practice) => practice.id) },
      'insurance',
      agingReportQuerySchema.parse({ pageSize: 500 }),
      NOW,
    );
    const labels = aging.rows.map((agingRow) => agingRow.label);
    expect(labels).toContain('Patients');
    expect(labels.filter((label) => /self.?pay/i.test(label))).toEqual([]);
  });

  it('turns a few unsent claims of each group into institutional ones, one an inpatient stay, that scrub clean and are written as an 837I', async () => {
    const rows = await first.db.query<{ claimID: number; groupID: number; billType: string }>(
      `SELECT c.claim_id AS "claimID", c.group_id AS "groupID", i.bill_type AS "billType"
         FROM claims c JOIN claim_institutional i USING (claim_id) WHERE c.claim_type = 'institutional' ORDER BY c.claim_id`,
    );
    // A group whose unsent claims are all the browser tests' own (the newest) gets none.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.billType === '11')).toBe(true);
    const claims = await loadBillingClaims(
      first.db,
      rows.map((row) => row.claimID),
    );
    const context = await loadScrubContext(first.db, claims, NOW.toISOString().slice(0, 10));
    for (const claim of claims) {
      const errors = scrubClaim(claim, context).filter((finding) => finding.severity === 'error');
      expect(errors, `claim ${claim.claimID}`).toEqual([]);
      const file = build837([claim], {
        sender: { id: '123456789', name: 'DEMO', contactName: 'Demo Biller', email: 'biller@demo.test' },
        receiver: { id: claim.coverage?.payer.payerID ?? '', name: claim.coverage?.payer.name ?? '' },
        interchangeControlNumber: claim.claimID,
        groupControlNumber: claim.claimID,
        now: NOW,
        usage: 'T',
      });
      expect(file).toContain('005010X223A2');
      expect(file).toMatch(/(^|~\s*)CL1\*/m);
      expect(file).toMatch(/(^|~\s*)SV2\*\d{4}\*HC:/m);
    }
  });

  it('gives consistent scrub and submission statuses', async () => {
    const unsubmittedButPaid = await first.db.query(
      `SELECT claim_id FROM claims WHERE claim_status_id IN (${CLAIM_STATUS.submitted}, ${CLAIM_STATUS.acceptedByPayer}, ${CLAIM_STATUS.rejected}, ${CLAIM_STATUS.denied}, ${CLAIM_STATUS.partiallyPaid}, ${CLAIM_STATUS.paid}) AND (submit_status_id = 1 OR scrub_status_id NOT IN (2, 4) OR submitted_at IS NULL)`,
    );
    expect(unsubmittedButPaid).toEqual([]);
    const sentDrafts = await first.db.query(
      `SELECT claim_id FROM claims WHERE claim_status_id IN (${CLAIM_STATUS.draft}, ${CLAIM_STATUS.readyToSubmit}) AND (submit_status_id <> 1 OR submitted_at IS NOT NULL)`,
    );
    expect(sentDrafts).toEqual([]);
  });

  it('issues only valid NPIs and Medicare MBIs', async () => {
    const npis = await first.db.query<{ npi: string }>(
      'SELECT npi FROM practices UNION ALL SELECT npi FROM providers UNION ALL SELECT npi FROM facilities WHERE npi IS NOT NULL',
    );
    expect(npis.length).toBeGreaterThan(20);
    expect(npis.filter((row) => !isValidNpi(row.npi))).toEqual([]);
    const mbis = await first.db.query<{ subscriber_id: string }>(
      "SELECT subscriber_id FROM patient_insurances JOIN insurances USING (insurance_id) WHERE insurance_type = 'medicare'",
    );
    expect(mbis.length).toBeGreaterThan(0);
    expect(mbis.filter((row) => !isValidMbi(row.subscriber_id))).toEqual([]);
  });

  it('codes every claim with diagnoses billable in its fiscal year; only some drafts point past their diagnoses (for the scrubber to find)', async () => {
    const rows = await first.db.query<{ icd_code: string; dos_from: string }>(
      'SELECT d.icd_code, c.dos_from FROM claim_diagnoses d JOIN claims c USING (claim_id)',
    );
    const billable = await first.db.query<{ code: string; fiscal_year: number }>(
      'SELECT code, fiscal_year FROM icd_codes WHERE billable AND code = ANY($1::text[])',
      [[...new Set(rows.map((row) => row.icd_code))]],
    );
    const valid = new Set(billable.map((row) => `${row.code}:${row.fiscal_year}`));
    expect(rows.filter((row) => !valid.has(`${row.icd_code}:${fiscalYearOf(row.dos_from)}`))).toEqual([]);
    const [pointers] = await first.db.query<{
      bad: number;
      badDrafts: number;
      badInstitutional: number;
      undiagnosed: number;
    }>(`
      WITH bad AS (SELECT h.claim_id, h.line_number FROM charges h, unnest(h.diagnosis_pointers) p
                    WHERE NOT EXISTS (SELECT 1 FROM claim_diagnoses d WHERE d.claim_id = h.claim_id AND d.sequence = p))
      SELECT (SELECT count(*) FROM bad JOIN claims c USING (claim_id) WHERE c.claim_status_id <> 1 OR bad.line_number <> 1)::int AS bad,
             (SELECT count(*) FROM bad)::int AS "badDrafts",
             (SELECT count(*) FROM bad JOIN claims c USING (claim_id) WHERE c.claim_type <> 'professional')::int AS "badInstitutional",
             (SELECT count(*) FROM claims c WHERE NOT EXISTS (SELECT 1 FROM claim_diagnoses d WHERE d.claim_id = c.claim_id))::int AS undiagnosed`);
    // The scrubber's pointer rule is a professional claim's: a draft left for it to catch stays professional.
    expect(pointers).toMatchObject({ bad: 0, badInstitutional: 0, undiagnosed: 0 });
    expect(pointers?.badDrafts).toBeGreaterThan(0);
  });

  it('leaves no dangling reference (PGlite writes the chunks without trigger checks)', async () => {
    const checks = {
      // An advance payment's credit rows sit on the patient, with no claim or charge.
      ledgerCharge:
        'SELECT count(*) AS n FROM ledger_entries l LEFT JOIN charges c USING (charge_id) WHERE (c.charge_id IS NULL OR c.claim_id <> l.claim_id) AND NOT (l.charge_id IS NULL AND l.claim_id IS NULL AND l.advance_payment_id IS NOT NULL)',
      ledgerClaim:
        'SELECT count(*) AS n FROM ledger_entries l LEFT JOIN claims c USING (claim_id) WHERE (c.claim_id IS NULL OR c.patient_id <> l.patient_id OR c.practice_id <> l.practice_id OR c.group_id <> l.group_id) AND NOT (l.claim_id IS NULL AND l.advance_payment_id IS NOT NULL)',
      credit:
        'SELECT count(*) AS n FROM ledger_entries l LEFT JOIN advance_payments a USING (advance_payment_id) WHERE l.claim_id IS NULL AND (a.advance_payment_id IS NULL OR a.patient_id <> l.patient_id OR a.group_id <> l.group_id)',
      reversals:
        "SELECT count(*) AS n FROM ledger_entries l LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id WHERE l.entry_type = 'reversal' AND (o.ledger_id IS NULL OR o.charge_id <> l.charge_id OR o.amount_cents <> -l.amount_cents)",
      charges:
        'SELECT count(*) AS n FROM charges h LEFT JOIN claims c USING (claim_id) LEFT JOIN providers p ON p.provider_id = h.rendering_provider_id WHERE c.claim_id IS NULL OR p.provider_id IS NULL',
      claims: `SELECT count(*) AS n FROM claims c
                 LEFT JOIN patients p ON p.patient_id = c.patient_id AND p.practice_id = c.practice_id AND p.group_id = c.group_id
                 LEFT JOIN facilities f ON f.facility_id = c.facility_id AND f.practice_id = c.practice_id
                 LEFT JOIN providers r ON r.provider_id = c.provider_id AND r.practice_id = c.practice_id
                 LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id AND pi.patient_id = c.patient_id AND pi.insurance_id = c.insurance_id
                 LEFT JOIN users u ON u.user_id = c.assigned_user_id
                WHERE p.patient_id IS NULL OR f.facility_id IS NULL OR r.provider_id IS NULL
                   OR (c.patient_insurance_id IS NOT NULL AND pi.patient_insurance_id IS NULL)
                   OR (c.assigned_user_id IS NOT NULL AND u.user_id IS NULL)
                   OR upper(p.last_name || ', ' || p.first_name) <> c.patient_name`,
      diagnoses:
        'SELECT count(*) AS n FROM claim_diagnoses d LEFT JOIN claims c USING (claim_id) WHERE c.claim_id IS NULL',
      activity:
        'SELECT (SELECT count(*) FROM notes n LEFT JOIN claims c USING (claim_id) WHERE c.claim_id IS NULL) + (SELECT count(*) FROM tasks t LEFT JOIN claims c USING (claim_id) WHERE c.claim_id IS NULL) AS n',
      patients:
        'SELECT (SELECT count(*) FROM patient_insurances pi LEFT JOIN patients p USING (patient_id) WHERE p.patient_id IS NULL) + (SELECT count(*) FROM patient_guarantors g LEFT JOIN patients p USING (patient_id) WHERE p.patient_id IS NULL) AS n',
    };
    for (const [name, sql] of Object.entries(checks)) {
      const [row] = await first.db.query<{ n: number }>(sql);
      expect(row?.n, name).toBe(0);
    }
  });

  it('creates the demo users, roles and branding', async () => {
    const users = await first.db.query<{
      email: string;
      role: string;
      data_role: string;
      password_hash: string;
      totp_secret: string;
      default_module_url: string;
    }>(
      'SELECT u.email, r.name AS role, d.name AS data_role, u.password_hash, u.totp_secret, u.default_module_url FROM users u JOIN roles r USING (role_id) JOIN data_roles d USING (data_role_id) ORDER BY u.user_id',
    );
    expect(users.slice(0, 3).map(({ email, role, data_role }) => [email, role, data_role])).toEqual([
      [DEMO_EMAIL, 'Administrator', 'All Groups'],
      ['biller@demo.test', 'Biller', 'Lakeside Only'],
      ['northwind@demo.test', 'Biller', 'Northwind Only'],
    ]);
    expect(new Set(users.map((user) => user.password_hash)).size).toBe(1);
    expect(
      users.every((user) => user.totp_secret === DEMO_TOTP_SECRET && user.default_module_url === '/app/all-claims'),
    ).toBe(true);
    expect(await verifyPassword(users[0]?.password_hash ?? '', DEMO_PASSWORD)).toBe(true);

    const modules = await first.db.query<{ role: string; modules: number }>(
      'SELECT r.name AS role, count(*) AS modules FROM role_modules JOIN roles r USING (role_id) GROUP BY r.name ORDER BY r.name',
    );
    const [all] = await first.db.query<{ n: number }>('SELECT count(*) AS n FROM modules');
    expect(modules).toEqual([
      { role: 'Administrator', modules: all?.n },
      { role: 'Biller', modules: 5 },
    ]);
    const branding = await first.db.query<{ subdomain: string; title: string; primary_color: string }>(
      'SELECT subdomain, title, primary_color FROM white_label_setups ORDER BY subdomain',
    );
    expect(branding.find((row) => row.subdomain === 'demo')).toEqual({
      subdomain: 'demo',
      title: 'Lakeside Medical Billing',
      primary_color: '#0f766e',
    });
    expect(branding.map((row) => row.subdomain)).toContain('northwind');
  });

  it('refuses to seed twice and appends claims to the demo data', async () => {
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    expect(await hasDemoData(first.db)).toBe(true);
    await expect(seedDemo(first.db, { claims: 10, now: NOW })).rejects.toThrow(/already has users/);

    const summary = await appendDemoClaims(first.db, { claims: 40, now: NOW });
    expect(summary.claims).toBe(CLAIMS + 40);
    expect(summary.patients).toBe(Math.round(CLAIMS / 3));
    const [row] = await first.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM claims c WHERE c.balance_cents <> (SELECT sum(amount_cents) FROM ledger_entries l WHERE l.claim_id = c.claim_id)',
    );
    expect(row?.n).toBe(0);
  });
});
