/**
 * Every mounted call, walked three ways on the demo data (a seeded Lakeside group and Northwind
 * group): by a biller of Lakeside, the owner; by a biller of Northwind, with Lakeside's records as
 * input; and by a Lakeside user whose role lacks the call's module. It fails on any of:
 * - a row of the other group in the answer (a Lakeside patient's marked name);
 * - any change to the data made by the other group's user, or by the user without the module;
 * - a call of a module the role does not hold answered other than 403;
 * - a read of patient data (the marked name in the answer) without an audit row of the reader;
 * - a refused read of another group's record (404) without an audit row.
 * Inputs are made from each call's own input schema, its fields filled with Lakeside's records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { SessionUser } from '../../contract/auth.ts';
import type { CallDefinition } from '../../contract/call.ts';
import type { UploadEraReply } from '../../contract/era.ts';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';
import { loadReferenceData } from '../reference/load.ts';
import { remittanceForClaims } from '../seed/demoRemittances.ts';
import { seedDemo } from '../seed/generator.ts';
import { createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

const MARK = 'QXMARKERPATIENT';
/** What the caller's own settings and the logs hold: a call may change them. */
const NOT_DATA = new Set([
  'access_epoch',
  'audit_log',
  'login_audit',
  'login_challenges',
  'passcodes',
  'sessions',
  'user_settings',
  'grid_layouts',
  'saved_reports',
  'recents',
  'favorites',
  'work_groups',
  'work_group_items',
  'bulk_jobs',
  'bulk_job_failures',
  // The caller's own notifications: a run of theirs tells them; marking theirs read.
  'notifications',
  'schema_migrations',
  'users',
]);

/**
 * Calls that add a record of the company's, not of a group's: any administrator holding the module
 * may add a menu role, so Northwind's administrator doing so changes nothing of Lakeside's.
 */
const ADDS_A_COMPANY_RECORD: Readonly<Record<string, readonly string[]>> = {
  '/Roles/saveRole': ['roles', 'role_modules'],
  // A statement run is recorded for whoever starts it; with no patients named its job bills the
  // caller's own patients by the rules, and named patients of another group are refused.
  '/Patient/startPatientStatementRun': ['patient_statement_runs', 'patient_statements'],
};

type Ids = Record<string, number | string>;

/** The value a field named `key` takes: one of Lakeside's records, or a plain value of the field's type. */
function sample(schema: z.ZodType, key: string, ids: Ids, depth = 0): unknown {
  // Zod 4 keeps a schema's kind and parts in `_zod.def`; lazy (deferred) ones build on `getter()`.
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (name: string) => def[name] as z.ZodType;
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), key, ids, depth + 1);
    case 'pipe': {
      // A preprocessed value (a number read from a query string's digits) is sampled as what it becomes.
      const from = inner('in');
      const kind = (from as unknown as { _zod: { def: { type: string } } })._zod.def.type;
      return sample(kind === 'transform' ? inner('out') : from, key, ids, depth + 1);
    }
    case 'optional':
    case 'default':
    case 'nullable':
    case 'catch':
    case 'prefault':
    case 'readonly':
      return key in ids || key.toLowerCase() in ids
        ? sample(inner('innerType'), key, ids, depth + 1)
        : def.type === 'nullable'
          ? sample(inner('innerType'), key, ids, depth + 1)
          : undefined;
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [field, part] of Object.entries(shape)) {
        const value = sample(part, field, ids, depth + 1);
        if (value !== undefined) out[field] = value;
      }
      return out;
    }
    case 'array': {
      const element = sample(inner('element'), key.replace(/S$|s$/, ''), ids, depth + 1);
      return element === undefined ? [] : [element];
    }
    case 'union':
      return sample((def.options as z.ZodType[])[0] as z.ZodType, key, ids, depth + 1);
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'number':
    case 'int':
    case 'bigint':
      return ids[key] ?? ids[key.toLowerCase()] ?? 1;
    case 'string':
      return ids[key] ?? ids[key.toLowerCase()] ?? 'x';
    case 'boolean':
      return false;
    case 'date':
      return '2026-11-20';
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/**
 * Records which data tables a statement writes: a trigger on each appends the table's name to
 * `test_writes`, so a call's changes are read off in one query (rather than hashing every table).
 */
