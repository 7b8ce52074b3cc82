import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { SaveChargeReply } from '../../../contract/claimEdit.ts';
import type {
  CptNdcCrosswalkReply,
  CptNdcCrosswalkRow,
  CptNdcCrosswalksReply,
  CptRevenueCrosswalkReply,
  PracticesReply,
  RevenueCrosswalkSearchReply,
} from '../../../contract/crosswalks.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)(
  'CPT-NDC and CPT-revenue crosswalks, and the lines saveCharge codes from them, on $name',
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let data: ScrubTestData;
    let biller: SessionUser;
    let outsider: SessionUser;

    beforeAll(async () => {
      ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Crosswalk', 'Faraway'));
      await database.db.query(
        `INSERT INTO revenue_codes (code, description) VALUES ('0250', 'Pharmacy'), ('0636', 'Drugs requiring detailed coding'), ('0300', 'Laboratory') ON CONFLICT DO NOTHING`,
      );
    });

    afterAll(() => closeClaimTestWorld({ database, test }));

    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, input: Record<string, unknown>, session = biller) =>
      method === 'GET'
        ? test.app.inject({
            method,
            url: `/api/${path}`,
            headers: bearer(session),
            query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
          })
        : test.app.inject({ method, url: `/api/${path}`, headers: bearer(session), payload: input });
    const practiceID = () => data.group.practiceId;
    const count = async (table: string) =>
      (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;
    const message = (reply: { json<T>(): T }) => reply.json<{ message: string }>().message;

    it('saves, reads, edits and hard-deletes a CPT-NDC crosswalk, storing the NDC as 11 digits, with audit rows', async () => {
      const created = await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', {
        practiceID: practiceID(),
        cptCode: 'j1100',
        ndcCode: '12345-6789-01',
        ndcUnits: 2.5,
        ndcUnitType: 'ML',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<CptNdcCrosswalkReply>().cptNdcCrosswalkID;
      const expected: CptNdcCrosswalkRow = {
        cptNdcCrosswalkID: id,
        practiceID: practiceID(),
        practiceName: expect.any(String) as string,
        cptCode: 'J1100',
        ndcCode: '12345678901',
        ndcUnits: 2.5,
        ndcUnitType: 'ML',
        description: null,
      };
      expect(
        (
          await call('GET', 'AddEditClaim/getCptNdcCrosswalkByID', { cptNdcCrosswalkID: id })
        ).json<CptNdcCrosswalkRow>(),
      ).toEqual(expected);
      expect(
        (
          await call('GET', 'Claims/getCptNdcData', { practiceID: practiceID(), cptCode: 'J1100' })
        ).json<CptNdcCrosswalksReply>().crosswalks,
      ).toEqual([expected]);
      expect(
        (
          await call('GET', 'Claims/getCptNdcData', { practiceID: practiceID(), cptCode: '99213' })
        ).json<CptNdcCrosswalksReply>().crosswalks,
      ).toEqual([]);

      const edited = await call('POST', 'AddEditClaim/addUpdateCptNdcData', {
        cptNdcCrosswalkID: id,
        practiceID: practiceID(),
        cptCode: 'J1100',
        ndcCode: '12345678901',
        ndcUnits: 1,
        ndcUnitType: 'UN',
        description: 'Vial',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await call('GET', 'Claims/getCptNdcCrosswalkData', {})).json<CptNdcCrosswalksReply>().crosswalks).toEqual(
        [{ ...expected, ndcUnits: 1, ndcUnitType: 'UN', description: 'Vial' }],
      );

      expect((await call('DELETE', 'AddEditClaim/deleteCptNdcCrosswalk', { cptNdcCrosswalkID: id })).statusCode).toBe(
        200,
      );
      expect(await count('cpt_ndc_crosswalks')).toBe(0);
      expect((await call('DELETE', 'AddEditClaim/deleteCptNdcCrosswalk', { cptNdcCrosswalkID: id })).statusCode).toBe(
        404,
      );
      const audits = await database.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE action LIKE 'cptNdcCrosswalks.%' ORDER BY audit_id",
      );
      expect(audits.map((row) => row.action)).toEqual([
        'cptNdcCrosswalks.create',
        'cptNdcCrosswalks.update',
        'cptNdcCrosswalks.delete',
      ]);
    });

    it('refuses a bad NDC, unit type or units, and a duplicate, naming it; stores nothing', async () => {
      const base = {
        practiceID: practiceID(),
        cptCode: 'J1100',
        ndcCode: '00002-7510-01',
        ndcUnits: 1,
        ndcUnitType: 'UN',
      };
      expect((await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', base)).statusCode).toBe(200);
      const before = await count('cpt_ndc_crosswalks');
      expect(
        message(await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', { ...base, ndcCode: '0002-7510-01' })),
      ).toMatch(/11 digits/);
      expect(
        (await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', { ...base, ndcCode: '000027510011' })).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', { ...base, ndcUnitType: 'KG' })).statusCode,
      ).toBe(400);
      expect((await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', { ...base, ndcUnits: 0 })).statusCode).toBe(
        400,
      );
      const duplicate = await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', {
        ...base,
        ndcCode: '00002751001',
        ndcUnits: 3,
      });
      expect(duplicate.statusCode).toBe(400);
      expect(message(duplicate)).toMatch(/^NDC 00002751001 is already crosswalked to J1100 for this practice/);
      expect(await count('cpt_ndc_crosswalks')).toBe(before);
    });

    it('saves, searches with paging and sort, and hard-deletes CPT-revenue crosswalks; refuses an unknown revenue code and a duplicate', async () => {
      const save = (input: Record<string, unknown>) =>
        call('POST', 'MedicalCase/addUpdateCptRevenueCrosswalk', { practiceID: practiceID(), ...input });
      const wide = await save({ cptCode: 'J1100', revenueCode: '0250' });
      expect(wide.statusCode, wide.body).toBe(200);
      const payer = await save({ insuranceID: data.group.insuranceId, cptCode: 'J1100', revenueCode: '0636' });
      expect(payer.statusCode, payer.body).toBe(200);
      expect((await save({ cptCode: '36415', revenueCode: '0300' })).statusCode).toBe(200);

      const before = await count('cpt_revenue_crosswalks');
      expect(message(await save({ cptCode: '80053', revenueCode: '0999' }))).toBe(
        'Revenue code 0999 is not in the revenue code list.',
      );
      expect(message(await save({ cptCode: '80053', revenueCode: '25' }))).toMatch(/4 digits/);
      const duplicate = await save({ cptCode: 'J1100', revenueCode: '0300' });
      expect(duplicate.statusCode).toBe(400);
      expect(message(duplicate)).toMatch(/^J1100 already has revenue code 0250 for this practice and every payer/);
      expect(await count('cpt_revenue_crosswalks')).toBe(before);

      const search = async (query: Record<string, unknown>) =>
        (await call('GET', 'MedicalCase/getRevenueCrossWalkSearch', query)).json<RevenueCrosswalkSearchReply>();
      const page = await search({ sortBy: 'revenueCode', sortDirection: 'desc', pageSize: 2 });
      expect(page.totalCount).toBe(3);
      expect(page.rows.map((row) => row.revenueCode)).toEqual(['0636', '0300']);
      expect(
        (await search({ sortBy: 'revenueCode', sortDirection: 'desc', pageSize: 2, pageNumber: 2 })).rows.map((row) => [
          row.revenueCode,
          row.revenueDescription,
        ]),
      ).toEqual([['0250', 'Pharmacy']]);
      expect(
        (await search({ cptCode: 'J11', insuranceID: data.group.insuranceId })).rows.map(
          (row) => row.cptRevenueCrosswalkID,
        ),
      ).toEqual([payer.json<CptRevenueCrosswalkReply>().cptRevenueCrosswalkID]);

      const labID = (await search({ cptCode: '36415' })).rows[0]!.cptRevenueCrosswalkID;
      expect(
        (await call('POST', 'MedicalCase/deleteCptRevenueCrosswalk', { cptRevenueCrosswalkID: labID })).statusCode,
      ).toBe(200);
      expect((await search({})).totalCount).toBe(2);
      expect(
        (await call('POST', 'MedicalCase/deleteCptRevenueCrosswalk', { cptRevenueCrosswalkID: labID })).statusCode,
      ).toBe(404);
      const [audits] = await database.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'cptRevenueCrosswalks.%'",
      );
      expect(audits?.n).toBe(4);
    });

    it('keeps another data role out: 404 on the practice and on each entry, empty reads, nothing changed', async () => {
      const ndcs = await count('cpt_ndc_crosswalks');
      const revenues = await count('cpt_revenue_crosswalks');
      const [ndc] = (await call('GET', 'Claims/getCptNdcCrosswalkData', {})).json<CptNdcCrosswalksReply>().crosswalks;
      const [revenue] = (
        await call('GET', 'MedicalCase/getRevenueCrossWalkSearch', {})
      ).json<RevenueCrosswalkSearchReply>().rows;
      expect(
        (
          await call(
            'POST',
            'AddEditClaim/addUpdateCptNdcCrosswalk',
            { practiceID: practiceID(), cptCode: 'J1100', ndcCode: '11111222233', ndcUnits: 1, ndcUnitType: 'UN' },
            outsider,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'POST',
            'MedicalCase/addUpdateCptRevenueCrosswalk',
            { practiceID: practiceID(), cptCode: '99213', revenueCode: '0250' },
            outsider,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'GET',
            'AddEditClaim/getCptNdcCrosswalkByID',
            { cptNdcCrosswalkID: ndc!.cptNdcCrosswalkID },
            outsider,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'DELETE',
            'AddEditClaim/deleteCptNdcCrosswalk',
            { cptNdcCrosswalkID: ndc!.cptNdcCrosswalkID },
            outsider,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'POST',
            'MedicalCase/deleteCptRevenueCrosswalk',
            { cptRevenueCrosswalkID: revenue!.cptRevenueCrosswalkID },
            outsider,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call('GET', 'Claims/getCptNdcData', { practiceID: practiceID(), cptCode: 'J1100' }, outsider)
        ).json<CptNdcCrosswalksReply>().crosswalks,
      ).toEqual([]);
      expect(
        (await call('GET', 'MedicalCase/getRevenueCrossWalkSearch', {}, outsider)).json<RevenueCrosswalkSearchReply>()
          .totalCount,
      ).toBe(0);
      expect(
        (await call('GET', 'Repository/getPractices', {}))
          .json<PracticesReply>()
          .practices.map((row) => row.practiceID),
      ).toEqual([practiceID()]);
      expect(
        (await call('GET', 'Repository/getPractices', {}, outsider))
          .json<PracticesReply>()
          .practices.map((row) => row.practiceID),
      ).not.toContain(practiceID());
      expect(await count('cpt_ndc_crosswalks')).toBe(ndcs);
      expect(await count('cpt_revenue_crosswalks')).toBe(revenues);
    });

    it('saveCharge fills the single NDC of a code, leaves it empty with two, and gives an institutional line the payer’s revenue code before the practice-wide one', async () => {
      const line = async (claimID: number, cptCode: string) => {
        const reply = await call('POST', 'AddEditClaim/saveCharge', {
          claimID,
          cptCode,
          diagnosisPointers: [1],
          chargeCents: 2500,
        });
        expect(reply.statusCode, reply.body).toBe(200);
        const [row] = await database.db.query<{
          ndc: string | null;
          units: number | null;
          unitType: string | null;
          revenue: string | null;
        }>(
          'SELECT ndc_code AS ndc, ndc_units::float8 AS units, ndc_unit_type AS "unitType", revenue_code AS revenue FROM charges WHERE charge_id = $1',
          [reply.json<SaveChargeReply>().chargeID],
        );
        return row;
      };
      const professional = await data.insertClaim({ lines: [{ code: '99213' }] });
      expect(await line(professional.claimID, 'J1100')).toEqual({
        ndc: '00002751001',
        units: 1,
        unitType: 'UN',
        revenue: null,
      });

      const institutional = await data.insertClaim({ lines: [{ code: '99213' }] });
      await database.db.query(`UPDATE claims SET claim_type = 'institutional' WHERE claim_id = $1`, [
        institutional.claimID,
      ]);
      expect(await line(institutional.claimID, 'J1100')).toEqual({
        ndc: '00002751001',
        units: 1,
        unitType: 'UN',
        revenue: '0636',
      });
      await call('POST', 'MedicalCase/addUpdateCptRevenueCrosswalk', {
        practiceID: practiceID(),
        cptCode: '36415',
        revenueCode: '0300',
      });
      expect(await line(institutional.claimID, '36415')).toEqual({
        ndc: null,
        units: null,
        unitType: null,
        revenue: '0300',
      });

      await call('POST', 'AddEditClaim/addUpdateCptNdcCrosswalk', {
        practiceID: practiceID(),
        cptCode: 'J1100',
        ndcCode: '00002751002',
        ndcUnits: 2,
        ndcUnitType: 'ML',
      });
      expect(await line(institutional.claimID, 'J1100')).toEqual({
        ndc: null,
        units: null,
        unitType: null,
        revenue: '0636',
      });
    });
  },
);
