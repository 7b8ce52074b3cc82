import { readFileSync } from 'node:fs';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdiImportLogReply, Hl7ImportLogReply, UploadHl7Reply } from '../../../contract/importLogs.ts';
import { startPayerSim } from '../../payerSim/server.ts';
import { testEngines } from '../../test/engines.ts';
import { bearer } from '../../test/harness.ts';
import { httpEligibilityAdapter } from '../eligibility/adapter.ts';
import { checkEligibility } from '../eligibility/checkEligibility.ts';
import { openClaimTestWorld, type ClaimTestWorld } from '../scrub/scrubTestData.ts';
import { adtA04, adtA08, dftP03, in1, ormO01 } from './hl7Fixtures.ts';
import { setInbound } from './inbound.ts';
import { startMllpListener, type MllpListener } from './mllpListener.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const SAMPLE_835 = readFileSync(
  new URL('../../edi/samples/835_5010_lfh_managed_care_deductible_contractual.835', import.meta.url),
  'utf8',
);

describe.each(testEngines)('the HL7 import and the import logs, on $name', (engine) => {
  let world: ClaimTestWorld;
  let listener: MllpListener;

  beforeAll(async () => {
    world = await openClaimTestWorld(engine, 'Harbor', 'Faraway');
    world.test.clock.time = NOW.getTime();
    const { db } = world.database;
    const [biller] = await db.query<{ id: number }>(
      "SELECT user_id AS id FROM users WHERE email = 'harbor@example.test'",
    );
    await setInbound(db, {
      practiceID: world.data.group.practiceId,
      receivingFacility: 'harbor',
      importUserID: biller!.id,
    });
    await db.query(
      `INSERT INTO facilities (group_id, practice_id, name, pos_code, address1, city, state, zip)
       VALUES ($1, $2, 'Harbor Clinic', '11', '5 Dock St', 'Austin', 'TX', '78702')`,
      [world.data.group.groupId, world.data.group.practiceId],
    );
    listener = await startMllpListener({ db, port: 0, now: () => NOW });
  });

  afterAll(async () => {
    await listener.close();
    await world.test.close();
    await world.database.dispose();
  });

  const upload = (text: string, practiceID = world.data.group.practiceId, session = world.biller) =>
    world.test.app.inject({
      method: 'POST',
      url: '/api/Reports/uploadHL7File',
      query: { practiceID: String(practiceID), fileName: 'clinic.hl7' },
      headers: { ...bearer(session), 'content-type': 'text/plain' },
      payload: text,
    });
  const hl7Log = async (query: Record<string, string> = {}, session = world.biller) => {
    const reply = await world.test.app.inject({
      method: 'GET',
      url: '/api/Reports/getHL7ImportLogProfileData',
      query,
      headers: bearer(session),
    });
    expect(reply.statusCode).toBe(200);
    return reply.json<Hl7ImportLogReply>();
  };
  const send = async (text: string): Promise<Hl7Message> => {
    const client = new Hl7Client({ host: '127.0.0.1', port: listener.port });
    try {
      return await client.sendAndWait(Hl7Message.parse(text), { timeoutMs: 20_000 });
    } finally {
      await client.close();
    }
  };
  const msa = (ack: Hl7Message) => ({
    code: ack.getSegment('MSA')?.getComponent(1, 1),
    controlID: ack.getSegment('MSA')?.getComponent(2, 1),
    text: ack.getSegment('MSA')?.getComponent(3, 1),
  });

  it('registers a patient from an ADT^A04 received over MLLP and answers AA', async () => {
    const ack = await send(adtA04());
    expect(msa(ack)).toMatchObject({ code: 'AA', controlID: 'A04-0001' });
    const [patient] = await world.database.db.query<{
      lastName: string;
      address1: string;
      address2: string;
      phone: string;
      practiceID: number;
    }>(
      `SELECT last_name AS "lastName", address1, address2, phone, practice_id AS "practiceID" FROM patients WHERE last_name = 'O''CONNOR'`,
    );
    expect(patient).toEqual({
      lastName: "O'CONNOR",
      address1: '12 Harbor St & Pier Rd',
      address2: 'Unit 4^B',
      phone: '512-555-0101',
      practiceID: world.data.group.practiceId,
    });
    const audit = await world.database.db.query<{ action: string; source: string }>(
      "SELECT action, source FROM audit_log WHERE action = 'patient.add' ORDER BY audit_id DESC LIMIT 1",
    );
    expect(audit).toEqual([{ action: 'patient.add', source: 'system' }]);
  });

  it('updates the same patient from an ADT^A08, found by the EHR identifier', async () => {
    const ack = await send(adtA08());
    expect(msa(ack).code).toBe('AA');
    const rows = await world.database.db.query<{ address1: string }>(
      "SELECT address1 FROM patients WHERE last_name = 'O''CONNOR'",
    );
    expect(rows).toEqual([{ address1: '400 Bay Ave' }]);
  });

  const coverages = () =>
    world.database.db.query<{
      priority: number;
      payer: string;
      memberID: string;
      groupNumber: string | null;
      relationship: string;
      subscriber: string | null;
      active: boolean;
    }>(
      `SELECT pi.priority::int AS priority, i.payer_id AS payer, pi.subscriber_id AS "memberID", pi.group_number AS "groupNumber",
              pi.subscriber_relation AS relationship, pi.subscriber_last_name AS subscriber, pi.active
         FROM patient_insurances pi JOIN insurances i USING (insurance_id) JOIN patients p USING (patient_id)
        WHERE p.last_name = 'O''CONNOR' ORDER BY pi.priority, pi.patient_insurance_id`,
    );

  it("makes the registration's IN1 the patient's primary insurance, through the coverage service", async () => {
    expect(await coverages()).toEqual([
      {
        priority: 1,
        payer: '60054',
        memberID: 'W123456789',
        groupNumber: 'GRP7788',
        relationship: '18',
        subscriber: null,
        active: true,
      },
    ]);
    const [log] = (await hl7Log({ messageType: 'ADT^A04' })).rows;
    expect(log?.action).toMatch(/patient registered \(account .+\); insurance 1 added$/);
    const audit = await world.database.db.query<{ source: string }>(
      "SELECT source FROM audit_log WHERE action = 'patientInsurance.create'",
    );
    expect(audit).toEqual([{ source: 'system' }]);
  });

  it("updates the primary and adds a secondary from an ADT^A08's IN1s (payer by ID or by name, the insured a spouse)", async () => {
    const ack = await send(
      adtA08(
        'A08-IN1',
        in1({ 1: '1', 3: '60054', 4: 'AETNA', 8: 'GRP9900', 12: '20260101', 17: 'SEL', 36: 'W555000111' }),
        in1({
          1: '2',
          4: 'Aetna',
          12: '20260201',
          16: "O'CONNOR^PATRICK",
          17: 'SPO',
          18: '19740101',
          43: 'M',
          49: 'S777',
        }),
      ),
    );
    expect(msa(ack)).toMatchObject({ code: 'AA', controlID: 'A08-IN1' });
    expect(await coverages()).toEqual([
      expect.objectContaining({ priority: 1, memberID: 'W555000111', groupNumber: 'GRP9900', relationship: '18' }),
      expect.objectContaining({
        priority: 2,
        payer: '60054',
        memberID: 'S777',
        relationship: '01',
        subscriber: "O'CONNOR",
      }),
    ]);
  });

  it('refuses (AE) an IN1 naming no payer of the group, and changes nothing', async () => {
    const ack = await send(adtA08('A08-UNKNOWN', in1({ 1: '1', 3: '99999', 4: 'NOBODY HEALTH', 36: 'X1' })));
    expect(msa(ack).code).toBe('AE');
    expect(msa(ack).text).toContain('IN1 1: no active payer of the group has payer ID 99999');
    const [logged] = await world.database.db.query<{ errors: string[] }>(
      "SELECT errors FROM hl7_import_log WHERE control_id = 'A08-UNKNOWN'",
    );
    expect(logged?.errors).toEqual([
      'IN1 1: no active payer of the group has payer ID 99999 or the name NOBODY HEALTH.',
    ]);
    expect((await coverages()).map((row) => row.memberID)).toEqual(['W555000111', 'S777']);
    const refused = await send(adtA08('A08-NO-MEMBER', in1({ 1: '1', 3: '60054' })));
    expect(msa(refused).code).toBe('AE');
    expect(msa(refused).text).toContain('IN1 1: no member ID');
  });

  it('creates a draft claim with its charge lines from a DFT^P03, through the claim service (ledger, DNA log)', async () => {
    const ack = await send(dftP03());
    expect(msa(ack).code).toBe('AA');
    const [claim] = await world.database.db.query<{ claimID: number; status: string; total: number; provider: number }>(
      `SELECT c.claim_id AS "claimID", s.name AS status, c.total_charge_cents AS total, c.provider_id AS provider
         FROM claims c JOIN claim_statuses s ON s.claim_status_id = c.claim_status_id
         JOIN patients p ON p.patient_id = c.patient_id WHERE p.last_name = 'O''CONNOR'`,
    );
    expect(claim).toMatchObject({ total: 17_400, provider: world.data.group.providerId });
    const [facility] = await world.database.db.query<{ name: string }>(
      'SELECT f.name FROM claims c JOIN facilities f ON f.facility_id = c.facility_id WHERE c.claim_id = $1',
      [claim!.claimID],
    );
    expect(facility?.name).toBe('Harbor Clinic');
    expect(claim?.status.toLowerCase()).toContain('draft');
    const lines = await world.database.db.query<{
      code: string;
      modifier1: string | null;
      units: number;
      cents: number;
      pointers: number[];
    }>(
      `SELECT cpt_code AS code, modifier1, units::int AS units, charge_cents AS cents, diagnosis_pointers AS pointers
         FROM charges WHERE claim_id = $1 ORDER BY line_number`,
      [claim!.claimID],
    );
    expect(lines).toEqual([
      { code: '99214', modifier1: '25', units: 1, cents: 15_000, pointers: [1, 2] },
      { code: 'J1100', modifier1: null, units: 2, cents: 2_400, pointers: [1] },
    ]);
    const diagnoses = await world.database.db.query<{ code: string }>(
      'SELECT icd_code AS code FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence',
      [claim!.claimID],
    );
    expect(diagnoses.map((row) => row.code)).toEqual(['E119', 'I10']);
    const [ledger] = await world.database.db.query<{ cents: number }>(
      "SELECT sum(amount_cents)::bigint AS cents FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'charge'",
      [claim!.claimID],
    );
    expect(Number(ledger?.cents)).toBe(17_400);
    const events = await world.database.db.query<{ kind: string }>(
      'SELECT action AS kind FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claim!.claimID],
    );
    expect(events[0]?.kind).toBe('created');
  });

  it('answers a resend of an accepted message AA without a second claim', async () => {
    const before = await world.database.db.query(
      "SELECT 1 FROM claims c JOIN patients p ON p.patient_id = c.patient_id WHERE p.last_name = 'O''CONNOR'",
    );
    expect(msa(await send(dftP03())).code).toBe('AA');
    const after = await world.database.db.query(
      "SELECT 1 FROM claims c JOIN patients p ON p.patient_id = c.patient_id WHERE p.last_name = 'O''CONNOR'",
    );
    expect(after).toHaveLength(before.length);
  });

  it('answers AE with the reason and keeps nothing: unknown provider NPI, unknown procedure code, no such patient', async () => {
    const claimsBefore = (await world.database.db.query('SELECT claim_id FROM claims')).length;
    const npi = msa(await send(dftP03({ controlID: 'DFT-NPI', npi: '1999999992' })));
    expect(npi).toMatchObject({ code: 'AE', controlID: 'DFT-NPI' });
    expect(npi.text).toContain('No active provider of the group has NPI 1999999992');

    const code = msa(await send(dftP03({ controlID: 'DFT-CPT', secondCode: 'J9999' })));
    expect(code.code).toBe('AE');
    expect(code.text).toContain('J9999 is not on the HCPCS list');

    const nobody = msa(
      await send(dftP03({ controlID: 'DFT-WHO', lastName: 'NOBODY', mrn: 'MRN00000', birthDate: '19010101' })),
    );
    expect(nobody.code).toBe('AE');
    expect(nobody.text).toContain('No patient of the practice matches NOBODY, MARY');
    expect((await world.database.db.query('SELECT claim_id FROM claims')).length).toBe(claimsBefore);
  });

  it('answers AE when the patient is ambiguous: two patients of the same name and birth date', async () => {
    const { db } = world.database;
    const { groupId, practiceId } = world.data.group;
    for (const account of ['TWIN1', 'TWIN2'])
      await db.query(
        `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
         VALUES ($1, $2, $3, 'ALEX', 'TWINE', '1990-01-01', 'U', '1 Elm St', 'Austin', 'TX', '78701')`,
        [groupId, practiceId, account],
      );
    const ack = msa(
      await send(
        dftP03({ controlID: 'DFT-TWIN', lastName: 'TWINE', firstName: 'ALEX', birthDate: '19900101', mrn: 'MRN77777' }),
      ),
    );
    expect(ack.code).toBe('AE');
    expect(ack.text).toContain('The patient is ambiguous');
  });

  it('answers AR for a message type it does not import and for a receiving facility no practice takes', async () => {
    const order = await send(ormO01());
    expect(msa(order).code).toBe('AR');
    expect(order.getSegment('ERR')?.getComponent(3, 1)).toBe('200');
    const strangerAck = await send(adtA04('A04-ELSE', 'NOWHERE'));
    const stranger = msa(strangerAck);
    expect(stranger.code).toBe('AR');
    expect(stranger.text).toContain('receiving facility "NOWHERE"');
    expect(strangerAck.getSegment('ERR')?.getComponent(3, 1)).toBe('207');
    // Kept for the operators, in no biller's list.
    const [kept] = await world.database.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM hl7_import_log WHERE control_id = 'A04-ELSE' AND practice_id IS NULL",
    );
    expect(kept?.count).toBe(1);
    expect((await hl7Log()).rows.some((row) => row.controlID === 'A04-ELSE')).toBe(false);
  });

  it('imports an uploaded file message by message: one bad message does not stop the others, each is logged', async () => {
    const file = [
      adtA04('FILE-A04')
        .replace(/O\\X27\\CONNOR\^MARY\^ELLEN/, 'KOWALSKI^PIOTR')
        .replace('MRN55501', 'MRN60001'),
      dftP03({ controlID: 'FILE-DFT', lastName: 'KOWALSKI', firstName: 'PIOTR', mrn: 'MRN60001' }),
      dftP03({ controlID: 'FILE-BAD', npi: '1999999992', lastName: 'KOWALSKI', firstName: 'PIOTR', mrn: 'MRN60001' }),
      ormO01('FILE-ORM'),
    ].join('\r\n');
    const reply = await upload(file);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<UploadHl7Reply>();
    expect(body).toMatchObject({ accepted: 2, errors: 1, rejected: 1 });
    expect(body.results.map((result) => [result.controlID, result.ackCode])).toEqual([
      ['FILE-A04', 'AA'],
      ['FILE-DFT', 'AA'],
      ['FILE-BAD', 'AE'],
      ['FILE-ORM', 'AR'],
    ]);
    const claimID = body.results[1]?.claimID;
    expect(claimID).toBeGreaterThan(0);
    expect(body.results[2]?.errors).toEqual(['No active provider of the group has NPI 1999999992.']);

    const log = await hl7Log({ sortColumn: 'receivedAt', sortOrder: 'desc', pageSize: '500' });
    const fileRows = log.rows.filter((row) => row.fileName === 'clinic.hl7');
    expect(fileRows.map((row) => [row.controlID, row.outcome]).sort()).toEqual([
      ['FILE-A04', 'accepted'],
      ['FILE-BAD', 'error'],
      ['FILE-DFT', 'accepted'],
      ['FILE-ORM', 'rejected'],
    ]);
    expect(fileRows.find((row) => row.controlID === 'FILE-DFT')).toMatchObject({
      claimID,
      patientName: 'KOWALSKI, PIOTR',
    });
    expect(log.rows.filter((row) => row.channel === 'mllp').length).toBeGreaterThanOrEqual(8);
  });

  it('filters the HL7 log by outcome and message type, pages and sorts it, and counts every outcome', async () => {
    const errors = await hl7Log({ outcome: 'error' });
    expect(errors.rows.length).toBeGreaterThanOrEqual(5);
    expect(errors.rows.every((row) => row.outcome === 'error' && row.ackCode === 'AE')).toBe(true);
    expect(errors.totalCount).toBe(errors.outcomeCounts.error);
    expect(errors.outcomeCounts.accepted).toBeGreaterThanOrEqual(5);
    const dft = await hl7Log({ messageType: 'DFT^P03' });
    expect(dft.rows.every((row) => row.messageType === 'DFT^P03')).toBe(true);
    const adt = await hl7Log({ messageType: 'adt' });
    expect(new Set(adt.rows.map((row) => row.messageType))).toEqual(new Set(['ADT^A04', 'ADT^A08']));
    const page = await hl7Log({ pageSize: '2', pageNumber: '2', sortColumn: 'controlID', sortOrder: 'asc' });
    const all = await hl7Log({ pageSize: '500', sortColumn: 'controlID', sortOrder: 'asc' });
    expect(page.rows.map((row) => row.hl7LogID)).toEqual(all.rows.slice(2, 4).map((row) => row.hl7LogID));
    expect((await hl7Log({ fromDate: '2026-03-16' })).totalCount).toBe(0);
    expect((await hl7Log({ fromDate: '2026-03-15', toDate: '2026-03-15' })).totalCount).toBe(all.totalCount);
  });

  it('shows another group nothing of the log, and refuses its upload into this practice', async () => {
    const theirs = await hl7Log({}, world.outsider);
    expect(theirs.totalCount).toBe(0);
    expect(theirs.rows).toEqual([]);
    const refused = await upload(dftP03({ controlID: 'OUT-1' }), world.data.group.practiceId, world.outsider);
    expect(refused.statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const bad: { query: Record<string, string>; says: string }[] = [
      { query: { outcome: 'maybe' }, says: 'accepted, error or rejected' },
      { query: { messageType: 'A04;drop' }, says: 'message type' },
      { query: { fromDate: '2026-02-30' }, says: '' },
      { query: { fromDate: '2026-03-10', toDate: '2026-03-01' }, says: 'before the start date' },
      { query: { sortColumn: 'password' }, says: 'Sort by' },
      { query: { pageSize: '5000' }, says: '' },
    ];
    for (const { query, says } of bad) {
      const reply = await world.test.app.inject({
        method: 'GET',
        url: '/api/Reports/getHL7ImportLogProfileData',
        query,
        headers: bearer(world.biller),
      });
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json<{ message: string }>().message).toContain(says);
    }
    const ediBad = await world.test.app.inject({
      method: 'GET',
      url: '/api/Claims/getEdiImportLogStatus',
      query: { transactionSet: '837' },
      headers: bearer(world.biller),
    });
    expect(ediBad.statusCode).toBe(400);
    expect((await upload('')).statusCode).toBe(400);
    const notHl7 = await upload('ISA*00*          *00*~');
    expect(notHl7.statusCode).toBe(400);
    expect(notHl7.json<{ message: string }>().message).toContain('no HL7 message');
    const noName = await world.test.app.inject({
      method: 'POST',
      url: '/api/Reports/uploadHL7File',
      query: { practiceID: 'x', fileName: 'a.hl7' },
      headers: { ...bearer(world.biller), 'content-type': 'text/plain' },
      payload: adtA04(),
    });
    expect(noName.statusCode).toBe(400);
  });

  it('logs every 835 read, accepted or refused, in the EDI import log of the group only', async () => {
    const uploadEra = (text: string, fileName: string) =>
      world.test.app.inject({
        method: 'POST',
        url: '/api/AddEditClaim/uploadERA',
        query: { groupID: String(world.data.group.groupId), fileName },
        headers: { ...bearer(world.biller), 'content-type': 'text/plain' },
        payload: text,
      });
    expect((await uploadEra(SAMPLE_835, 'remit.835')).statusCode).toBe(200);
    expect((await uploadEra(SAMPLE_835, 'remit-again.835')).statusCode).toBe(409);
    expect((await uploadEra('not an 835 at all', 'junk.835')).statusCode).toBe(400);
    const reply = await world.test.app.inject({
      method: 'GET',
      url: '/api/Claims/getEdiImportLogStatus',
      query: { transactionSet: '835', sortColumn: 'readAt', sortOrder: 'asc' },
      headers: bearer(world.biller),
    });
    expect(reply.statusCode).toBe(200);
    const log = reply.json<EdiImportLogReply>();
    expect(log.rows.map((row) => [row.fileName, row.outcome])).toEqual([
      ['remit.835', 'accepted'],
      ['remit-again.835', 'rejected'],
      ['junk.835', 'rejected'],
    ]);
    expect(log.rows[0]).toMatchObject({ recordType: 'era_file', groupName: 'Harbor', readBy: 'Test User' });
    expect(log.rows[0]?.detail).toMatch(/1 check/);
    expect(log.rows[1]?.detail).toContain('already uploaded');
    expect(log.rows[2]?.detail).toContain('could not be read');
    const rejected = await world.test.app.inject({
      method: 'GET',
      url: '/api/Claims/getEdiImportLogStatus',
      query: { outcome: 'rejected' },
      headers: bearer(world.biller),
    });
    expect(rejected.json<EdiImportLogReply>().totalCount).toBe(2);
    const theirs = await world.test.app.inject({
      method: 'GET',
      url: '/api/Claims/getEdiImportLogStatus',
      headers: bearer(world.outsider),
    });
    expect(theirs.json<EdiImportLogReply>().totalCount).toBe(0);
  });
  it("logs the 271 answer of an eligibility check in the EDI import log of the patient's practice", async () => {
    const sim = await startPayerSim({ port: 0, now: () => NOW });
    try {
      const { group } = world.data;
      await checkEligibility(
        world.database.db,
        world.data.actor,
        { groupIds: [group.groupId], practiceIds: [group.practiceId] },
        { patientID: group.patientId, patientInsuranceID: world.data.coverageID, dateOfService: '2026-03-10' },
        httpEligibilityAdapter({ url: sim.url, name: 'payer simulator' }),
        NOW,
      );
    } finally {
      await sim.close();
    }
    const reply = await world.test.app.inject({
      method: 'GET',
      url: '/api/Claims/getEdiImportLogStatus',
      query: { transactionSet: '271' },
      headers: bearer(world.biller),
    });
    const log = reply.json<EdiImportLogReply>();
    expect(log.totalCount).toBe(1);
    expect(log.rows[0]).toMatchObject({
      transactionSet: '271',
      recordType: 'eligibility_inquiry',
      outcome: 'accepted',
    });
    expect(log.rows[0]?.bytes).toBeGreaterThan(100);
    const theirs = await world.test.app.inject({
      method: 'GET',
      url: '/api/Claims/getEdiImportLogStatus',
      query: { transactionSet: '271' },
      headers: bearer(world.outsider),
    });
    expect(theirs.json<EdiImportLogReply>().totalCount).toBe(0);
  });
});
