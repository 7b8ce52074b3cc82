import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  ClaimInfoReply,
  CodeSearchReply,
  FacilitiesReply,
  PatientCoveragesReply,
  SaveClaimFormReply,
  SaveClaimFormRequest,
} from '../../../contract/claimForm.ts';
import { SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)(
  'the claim form: the whole claim saved in one transaction, read back, and its lookups, on $name',
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let data: ScrubTestData;
    let biller: SessionUser;
    let outsider: SessionUser;
    let otherGroupProvider = 0;
    let facilityID = 0;
    const batches = { open: 0, open2: 0, closed: 0, otherPractice: 0, otherGroup: 0 };

    beforeAll(async () => {
      let elsewhere;
      ({ database, test, data, biller, outsider, elsewhere } = await openClaimTestWorld(
        engine,
        'FormClaims',
        'FormElsewhere',
      ));
      otherGroupProvider = elsewhere.providerId;
      const [schedule] = await database.db.query<{ id: number }>(
        `INSERT INTO fee_schedules (practice_id, name, effective_from) VALUES ($1, 'Standard', DATE '2025-01-01') RETURNING fee_schedule_id AS id`,
        [data.group.practiceId],
      );
      await database.db.query(
        `INSERT INTO fee_schedule_items (fee_schedule_id, cpt_code, modifier, amount_cents) VALUES ($1, '99213', '', 12000), ($1, '36415', '', 1500)`,
        [schedule!.id],
      );
      const [facility] = await database.db.query<{ id: number }>(
        `INSERT INTO facilities (group_id, practice_id, name, pos_code, address1, city, state, zip) VALUES ($1, $2, 'Main Clinic', '11', '1 Main St', 'Austin', 'TX', '78701-1234') RETURNING facility_id AS id`,
        [data.group.groupId, data.group.practiceId],
      );
      facilityID = facility!.id;
      const [otherPractice] = await database.db.query<{ id: number }>(
        `INSERT INTO practices (group_id, name, npi, tax_id, address1, city, state, zip) VALUES ($1, 'South Office', '1234567893', '123456789', '2 Main St', 'Austin', 'TX', '78701-1234') RETURNING practice_id AS id`,
        [data.group.groupId],
      );
      const addBatch = async (groupID: number, practiceID: number, batchNumber: string, status = 'open') =>
        (
          await database.db.query<{ id: number }>(
            'INSERT INTO charge_batches (group_id, practice_id, batch_number, expected_total_cents, status) VALUES ($1, $2, $3, 100000, $4) RETURNING charge_batch_id AS id',
            [groupID, practiceID, batchNumber, status],
          )
        )[0]!.id;
      batches.open = await addBatch(data.group.groupId, data.group.practiceId, 'F-100');
      batches.open2 = await addBatch(data.group.groupId, data.group.practiceId, 'F-200');
      batches.closed = await addBatch(data.group.groupId, data.group.practiceId, 'F-OLD', 'closed');
      batches.otherPractice = await addBatch(data.group.groupId, otherPractice!.id, 'S-100');
      batches.otherGroup = await addBatch(elsewhere.groupId, elsewhere.practiceId, 'E-100');
    });

    afterAll(() => closeClaimTestWorld({ database, test }));

    const save = (payload: SaveClaimFormRequest, session = biller) =>
      test.app.inject({ method: 'POST', url: '/api/AddEditClaim/saveClaimForm', headers: bearer(session), payload });
    const read = (claimID: number, session = biller) =>
      test.app.inject({
        method: 'GET',
        url: '/api/Claims/getClaimInfoData',
        headers: bearer(session),
        query: { claimID: String(claimID) },
      });
    const lookup = (name: string, query: Record<string, string>, session = biller) =>
      test.app.inject({ method: 'GET', url: `/api/Repository/${name}`, headers: bearer(session), query });
    const newClaim = (): SaveClaimFormRequest => ({
      patientID: data.group.patientId,
      providerID: data.group.providerId,
      facilityID,
      posCode: '11',
      dosFrom: '2026-02-02',
      dosTo: '2026-02-02',
      icds: ['E11.9', 'I10'],
      lines: [
        { cptCode: '99213', modifiers: ['25'], units: 1, diagnosisPointers: [1, 2] },
        { cptCode: '36415', units: 2, diagnosisPointers: [1], ndcCode: '00409488801' },
      ],
    });
    const ledger = async (claimID: number) =>
      (
        await database.db.query<{ type: string; cents: number }>(
          'SELECT entry_type AS type, amount_cents AS cents FROM ledger_entries WHERE claim_id = $1 ORDER BY ledger_id',
          [claimID],
        )
      ).map((row) => `${row.type} ${row.cents}`);
    const claimCount = async () =>
      (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims'))[0]?.n;

    it('creates the claim with its diagnoses and lines priced from the fee schedule, each line booked in the ledger', async () => {
      const reply = await save(newClaim());
      expect(reply.statusCode, reply.body).toBe(200);
      const saved = reply.json<SaveClaimFormReply>();
      expect(saved).toMatchObject({
        message: `Claim ${saved.claimID} created.`,
        totalCents: 15000,
        added: 2,
        changed: 0,
        removed: 0,
      });
      const info = (await read(saved.claimID)).json<ClaimInfoReply>();
      expect(info.claim).toMatchObject({
        patientInsuranceID: data.coverageID,
        facilityName: 'Main Clinic',
        posCode: '11',
        frequencyCode: '1',
        totalCharges: 15000,
        balance: 15000,
        claimStatus: 'Draft',
      });
      expect(info.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['E119', 'I10']);
      expect(
        info.lines.map((line) => [
          line.cptCode,
          line.modifiers,
          line.units,
          line.chargeCents,
          line.diagnosisPointers,
          line.ndcCode,
        ]),
      ).toEqual([
        ['99213', ['25'], 1, 12000, [1, 2], null],
        ['36415', [], 2, 3000, [1], '00409488801'],
      ]);
      expect(info.readOnlyReason).toBeNull();
      expect(await ledger(saved.claimID)).toEqual(['charge 12000', 'charge 3000']);
    });

    it('refuses bad input with the field named and stores nothing: a pointer past the diagnoses, an unpriced code, another group’s provider', async () => {
      const before = await claimCount();
      const past = await save({ ...newClaim(), lines: [{ cptCode: '99213', units: 1, diagnosisPointers: [3] }] });
      expect(past.statusCode).toBe(400);
      expect(past.json<{ message: string }>().message).toContain('Line 1: pointer 3 points past the 2 diagnoses.');
      // The claim row is inserted before the unpriced second line is refused: the transaction takes it back.
      const unpriced = await save({
        ...newClaim(),
        lines: [
          { cptCode: '99213', units: 1, diagnosisPointers: [1] },
          { cptCode: '99999', units: 1, diagnosisPointers: [1] },
        ],
      });
      expect(unpriced.statusCode).toBe(400);
      expect(unpriced.json<{ message: string }>().message).toMatch(
        /No fee schedule of the practice prices 99999.*type the amount/,
      );
      const foreign = await save({ ...newClaim(), referringProviderID: otherGroupProvider });
      expect(foreign.statusCode).toBe(400);
      expect(await claimCount()).toBe(before);
      expect((await save(newClaim(), outsider)).statusCode).toBe(404);
    });

    it('edits in one save: fields, diagnoses, a line’s units repriced with the difference in the ledger, a line added and one taken off', async () => {
      const created = (await save(newClaim())).json<SaveClaimFormReply>();
      const loaded = (await read(created.claimID)).json<ClaimInfoReply>();
      const [first, second] = loaded.lines;
      const reply = await save({
        ...newClaim(),
        claimID: created.claimID,
        priorAuthorizationNumber: 'PA-1',
        frequencyCode: '7',
        originalClaimNumber: 'ORIG-9',
        icds: ['I10', 'E119', 'Z0000'],
        lines: [
          { chargeID: first!.chargeID, cptCode: '99213', modifiers: ['25'], units: 3, diagnosisPointers: [1, 2] },
          { cptCode: '36415', units: 1, diagnosisPointers: [3], chargeCents: 1800 },
        ],
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<SaveClaimFormReply>()).toMatchObject({
        totalCents: 36000 + 1800,
        added: 1,
        changed: 1,
        removed: 1,
      });
      const info = (await read(created.claimID)).json<ClaimInfoReply>();
      expect(info.claim).toMatchObject({
        priorAuthorizationNumber: 'PA-1',
        frequencyCode: '7',
        originalClaimNumber: 'ORIG-9',
        totalCharges: 37800,
        balance: 37800,
        scrubStatus: 'Not Scrubbed',
      });
      expect(info.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['I10', 'E119', 'Z0000']);
      expect(info.lines.map((line) => [line.chargeID === first!.chargeID, line.units, line.chargeCents])).toEqual([
        [true, 3, 36000],
        [false, 1, 1800],
      ]);
      expect(info.lines.some((line) => line.chargeID === second!.chargeID)).toBe(false);
      // The first line's difference is a charge row; the line taken off is reversed.
      expect(await ledger(created.claimID)).toEqual([
        'charge 12000',
        'charge 3000',
        'reversal -3000',
        'charge 24000',
        'charge 1800',
      ]);
    });

    it('changes nothing when one part of an edit is refused, and a claim standing as sent reads as read-only with the reason', async () => {
      const created = (await save(newClaim())).json<SaveClaimFormReply>();
      const [line] = (await read(created.claimID)).json<ClaimInfoReply>().lines;
      const refused = await save({
        ...newClaim(),
        claimID: created.claimID,
        priorAuthorizationNumber: 'PA-X',
        lines: [
          { chargeID: line!.chargeID, cptCode: '99213', units: 2, diagnosisPointers: [1] },
          { cptCode: '99999', units: 1, diagnosisPointers: [1] },
        ],
      });
      expect(refused.statusCode).toBe(400);
      const after = (await read(created.claimID)).json<ClaimInfoReply>();
      expect(after.claim.priorAuthorizationNumber).toBeNull();
      expect(after.lines.map((row) => row.units)).toEqual([1, 2]);
      expect(after.claim.totalCharges).toBe(15000);

      await database.db.query(
        'UPDATE claims SET submit_status_id = $2, claim_status_id = 3, submitted_at = now() WHERE claim_id = $1',
        [created.claimID, SUBMIT_STATUS.submitted],
      );
      expect((await read(created.claimID)).json<ClaimInfoReply>().readOnlyReason).toMatch(
        /has been submitted: it stays as sent/,
      );
      const sent = await save({ ...newClaim(), claimID: created.claimID });
      expect(sent.statusCode).toBe(400);
      expect(sent.json<{ message: string }>().message).toMatch(/has been submitted/);
      expect((await read(created.claimID, outsider)).statusCode).toBe(404);
    });

    it('puts the claim in the charge batch picked, new or edited, and refuses a closed batch or another practice’s with the rule’s reason, saving nothing', async () => {
      const batchOf = async (claimID: number) => (await read(claimID)).json<ClaimInfoReply>().claim;
      const messageOf = (reply: { json: <T>() => T }) => reply.json<{ message: string }>().message;
      const created = await save({ ...newClaim(), chargeBatchID: batches.open });
      expect(created.statusCode, created.body).toBe(200);
      const { claimID } = created.json<SaveClaimFormReply>();
      expect(await batchOf(claimID)).toMatchObject({
        chargeBatchID: batches.open,
        chargeBatchNumber: 'F-100',
        chargeBatchOpen: true,
      });

      const before = await claimCount();
      const closed = await save({ ...newClaim(), chargeBatchID: batches.closed });
      expect(closed.statusCode).toBe(400);
      expect(messageOf(closed)).toBe('Charge batch F-OLD is closed: reopen it, or pick an open batch.');
      const otherPractice = await save({ ...newClaim(), chargeBatchID: batches.otherPractice });
      expect(otherPractice.statusCode).toBe(400);
      expect(messageOf(otherPractice)).toBe(
        'Charge batch S-100 is of another practice: a claim goes only in a batch of its own practice.',
      );
      const outsideRole = await save({ ...newClaim(), chargeBatchID: batches.otherGroup });
      expect(outsideRole.statusCode).toBe(400);
      expect(messageOf(outsideRole)).toBe(`Charge batch ${batches.otherGroup} is not one of your charge batches.`);
      expect(await claimCount()).toBe(before);

      // An edit moves it, in the same save as its other fields; a refused batch leaves those unsaved too.
      const lines = (await read(claimID)).json<ClaimInfoReply>().lines.map((line) => ({
        chargeID: line.chargeID,
        cptCode: line.cptCode,
        modifiers: line.modifiers,
        units: line.units,
        diagnosisPointers: line.diagnosisPointers,
      }));
      const edit = (changes: Partial<SaveClaimFormRequest>) => save({ ...newClaim(), claimID, lines, ...changes });
      const refused = await edit({ chargeBatchID: batches.closed, priorAuthorizationNumber: 'PA-B' });
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe('Charge batch F-OLD is closed: reopen it, or pick an open batch.');
      expect(await batchOf(claimID)).toMatchObject({ chargeBatchID: batches.open, priorAuthorizationNumber: null });
      expect((await edit({ chargeBatchID: batches.otherPractice })).statusCode).toBe(400);
      const moved = await edit({ chargeBatchID: batches.open2, priorAuthorizationNumber: 'PA-B' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await batchOf(claimID)).toMatchObject({
        chargeBatchID: batches.open2,
        chargeBatchNumber: 'F-200',
        priorAuthorizationNumber: 'PA-B',
      });

      // Its batch closed since: an edit that keeps it is saved; null takes the claim out.
      await database.db.query("UPDATE charge_batches SET status = 'closed' WHERE charge_batch_id = $1", [
        batches.open2,
      ]);
      expect(await batchOf(claimID)).toMatchObject({ chargeBatchID: batches.open2, chargeBatchOpen: false });
      const kept = await edit({ chargeBatchID: batches.open2, referralNumber: 'R-1' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await edit({ chargeBatchID: null })).statusCode).toBe(200);
      expect(await batchOf(claimID)).toMatchObject({
        chargeBatchID: null,
        chargeBatchNumber: null,
        chargeBatchOpen: null,
      });
    });

    it('looks up the patient’s coverages, the facilities, ICD codes by code or words, procedure codes with their fee, and a fee by coverage', async () => {
      const coverages = (
        await lookup('getPatientInsurance', { patientID: String(data.group.patientId) })
      ).json<PatientCoveragesReply>();
      expect(
        coverages.coverages.map((coverage) => [coverage.patientInsuranceID, coverage.priority, coverage.subscriberID]),
      ).toEqual([[data.coverageID, 1, 'W123456789']]);
      expect(
        (await lookup('getPatientInsurance', { patientID: String(data.group.patientId) }, outsider)).statusCode,
      ).toBe(404);
      expect(
        (await lookup('getFacilities', {})).json<FacilitiesReply>().facilities.map((facility) => facility.name),
      ).toEqual(['Main Clinic']);
      expect((await lookup('getFacilities', {}, outsider)).json<FacilitiesReply>().facilities).toEqual([]);
      const icd = (await lookup('getICDCodes', { searchValue: 'e11.', dos: '2026-02-02' })).json<CodeSearchReply>();
      expect(icd.codes.map((hit) => [hit.code, hit.billable])).toEqual([
        ['E119', true],
        ['E11', false],
      ]);
      expect(
        (await lookup('getICDCodes', { searchValue: 'hyperten', dos: '2026-02-02' }))
          .json<CodeSearchReply>()
          .codes.map((hit) => hit.code),
      ).toEqual(['I10']);
      const cpt = (await lookup('getCPTCodes', { searchValue: '992' })).json<CodeSearchReply>();
      expect(cpt.codes).toEqual([
        { code: '99213', description: 'Priced by Standard', billable: true, feeCents: 12000 },
      ]);
      expect(
        (await lookup('getCPTCodes', { searchValue: 'dexameth' })).json<CodeSearchReply>().codes.map((hit) => hit.code),
      ).toEqual(['J1100']);
      expect((await lookup('getCPTCodes', { searchValue: '992' }, outsider)).json<CodeSearchReply>().codes).toEqual([]);
      // A new claim in the form, before its facility: priced by the coverage's patient's practice.
      const fee = (query: Record<string, string>, session = biller) =>
        test.app.inject({ method: 'GET', url: '/api/AddEditClaim/getCPTFee', headers: bearer(session), query });
      expect(
        (await fee({ patientInsuranceID: String(data.coverageID), cptCode: '99213' })).json<{
          feeCents: number | null;
        }>().feeCents,
      ).toBe(12000);
      expect((await fee({ patientInsuranceID: String(data.coverageID), cptCode: '99213' }, outsider)).statusCode).toBe(
        404,
      );
      expect((await fee({ cptCode: '99213' })).statusCode).toBe(400);
    });

    it("refuses a line's new amount while today's month is locked at month-end: the difference would post today", async () => {
      const created = (await save(newClaim())).json<SaveClaimFormReply>();
      const [first, second] = (await read(created.claimID)).json<ClaimInfoReply>().lines;
      await database.db.query(
        `INSERT INTO month_end_locks (group_id, practice_id, month_start)
         SELECT group_id, practice_id, DATE '2026-11-01' FROM claims WHERE claim_id = $1`,
        [created.claimID],
      );
      try {
        const reply = await save({
          ...newClaim(),
          claimID: created.claimID,
          lines: [
            { chargeID: first!.chargeID, cptCode: '99213', modifiers: ['25'], units: 3, diagnosisPointers: [1, 2] },
            { chargeID: second!.chargeID, cptCode: '36415', units: 2, diagnosisPointers: [1], ndcCode: '00409488801' },
          ],
        });
        expect(reply.statusCode).toBe(400);
        expect(reply.json<{ message: string }>().message).toBe(
          'Line 1: November 2026 is locked at month-end, so its amount stays 120.00.',
        );
        expect(await ledger(created.claimID)).toEqual(['charge 12000', 'charge 3000']);
      } finally {
        await database.db.query("DELETE FROM month_end_locks WHERE month_start = DATE '2026-11-01'");
      }
    });
  },
);
