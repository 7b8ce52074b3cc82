/**
 * Database fixtures for scrub and loader tests: a test group with coverage, the few reference
 * codes the claims use, and claims built line by line. Each claim gets its own date of service
 * unless told otherwise, so claims of one patient never repeat each other by accident.
 */
import type { Db } from '../../db/types.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import type { TestDatabase, TestEngine } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import type { Actor } from '../context.ts';

/** "Today" of the scrub tests: every generated date of service is before it and inside FY2026. */
export const SCRUB_NOW = new Date('2026-03-15T12:00:00Z');

export interface LineSpec {
  code: string;
  modifiers?: string[];
  cents?: number;
  pointers?: number[];
  status?: 'active' | 'hold' | 'void';
  renderingProviderID?: number;
}

export interface ClaimSpec {
  lines: LineSpec[];
  diagnoses?: string[];
  dos?: string;
  claimStatusID?: number;
  patientInsuranceID?: number | null;
  crossoverOfClaimID?: number;
  /** Defaults to the sum of the lines that are not void. */
  totalCents?: number;
}

export interface ScrubTestData {
  db: Db;
  group: TestGroup;
  actor: Actor;
  /** The patient's primary coverage (Aetna). */
  coverageID: number;
  insertClaim(spec: ClaimSpec): Promise<{ claimID: number; chargeIDs: number[] }>;
}

async function insertReferenceCodes(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO place_of_service (code, name) VALUES ('11', 'Office'), ('22', 'On Campus-Outpatient Hospital') ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO icd_codes (code, fiscal_year, billable, short_description, long_description)
     VALUES ('E119', 2026, true, 'Type 2 diabetes', 'Type 2 diabetes mellitus without complications'),
            ('I10', 2026, true, 'Hypertension', 'Essential (primary) hypertension'),
            ('E11', 2026, false, 'Type 2 diabetes', 'Type 2 diabetes mellitus')
     ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO hcpcs_codes (code, short_description, long_description) VALUES ('J1100', 'Dexamethasone', 'Injection, dexamethasone sodium phosphate, 1 mg') ON CONFLICT DO NOTHING`,
  );
}

export async function createScrubTestData(db: Db, name: string): Promise<ScrubTestData> {
  await insertReferenceCodes(db);
  const group = await createTestGroup(db, name, { claims: 0 });
  const user = await createTestUser(db, `${name.toLowerCase()}@example.test`, { groupIds: [group.groupId] });
  const [coverage] = await db.query<{ id: number }>(
    `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
     VALUES ($1, $2, 1, 'W123456789', DATE '2025-01-01') RETURNING patient_insurance_id AS id`,
    [group.patientId, group.insuranceId],
  );
  const coverageID = coverage!.id;
  const actor: Actor = {
    userId: user.userId,
    sessionId: 0,
    loginAuditId: 0,
    roleId: 0,
    dataRoleId: 0,
    modules: new Set(),
    mustChangePassword: false,
    ip: '127.0.0.1',
    source: 'palette',
  };
  let nextDay = 0;

  async function insertClaim(spec: ClaimSpec): Promise<{ claimID: number; chargeIDs: number[] }> {
    nextDay += 1;
    const dos = spec.dos ?? new Date(Date.UTC(2026, 0, 1 + nextDay)).toISOString().slice(0, 10);
    const total =
      spec.totalCents ??
      spec.lines.filter((line) => line.status !== 'void').reduce((sum, line) => sum + (line.cents ?? 10_000), 0);
    return db.transaction(async (tx) => {
      const [claim] = await tx.query<{ id: number }>(
        `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, patient_insurance_id, insurance_id, provider_id, pos_code,
                             claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to, total_charge_cents, balance_cents, crossover_of_claim_id)
         SELECT $1, $2, $3, 'SMITH, JANE', pi.patient_insurance_id, coalesce(pi.insurance_id, $5), $6, '11', $7, 1, 1, $8, $8, $9, $9, $10
           FROM (SELECT 1) one LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = $4
         RETURNING claim_id AS id`,
        [
          group.groupId,
          group.practiceId,
          group.patientId,
          spec.patientInsuranceID === undefined ? coverageID : spec.patientInsuranceID,
          group.insuranceId,
          group.providerId,
          spec.claimStatusID ?? 1,
          dos,
          total,
          spec.crossoverOfClaimID ?? null,
        ],
      );
      const claimID = claim!.id;
      const diagnoses = spec.diagnoses ?? ['E119', 'I10'];
      if (diagnoses.length > 0) {
        await tx.query(
          'INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT $1, s, c FROM unnest($2::text[]) WITH ORDINALITY AS d (c, s)',
          [claimID, diagnoses],
        );
      }
      const chargeIDs: number[] = [];
      for (const [index, line] of spec.lines.entries()) {
        const modifiers = line.modifiers ?? [];
        const [charge] = await tx.query<{ id: number }>(
          `INSERT INTO charges (claim_id, line_number, cpt_code, modifier1, modifier2, modifier3, modifier4, units, charge_cents, diagnosis_pointers,
                                dos_from, dos_to, rendering_provider_id, charge_status, line_control_number, balance_cents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9::smallint[], $10, $10, $11, $12, $13, $8) RETURNING charge_id AS id`,
          [
            claimID,
            index + 1,
            line.code,
            modifiers[0] ?? null,
            modifiers[1] ?? null,
            modifiers[2] ?? null,
            modifiers[3] ?? null,
            line.cents ?? 10_000,
            line.pointers ?? [1],
            dos,
            line.renderingProviderID ?? group.providerId,
            line.status ?? 'active',
            `T${claimID}-${index + 1}`,
          ],
        );
        chargeIDs.push(charge!.id);
      }
      return { claimID, chargeIDs };
    });
  }

  return { db, group, actor, coverageID, insertClaim };
}

/** What most server tests of claim work start from: the data above, its biller signed in, and a signed-in user of another group. */
export interface ClaimTestWorld {
  database: TestDatabase;
  test: TestApp;
  data: ScrubTestData;
  biller: SessionUser;
  outsider: SessionUser;
  /** The other group, whose providers and claims the biller must never reach. */
  elsewhere: TestGroup;
}

export async function openClaimTestWorld(
  engine: TestEngine,
  name: string,
  elsewhereName: string,
  elsewhereClaims = 0,
): Promise<ClaimTestWorld> {
  const database = await engine.create();
  const data = await createScrubTestData(database.db, name);
  const elsewhere = await createTestGroup(database.db, elsewhereName, { claims: elsewhereClaims });
  await createTestUser(database.db, `${elsewhereName.toLowerCase()}@example.test`, { groupIds: [elsewhere.groupId] });
  const test = await createTestApp(database.db);
  const biller = await signIn(test, `${name.toLowerCase()}@example.test`);
  const outsider = await signIn(test, `${elsewhereName.toLowerCase()}@example.test`);
  return { database, test, data, biller, outsider, elsewhere };
}

export async function closeClaimTestWorld(world: Pick<ClaimTestWorld, 'database' | 'test'>): Promise<void> {
  await world.test.close();
  await world.database.dispose();
}