async function watchWrites(db: Db): Promise<void> {
  const tables = (
    await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
    )
  )
    .map((row) => row.name)
    .filter((name) => !NOT_DATA.has(name));
  await db.exec(`CREATE TABLE test_writes (at bigint GENERATED ALWAYS AS IDENTITY, table_name text NOT NULL);
    CREATE FUNCTION note_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO test_writes (table_name) VALUES (TG_TABLE_NAME); RETURN NULL; END $$;`);
  for (const table of tables)
    await db.exec(
      `CREATE TRIGGER note_write_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION note_write()`,
    );
}

async function writesSince(db: Db, mark: number): Promise<{ tables: string[]; mark: number }> {
  const rows = await db.query<{ at: number; table: string }>(
    'SELECT at, table_name AS "table" FROM test_writes WHERE at > $1 ORDER BY at',
    [mark],
  );
  return { tables: [...new Set(rows.map((row) => row.table))], mark: rows.at(-1)?.at ?? mark };
}

describe('the access matrix of every mounted call', () => {
  let db: Db;
  let test: TestApp;
  let owner: SessionUser;
  let stranger: SessionUser;
  let moduleless: SessionUser;
  const ids: Ids = {};
  const userIDs: Record<string, number> = {};

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims: 160, seed: 11, now: new Date('2026-11-22T12:00:00Z') });
    const [lake] = await db.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM groups WHERE name LIKE \'Lakeside%\'',
    );
    const [north] = await db.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM groups WHERE name LIKE \'Northwind%\'',
    );
    const lakeside = Number(lake?.groupID);
    // One Lakeside patient with claims carries a name no other record has: it must never reach Northwind.
    const [patient] = await db.query<{ patientID: number }>(
      'SELECT patient_id AS "patientID" FROM claims WHERE group_id = $1 AND claim_status_id IN (3, 4) AND balance_cents > 0 GROUP BY patient_id ORDER BY count(*) DESC, patient_id LIMIT 1',
      [lakeside],
    );
    await db.query('UPDATE patients SET last_name = $2 WHERE patient_id = $1', [patient?.patientID, MARK]);
    await db.query(
      "UPDATE claims SET patient_name = $2 || ', ' || split_part(patient_name, ', ', 2) WHERE patient_id = $1",
      [patient?.patientID, MARK],
    );
    const one = async (sql: string, values: unknown[] = []) =>
      Number((await db.query<{ id: number }>(sql, values))[0]?.id ?? 0);
    const claimID = await one(
      'SELECT claim_id AS id FROM claims WHERE patient_id = $1 AND claim_status_id IN (3, 4) AND balance_cents > 0 ORDER BY claim_id LIMIT 1',
      [patient?.patientID],
    );
    Object.assign(ids, {
      groupID: lakeside,
      clientID: lakeside,
      practiceID: await one('SELECT practice_id AS id FROM claims WHERE claim_id = $1', [claimID]),
      facilityID: await one('SELECT facility_id AS id FROM claims WHERE claim_id = $1', [claimID]),
      providerID: await one('SELECT provider_id AS id FROM claims WHERE claim_id = $1', [claimID]),
      patientID: Number(patient?.patientID),
      claimID,
      ClaimID: claimID,
      chargeID: await one('SELECT charge_id AS id FROM charges WHERE claim_id = $1 ORDER BY charge_id LIMIT 1', [
        claimID,
      ]),
      insuranceID: await one('SELECT insurance_id AS id FROM claims WHERE claim_id = $1', [claimID]),
      patientInsuranceID: await one('SELECT patient_insurance_id AS id FROM claims WHERE claim_id = $1', [claimID]),
      paymentBatchID: await one(
        'SELECT payment_batch_id AS id FROM payment_batches WHERE group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      chargeBatchID: await one(
        'SELECT charge_batch_id AS id FROM charge_batches WHERE group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      documentBatchID: await one(
        'SELECT document_batch_id AS id FROM document_batches WHERE group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      documentID: await one('SELECT document_id AS id FROM documents WHERE group_id = $1 ORDER BY 1 LIMIT 1', [
        lakeside,
      ]),
      advancePaymentID: await one(
        'SELECT advance_payment_id AS id FROM advance_payments WHERE group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      ledgerID: await one(
        "SELECT ledger_id AS id FROM ledger_entries WHERE group_id = $1 AND entry_type <> 'charge' ORDER BY 1 LIMIT 1",
        [lakeside],
      ),
      noteID: await one(
        'SELECT n.note_id AS id FROM notes n JOIN claims c ON c.claim_id = n.claim_id WHERE c.group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      taskID: await one('SELECT task_id AS id FROM tasks WHERE group_id = $1 ORDER BY 1 LIMIT 1', [lakeside]),
      medicalCaseID: await one(
        'SELECT medical_case_id AS id FROM medical_cases mc JOIN patients p ON p.patient_id = mc.patient_id WHERE p.group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      submissionBatchID: await one(
        'SELECT submission_batch_id AS id FROM submission_batches WHERE group_id = $1 ORDER BY 1 LIMIT 1',
        [lakeside],
      ),
      feeScheduleID: await one('SELECT fee_schedule_id AS id FROM fee_schedules ORDER BY 1 LIMIT 1'),
      cptNdcCrosswalkID: await one('SELECT cpt_ndc_crosswalk_id AS id FROM cpt_ndc_crosswalks ORDER BY 1 LIMIT 1'),
      cptCode: '99213',
    });
    for (const [name, groupIds, modules] of [
      ['owner@lakeside.test', [lakeside], undefined],
      ['stranger@northwind.test', [Number(north?.groupID)], undefined],
      // No module at all: every module-bound call, the dashboard's included, must refuse it.
      ['moduleless@lakeside.test', [lakeside], [] as const],
    ] as const) {
      userIDs[name] = (
        await createTestUser(db, name, { groupIds: [...groupIds], ...(modules ? { modules } : {}) })
      ).userId;
    }
    await watchWrites(db);
    test = await createTestApp(db);
    owner = await signIn(test, 'owner@lakeside.test');
    // An 835 paying the patient's claim, uploaded and posted by the owner: the ERA screens' records.
    const remit = await remittanceForClaims(db, [claimID], '2026-11-22', 'MATRIX1');
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/uploadERA',
      query: { groupID: String(lakeside), fileName: 'matrix.835' },
      headers: { ...bearer(owner), 'content-type': 'text/plain' },
      payload: remit,
    });
    const check = uploaded.json<UploadEraReply>().checks[0];
    await test.app.inject({
      method: 'GET',
      url: '/api/AddEditClaim/postInsurancePayment',
      query: { eraCheckID: String(check?.eraCheckID), bypassWarningsID: '1' },
      headers: bearer(owner),
    });
    Object.assign(ids, {
      eraID: uploaded.json<UploadEraReply>().eraID,
      eraCheckID: Number(check?.eraCheckID),
      eraClaimID: await one('SELECT era_claim_id AS id FROM era_claims WHERE era_check_id = $1 ORDER BY 1 LIMIT 1', [
        check?.eraCheckID,
      ]),
      eraLineID: await one(
        'SELECT el.era_line_id AS id FROM era_lines el JOIN era_claims x ON x.era_claim_id = el.era_claim_id WHERE x.era_check_id = $1 ORDER BY 1 LIMIT 1',
        [check?.eraCheckID],
      ),
      eraClaimIDS: String(
        await one('SELECT era_claim_id AS id FROM era_claims WHERE era_check_id = $1 ORDER BY 1 LIMIT 1', [
          check?.eraCheckID,
        ]),
      ),
    });
    stranger = await signIn(test, 'stranger@northwind.test');
    moduleless = await signIn(test, 'moduleless@lakeside.test');
  }, 240_000);

  afterAll(async () => {
    await test?.close();
    await db?.close();
  });

  const defined = () =>
    ENDPOINTS.filter((call): call is CallDefinition => call.kind === 'call' && call.access !== 'public');
  const send = (call: CallDefinition, session: SessionUser, input: unknown) => {
    const url = `/api${call.path}`;
    if (call.method === 'GET' || (call.method === 'DELETE' && input === undefined)) {
      const query = Object.fromEntries(
        Object.entries((input ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      );
      return test.app.inject({ method: call.method, url, query, headers: bearer(session) });
    }
    if (typeof input === 'string')
      return test.app.inject({
        method: call.method,
        url,
        payload: input,
        headers: { ...bearer(session), 'content-type': 'text/plain' },
      });
    return test.app.inject({
      method: call.method,
      url,
      payload: input as Record<string, unknown>,
      headers: bearer(session),
    });
  };
  /** A call that starts a bulk run answers at once; the run's writes belong to that call, so wait for it. */
  const runsSettled = async () => {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const [row] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM bulk_jobs WHERE status IN ('queued', 'running')",
      );
      if (Number(row?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const auditRows = async (userID: number | undefined) =>
    Number(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1', [userID]))[0]?.n,
    );

  it('keeps every call to the data role and the module, changes nothing for a stranger, and audits every read of patient data', async () => {
    const problems: string[] = [];
    let ownerAnswered = 0;
    let ownerReadThePatient = 0;
    for (const call of defined()) {
      const input = call.path === '/AddEditClaim/uploadERA' ? 'ISA*junk~' : sample(call.input, '', ids);
      const where = `${call.method} ${call.path}`;

      // A biller of Northwind, with Lakeside's records as the input.
      let mark = (await writesSince(db, 0)).mark;
      const strangerAudit = await auditRows(userIDs['stranger@northwind.test']);
      const asStranger = await send(call, stranger, input);
      await runsSettled();
      if (asStranger.body.includes(MARK))
        problems.push(`${where}: Northwind read Lakeside's patient (${asStranger.statusCode})`);
      const byStranger = await writesSince(db, mark);
      mark = byStranger.mark;
      const companyRecord = ADDS_A_COMPANY_RECORD[call.path] ?? [];
      if (byStranger.tables.some((table) => !companyRecord.includes(table)))
        problems.push(`${where}: Northwind's call changed ${byStranger.tables.join(', ')} (${asStranger.statusCode})`);
      if (
        asStranger.statusCode === 404 &&
        call.method === 'GET' &&
        (await auditRows(userIDs['stranger@northwind.test'])) === strangerAudit
      )
        problems.push(`${where}: a refused read of another group's record left no audit row`);

      // A Lakeside user whose role lacks the call's module.
      if (call.access !== 'session') {
        const asModuleless = await send(call, moduleless, input);
        await runsSettled();
        if (asModuleless.statusCode !== 403)
          problems.push(`${where}: answered ${asModuleless.statusCode}, not 403, to a role without ${call.access}`);
        const byModuleless = await writesSince(db, mark);
        if (byModuleless.tables.length > 0)
          problems.push(`${where}: a role without ${call.access} changed ${byModuleless.tables.join(', ')}`);
      }

      // The owner reads: any answer naming the patient must leave an audit row of the read.
      if (call.method === 'GET') {
        const ownerAudit = await auditRows(userIDs['owner@lakeside.test']);
        const asOwner = await send(call, owner, input);
        if (asOwner.statusCode < 300) ownerAnswered += 1;
        if (asOwner.body.includes(MARK)) ownerReadThePatient += 1;
        if (asOwner.body.includes(MARK) && (await auditRows(userIDs['owner@lakeside.test'])) === ownerAudit)
          problems.push(`${where}: a read of patient data left no audit row`);
      }
    }
    expect(problems).toEqual([]);
    // The inputs made from the schemas do reach the handlers: most reads are answered for the owner.
    expect(ownerAnswered).toBeGreaterThan(50);
    // And many of them name the patient: the audit of reads is checked on real patient data.
    expect(ownerReadThePatient).toBeGreaterThan(8);
  }, 600_000);
});
