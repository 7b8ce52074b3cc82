import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  LinkableClaimsReply,
  MedicalCaseLookupsReply,
  OpenMedicalCaseReply,
} from '../../../contract/medicalCaseLookups.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)(
  'medical case lookups, the claims a case can take and the open case of a claim, on $name',
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let data: ScrubTestData;
    let biller: SessionUser;
    let outsider: SessionUser;
    let facilityID = 0;
    let otherFacilityID = 0;
    /** Cases: an open accident at the facility, an open therapy with no claims, a closed one. */
    const ids = { accident: 0, therapy: 0, closed: 0 };
    const claims = { inAccident: 0, inClosed: 0, loose: 0, loose2: 0 };

    beforeAll(async () => {
      ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Lookups', 'Faraway'));
      const db = database.db;
      const facility = async (name: string) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO facilities (group_id, practice_id, name, address1, city, state, zip) VALUES ($1, $2, $3, '1 Main St', 'Austin', 'TX', '78701') RETURNING facility_id AS id`,
            [data.group.groupId, data.group.practiceId, name],
          )
        )[0]!.id;
      facilityID = await facility('North Clinic');
      otherFacilityID = await facility('South Clinic');
      const medicalCase = async (name: string, type: string, start: string, end: string | null) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO medical_cases (patient_id, name, case_type, start_date, end_date) VALUES ($1, $2, $3, $4, $5) RETURNING medical_case_id AS id`,
            [data.group.patientId, name, type, start, end],
          )
        )[0]!.id;
      ids.closed = await medicalCase('Old fall', 'Injury', '2025-01-01', '2025-03-31');
      ids.accident = await medicalCase('Car accident', 'Accident - Auto', '2026-02-01', null);
      ids.therapy = await medicalCase('Knee rehab', 'Knee physio', '2026-06-01', null);
      const claim = async (dos: string, medicalCaseID: number | null, facility: number | null) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, patient_insurance_id, insurance_id, provider_id, facility_id, pos_code,
                                 claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to, total_charge_cents, balance_cents, medical_case_id)
             VALUES ($1, $2, $3, 'SMITH, JANE', $4, $5, $6, $7, '11', 1, 1, 1, $8, $8, 12500, 12500, $9) RETURNING claim_id AS id`,
            [
              data.group.groupId,
              data.group.practiceId,
              data.group.patientId,
              data.coverageID,
              data.group.insuranceId,
              data.group.providerId,
              facility,
              dos,
              medicalCaseID,
            ],
          )
        )[0]!.id;
      claims.inAccident = await claim('2026-02-03', ids.accident, facilityID);
      claims.inClosed = await claim('2025-01-10', ids.closed, null);
      claims.loose = await claim('2026-07-01', null, null);
      claims.loose2 = await claim('2026-08-01', null, null);
    });

    afterAll(() => closeClaimTestWorld({ database, test }));

    const get = (name: string, input: Record<string, unknown>, session: SessionUser | null = biller) =>
      test.app.inject({
        method: 'GET',
        url: `/api/MedicalCase/${name}`,
        headers: session ? bearer(session) : {},
        query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
      });
    const readAudits = async (call: string) =>
      (
        await database.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_log WHERE action = 'read' AND record_type = 'call' AND record_id = $1",
          [`MedicalCase/${call}`],
        )
      )[0]?.n ?? 0;

    it('offers the standard case types and the group’s own, counted', async () => {
      const reply = await get('getMedicalCaseLookups', {});
      expect(reply.statusCode, reply.body).toBe(200);
      const types = reply.json<MedicalCaseLookupsReply>().caseTypes;
      expect(types.find((type) => type.name === 'Accident - Auto')).toEqual({
        name: 'Accident - Auto',
        standard: true,
        caseCount: 1,
      });
      expect(types.find((type) => type.name === 'Pregnancy')?.caseCount).toBe(0);
      expect(types.at(-1)).toEqual({ name: 'Knee physio', standard: false, caseCount: 1 });
      const outsiders = (await get('getMedicalCaseLookups', {}, outsider)).json<MedicalCaseLookupsReply>().caseTypes;
      expect(outsiders.some((type) => type.name === 'Knee physio' || type.caseCount > 0)).toBe(false);
      expect((await get('getMedicalCaseLookups', { patientID: data.group.patientId }, outsider)).statusCode).toBe(404);
    });

    it('lists the patient’s claims a case can take, with the case each is in now, in pages', async () => {
      const before = await readAudits('getLinkableClaimsForMedicalCase');
      const reply = await get('getLinkableClaimsForMedicalCase', { medicalCaseID: ids.accident, pageSize: 2 });
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json<LinkableClaimsReply>();
      expect(page.totalCount).toBe(3);
      expect(page.claims.map((claim) => [claim.claimID, claim.medicalCaseName])).toEqual([
        [claims.loose2, null],
        [claims.loose, null],
      ]);
      expect(page.claims[0]).toMatchObject({ dosFrom: '2026-08-01', totalCents: 12500, balanceCents: 12500 });
      const second = (
        await get('getLinkableClaimsForMedicalCase', { medicalCaseID: ids.accident, pageSize: 2, pageNumber: 2 })
      ).json<LinkableClaimsReply>();
      expect(second.claims.map((claim) => [claim.claimID, claim.medicalCaseID])).toEqual([
        [claims.inClosed, ids.closed],
      ]);
      expect(await readAudits('getLinkableClaimsForMedicalCase')).toBe(before + 2);
      expect((await get('getLinkableClaimsForMedicalCase', { medicalCaseID: ids.accident }, outsider)).statusCode).toBe(
        404,
      );
    });

    it('offers the open case a claim belongs in: the one it names, else the one at its facility and coverage', async () => {
      const open = async (input: Record<string, unknown>) => {
        const reply = await get('getOpenMedicalCaseForClaim', { patientID: data.group.patientId, ...input });
        expect(reply.statusCode, reply.body).toBe(200);
        return reply.json<OpenMedicalCaseReply>();
      };
      const atFacility = await open({ facilityID, patientInsuranceID: data.coverageID, dosFrom: '2026-07-15' });
      expect(atFacility.openCount).toBe(2);
      expect(atFacility.medicalCase).toMatchObject({
        medicalCaseID: ids.accident,
        sameFacility: true,
        sameCoverage: true,
        claimCount: 1,
      });
      // Elsewhere, the latest started open case; the named one wins while open.
      expect((await open({ facilityID: otherFacilityID, dosFrom: '2026-07-15' })).medicalCase?.medicalCaseID).toBe(
        ids.therapy,
      );
      expect(
        (await open({ facilityID: otherFacilityID, dosFrom: '2026-07-15', medicalCaseID: ids.accident })).medicalCase
          ?.medicalCaseID,
      ).toBe(ids.accident);
      // Before the cases started, only the closed one was open then; before any, none.
      expect((await open({ dosFrom: '2025-02-01' })).medicalCase?.medicalCaseID).toBe(ids.closed);
      expect(await open({ dosFrom: '2024-01-01' })).toEqual({ medicalCase: null, openCount: 0 });
      // Today (the test clock's 2026-11-22): the two open ones.
      expect((await open({})).openCount).toBe(2);
    });

    it('answers 401 without a session, 400 for bad input, and 404 outside the data role', async () => {
      for (const [name, input] of [
        ['getMedicalCaseLookups', {}],
        ['getLinkableClaimsForMedicalCase', { medicalCaseID: ids.accident }],
        ['getOpenMedicalCaseForClaim', { patientID: data.group.patientId }],
      ] as const)
        expect((await get(name, input, null)).statusCode).toBe(401);
      const bad = async (name: string, input: Record<string, unknown>, pattern: RegExp) => {
        const reply = await get(name, input);
        expect(reply.statusCode, reply.body).toBe(400);
        expect(reply.json<{ message: string }>().message).toMatch(pattern);
      };
      await bad('getMedicalCaseLookups', { patientID: 'abc' }, /patientID/i);
      await bad('getLinkableClaimsForMedicalCase', {}, /medicalCaseID/i);
      await bad('getLinkableClaimsForMedicalCase', { medicalCaseID: ids.accident, pageSize: 501 }, /pageSize|500/i);
      await bad('getOpenMedicalCaseForClaim', { patientID: data.group.patientId, dosFrom: '2026-02-30' }, /date/i);
      await bad(
        'getOpenMedicalCaseForClaim',
        { patientID: data.group.patientId, facilityID: 999_999 },
        /not a facility of the patient's practice/,
      );
      await bad(
        'getOpenMedicalCaseForClaim',
        { patientID: data.group.patientId, patientInsuranceID: 999_999 },
        /not a coverage of this patient/,
      );
      expect((await get('getOpenMedicalCaseForClaim', { patientID: data.group.patientId }, outsider)).statusCode).toBe(
        404,
      );
      const refused = await database.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'refused' AND record_id = 'MedicalCase/getOpenMedicalCaseForClaim'",
      );
      expect(refused[0]?.n).toBeGreaterThan(0);
    });
  },
);
