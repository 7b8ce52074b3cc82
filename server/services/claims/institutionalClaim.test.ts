import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X12Parser } from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimInfoReply, SaveClaimFormReply, SaveClaimFormRequest } from '../../../contract/claimForm.ts';
import { SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimScrubReply } from '../../../contract/scrub.ts';
import type { SubmitClaimsReply } from '../../../contract/submission.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

/**
 * The rank of each 2300/2310/2400 segment in the 005010X223A2 guide's order (loop 2300 Claim
 * Information, its 2310A-F provider loops, 2400 lines), written from the guide, not from our
 * writer: a claim's segments must come in non-decreasing rank.
 */
const GUIDE_ORDER_2300: readonly [segment: string, qualifier: string | null][] = [
  ['CLM', null],
  ['DTP', '096'],
  ['DTP', '434'],
  ['DTP', '435'],
  ['DTP', '050'],
  ['CL1', null],
  ['PWK', null],
  ['CN1', null],
  ['AMT', 'F3'],
  ['REF', null],
  ['K3', null],
  ['NTE', null],
  ['CRC', null],
  ['HI', 'ABK'],
  ['HI', 'ABJ'],
  ['HI', 'APR'],
  ['HI', 'ABN'],
  ['HI', 'DR'],
  ['HI', 'ABF'],
  ['HI', 'BBR'],
  ['HI', 'BBQ'],
  ['HI', 'BI'],
  ['HI', 'BH'],
  ['HI', 'BE'],
  ['HI', 'BG'],
  ['HI', 'TC'],
  ['HCP', null],
  ['NM1', '71'],
  ['NM1', '72'],
  ['NM1', 'ZZ'],
  ['NM1', '82'],
  ['NM1', '77'],
  ['NM1', 'DN'],
  ['SBR', null],
  ['LX', null],
];

/** N3, N4, PRV and REF inside a provider loop belong to its NM1. */
function ranksOf(segments: readonly string[][]): number[] {
  const ranks: number[] = [];
  for (const segment of segments) {
    const previous = ranks.at(-1) ?? -1;
    const inProviderLoop = previous >= rankOf(['NM1', '71']);
    ranks.push(inProviderLoop && ['N3', 'N4', 'PRV', 'REF'].includes(segment[0] ?? '') ? previous : rankOf(segment));
  }
  return ranks;
}

function rankOf(segment: string[]): number {
  const [id, first] = segment;
  const qualifier = id === 'HI' ? (first ?? '').split(':')[0] : first;
  const exact = GUIDE_ORDER_2300.findIndex(([name, q]) => name === id && q === qualifier);
  if (exact >= 0) return exact;
  const loose = GUIDE_ORDER_2300.findIndex(([name, q]) => name === id && q === null);
  return loose >= 0 ? loose : -1;
}

/** The segments of claim `claimID`, from its CLM up to the next claim or the transaction's end. */
function claimSegments(x12: string, claimID: number): string[][] {
  const segments = x12
    .split('~')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '')
    .map((segment) => segment.split('*'));
  const start = segments.findIndex((segment) => segment[0] === 'CLM' && segment[1] === String(claimID));
  expect(start, `CLM*${claimID}`).toBeGreaterThanOrEqual(0);
  const after = segments.slice(start + 1);
  const end = after.findIndex((segment) => ['HL', 'SE'].includes(segment[0] ?? ''));
  return [segments[start] ?? [], ...(end < 0 ? after : after.slice(0, end))];
}

describe.each(testEngines)(
  'institutional (UB-04) claims from the claim form to the 837I and the UB-04 on $name',
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let data: ScrubTestData;
    let biller: SessionUser;
    let facilityID = 0;
    let operatingID = 0;
    let otherOperatingID = 0;
    let inpatientClaimID = 0;

    beforeAll(async () => {
      ({ database, test, data, biller } = await openClaimTestWorld(engine, 'UbClaims', 'UbElsewhere'));
      await database.db.query(
        `INSERT INTO revenue_codes (code, description) VALUES ('0120', 'Room & Board - Semi-Private'), ('0300', 'Laboratory - General'),
              ('0450', 'Emergency Room - General') ON CONFLICT DO NOTHING`,
      );
      await database.db.query(
        `INSERT INTO place_of_service (code, name) VALUES ('21', 'Inpatient Hospital') ON CONFLICT DO NOTHING`,
      );
      await database.db.query(
        `INSERT INTO cpt_revenue_crosswalks (practice_id, cpt_code, revenue_code) VALUES ($1, '36415', '0300')`,
        [data.group.practiceId],
      );
      const [facility] = await database.db.query<{ id: number }>(
        `INSERT INTO facilities (group_id, practice_id, name, npi, pos_code, bill_type, address1, city, state, zip)
       VALUES ($1, $2, 'General Hospital', '1987654328', '21', '111', '9 Hospital Rd', 'Austin', 'TX', '787011234') RETURNING facility_id AS id`,
        [data.group.groupId, data.group.practiceId],
      );
      facilityID = facility!.id;
      const provider = async (first: string, last: string, npi: string) =>
        (
          await database.db.query<{ id: number }>(
            `INSERT INTO providers (group_id, practice_id, provider_type, first_name, last_name, npi) VALUES ($1, $2, 'individual', $3, $4, $5) RETURNING provider_id AS id`,
            [data.group.groupId, data.group.practiceId, first, last, npi],
          )
        )[0]!.id;
      operatingID = await provider('Olga', 'Cutter', '1234567802');
      otherOperatingID = await provider('Ari', 'Assist', '1765432103');
    });

    afterAll(() => closeClaimTestWorld({ database, test }));

    const save = (payload: SaveClaimFormRequest, session: SessionUser | null = biller) =>
      test.app.inject({
        method: 'POST',
        url: '/api/AddEditClaim/saveClaimForm',
        headers: session === null ? {} : bearer(session),
        payload,
      });
    const read = async (claimID: number) =>
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/Claims/getClaimInfoData',
          headers: bearer(biller),
          query: { claimID: String(claimID) },
        })
      ).json<ClaimInfoReply>();
    const counts = async () =>
      (
        await database.db.query<{ claims: number; ub: number; charges: number }>(
          `SELECT (SELECT count(*)::int FROM claims) AS claims, (SELECT count(*)::int FROM claim_institutional) AS ub,
                (SELECT count(*)::int FROM charges) AS charges`,
        )
      )[0];

    /** A 3-day inpatient stay billed admit through discharge (111). */
    const inpatient = (): SaveClaimFormRequest => ({
      claimType: 'institutional',
      patientID: data.group.patientId,
      providerID: data.group.providerId,
      referringProviderID: otherOperatingID,
      facilityID,
      posCode: '21',
      dosFrom: '2026-02-01',
      dosTo: '2026-02-04',
      frequencyCode: '1',
      icds: ['E11.9', 'I10'],
      institutional: {
        billType: '11',
        admissionDate: '2026-02-01',
        admissionHour: '08',
        admissionType: '1',
        admissionSource: '2',
        dischargeHour: '14',
        patientStatus: '01',
        admittingDiagnosis: 'R07.9',
        operatingProviderID: operatingID,
        otherOperatingProviderID: otherOperatingID,
        poa: ['Y', 'N'],
        conditionCodes: ['01', '17'],
        occurrenceCodes: [{ code: '11', date: '2026-01-30' }],
        occurrenceSpans: [{ code: '74', from: '2026-02-02', through: '2026-02-03' }],
        valueCodes: [{ code: '80', amountCents: 300 }],
      },
      lines: [
        { cptCode: '99223', units: 3, diagnosisPointers: [1], chargeCents: 150_000, revenueCode: '0120' },
        { cptCode: '36415', units: 1, diagnosisPointers: [1], chargeCents: 2_500, nonCoveredCents: 500 },
        {
          cptCode: '99285',
          modifiers: ['25'],
          units: 1,
          diagnosisPointers: [1, 2],
          chargeCents: 40_000,
          revenueCode: '0450',
        },
      ],
    });

    it('saves a UB-04 claim and reads every field back; the crosswalk fills a revenue code not typed', async () => {
      const reply = await save(inpatient());
      expect(reply.statusCode, reply.body).toBe(200);
      const saved = reply.json<SaveClaimFormReply>();
      inpatientClaimID = saved.claimID;
      expect(saved).toMatchObject({ totalCents: 192_500, added: 3 });
      const info = await read(saved.claimID);
      expect(info.claim.claimType).toBe('institutional');
      expect(info.claim).toMatchObject({
        dosFrom: '2026-02-01',
        dosTo: '2026-02-04',
        referringProviderID: otherOperatingID,
      });
      expect(info.institutional).toEqual({
        billType: '11',
        admissionDate: '2026-02-01',
        admissionHour: '08',
        admissionType: '1',
        admissionSource: '2',
        dischargeHour: '14',
        patientStatus: '01',
        admittingDiagnosis: 'R079',
        operatingProviderID: operatingID,
        operatingProviderName: 'Cutter, Olga',
        otherOperatingProviderID: otherOperatingID,
        otherOperatingProviderName: 'Assist, Ari',
        poa: ['Y', 'N'],
        conditionCodes: ['01', '17'],
        occurrenceCodes: [{ code: '11', date: '2026-01-30' }],
        occurrenceSpans: [{ code: '74', from: '2026-02-02', through: '2026-02-03' }],
        valueCodes: [{ code: '80', amountCents: 300 }],
      });
      expect(info.lines.map((line) => [line.cptCode, line.revenueCode, line.nonCoveredCents])).toEqual([
        ['99223', '0120', 0],
        ['36415', '0300', 500],
        ['99285', '0450', 0],
      ]);

      // An edit changes the UB-04 fields and the kind stays.
      const edit = inpatient();
      const lines = info.lines.map((line, index) => ({ ...edit.lines[index]!, chargeID: line.chargeID }));
      const edited = await save({
        ...edit,
        claimID: saved.claimID,
        claimType: undefined,
        lines,
        institutional: { ...edit.institutional!, conditionCodes: ['17'], poa: ['Y', 'Y'] },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const again = await read(saved.claimID);
      expect(again.claim.claimType).toBe('institutional');
      expect(again.institutional).toMatchObject({ conditionCodes: ['17'], poa: ['Y', 'Y'] });
    });

    it('refuses with 400 and changes nothing: inpatient without the stay, a final bill without discharge hour, a line without revenue code, UB-04 fields on a professional claim', async () => {
      const before = await counts();
      const refusals: [SaveClaimFormRequest, string][] = [
        [
          {
            ...inpatient(),
            institutional: { ...inpatient().institutional!, admissionDate: null, admissionType: null },
          },
          'Bill type 11x is inpatient: it needs the admission date, admission type.',
        ],
        [
          { ...inpatient(), institutional: { ...inpatient().institutional!, dischargeHour: null } },
          'A final inpatient claim (bill type 111) needs the discharge hour.',
        ],
        [
          {
            ...inpatient(),
            lines: [{ cptCode: '99223', units: 1, diagnosisPointers: [1], chargeCents: 1_000 }],
          },
          'Line 1 (99223) has no revenue code: an institutional line needs one. Type it, or add a CPT-revenue crosswalk for 99223.',
        ],
        [
          {
            ...inpatient(),
            lines: [{ cptCode: '99223', units: 1, diagnosisPointers: [1], chargeCents: 1_000, revenueCode: '9999' }],
          },
          'Revenue code 9999 is not in the revenue code list.',
        ],
        [{ ...inpatient(), claimType: 'professional' }, 'UB-04 fields go on an institutional claim only'],
        [{ ...inpatient(), institutional: null }, 'An institutional claim needs its UB-04 fields'],
        [{ ...inpatient(), institutional: { ...inpatient().institutional!, billType: '' } }, 'The type of bill is'],
        [
          { ...inpatient(), institutional: { ...inpatient().institutional!, patientStatus: '99' } },
          'The patient status is a 2-digit NUBC discharge status',
        ],
        [
          { ...inpatient(), institutional: { ...inpatient().institutional!, operatingProviderID: 987654 } },
          "The operating physician (provider 987654) is not an active provider of the claim's group.",
        ],
      ];
      for (const [payload, message] of refusals) {
        const reply = await save(payload);
        expect(reply.statusCode, reply.body).toBe(400);
        expect(reply.json<{ message: string }>().message).toContain(message);
      }
      expect(await counts()).toEqual(before);
      expect((await save(inpatient(), null)).statusCode).toBe(401);
      expect(await counts()).toEqual(before);
    });

    it('scrubs the claim clean, and the scrubber holds an institutional claim to the UB-04 rules', async () => {
      const scrub = async (claimID: number) =>
        (
          await test.app.inject({
            method: 'POST',
            url: '/api/Claims/claimScrubing',
            headers: bearer(biller),
            payload: { claimID },
          })
        ).json<ClaimScrubReply>();
      const clean = await scrub(inpatientClaimID);
      expect(clean.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      expect(clean.summary.scrubStatusID).toBe(SCRUB_STATUS.passed);

      // Still a patient on an admit-through-discharge bill, written past the form's checks.
      const reply = await save({
        ...inpatient(),
        frequencyCode: '2',
        institutional: { ...inpatient().institutional!, patientStatus: '01', dischargeHour: null },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const interim = reply.json<SaveClaimFormReply>().claimID;
      await database.db.query(`UPDATE charges SET revenue_code = NULL WHERE claim_id = $1 AND line_number = 1`, [
        interim,
      ]);
      const found = await scrub(interim);
      expect(found.findings.map((finding) => [finding.ruleID, finding.message])).toEqual(
        expect.arrayContaining([
          [
            'UB_PATIENT_STATUS_FREQUENCY',
            'Bill type 112 is an interim bill but the patient status 01 says discharged: use 30.',
          ],
          ['UB_REVENUE_CODE_REQUIRED', 'Line 1 (99223) has no revenue code.'],
        ]),
      );
      expect(found.summary.scrubStatusID).not.toBe(SCRUB_STATUS.passed);
    });

    it('prints the UB-04 with its form locators filled', async () => {
      const reply = await test.app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/viewClaimUB04',
        headers: bearer(biller),
        query: { claimID: String(inpatientClaimID) },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('application/pdf');
      const folder = mkdtempSync(join(tmpdir(), 'ub04-'));
      const file = join(folder, 'claim.pdf');
      writeFileSync(file, reply.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
      for (const filled of [
        '0111', // FL4 type of bill
        '020126', // FL6 from, FL12 admission date
        '020426', // FL6 through
        'E11.9 Y', // FL67 principal with POA
        'I10 Y', // FL67A
        'R07.9', // FL69 admitting diagnosis
        '11 013026', // FL31 occurrence code and date
        '74 020226 020326', // FL35 span
        '80 3.00', // FL39 value code
        '0120', // FL42
        'CUTTER', // FL77 operating
        'ASSIST', // FL78/79
        '1234567802', // FL77 NPI
      ])
        expect(text.includes(filled), filled).toBe(true);
      // FL13 hour, FL14 type, FL15 source, FL16 discharge hour, FL17 status, FL18-19 conditions, FL48 non-covered.
      expect(text).toMatch(/08\s+1\s+2\s+14\s+01\s+17/);
      expect(text).toMatch(/25\s+00\s+5\s+00/);
    });

    it('submits the institutional claim as an 837I (005010X223A2) and a professional one apart as an 837P', async () => {
      const professional = await save({
        patientID: data.group.patientId,
        providerID: data.group.providerId,
        posCode: '11',
        dosFrom: '2026-02-10',
        dosTo: '2026-02-10',
        icds: ['E11.9'],
        lines: [{ cptCode: '99213', units: 1, diagnosisPointers: [1], chargeCents: 12_000 }],
      });
      expect(professional.statusCode, professional.body).toBe(200);
      const professionalID = professional.json<SaveClaimFormReply>().claimID;
      await test.app.inject({
        method: 'POST',
        url: '/api/Claims/claimScrubing',
        headers: bearer(biller),
        payload: { claimID: professionalID },
      });
      const reply = await test.app.inject({
        method: 'POST',
        url: '/api/Claims/submitClaim',
        headers: bearer(biller),
        payload: { claimIDS: [inpatientClaimID, professionalID] },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const submitted = reply.json<SubmitClaimsReply>();
      expect(submitted.refused).toEqual([]);
      expect(submitted.batches.map((batch) => batch.transactionType).sort()).toEqual(['837I', '837P']);
      const files = await database.db.query<{ type: string; content: string; icn: number }>(
        `SELECT transaction_type AS type, content, interchange_control_number AS icn FROM submission_batches
        WHERE submission_batch_id = ANY($1::bigint[])`,
        [submitted.batches.map((batch) => batch.submissionBatchID)],
      );
      const institutional = files.find((file) => file.type === '837I')!;
      const professionalFile = files.find((file) => file.type === '837P')!;
      expect(institutional.icn).not.toBe(professionalFile.icn);
      expect(professionalFile.content).not.toContain(`CLM*${inpatientClaimID}*`);

      // Read by node-x12, a parser that is not ours: one interchange, the 837I guide in GS08 and ST03.
      const interchange = new X12Parser(true).parse(institutional.content) as unknown as {
        functionalGroups: {
          header: { elements: { value: string }[] };
          transactions: { header: { elements: { value: string }[] } }[];
        }[];
      };
      const [group] = interchange.functionalGroups;
      expect(group?.header.elements[7]?.value).toBe('005010X223A2');
      expect(group?.transactions[0]?.header.elements[0]?.value).toBe('837');
      expect(group?.transactions[0]?.header.elements[2]?.value).toBe('005010X223A2');

      const segments = claimSegments(institutional.content, inpatientClaimID);
      const ranks = ranksOf(segments.slice(0, segments.findIndex((segment) => segment[0] === 'LX') + 1));
      expect(
        ranks.every((rank) => rank >= 0),
        segments.map((segment) => segment[0]).join(' '),
      ).toBe(true);
      const header = ranks.slice(0, ranks.indexOf(rankOf(['LX'])));
      expect(header).toEqual([...header].sort((a, b) => a - b));
      const text = segments.map((segment) => segment.join('*'));
      expect(text).toEqual(
        expect.arrayContaining([
          `CLM*${inpatientClaimID}*1925***11:A:1**A*Y*Y`,
          'DTP*096*TM*1400',
          'DTP*434*RD8*20260201-20260204',
          'DTP*435*DT*202602010800',
          'CL1*1*2*01',
          'HI*ABK:E119:::::::Y',
          'HI*ABJ:R079',
          'HI*ABF:I10:::::::Y',
          'HI*BI:74:RD8:20260202-20260203',
          'HI*BH:11:D8:20260130',
          'HI*BE:80:::3',
          'HI*BG:17',
          'NM1*71*1*' +
            text
              .find((segment) => segment.startsWith('NM1*71*1*'))!
              .split('*')
              .slice(3)
              .join('*'),
          'NM1*72*1*CUTTER*OLGA****XX*1234567802',
          'NM1*ZZ*1*ASSIST*ARI****XX*1765432103',
          'NM1*DN*1*ASSIST*ARI****XX*1765432103',
          'SV2*0120*HC:99223*1500*DA*3',
          'SV2*0300*HC:36415*25*UN*1**5',
          'SV2*0450*HC:99285:25*400*UN*1',
        ]),
      );
      expect(text.some((segment) => segment.startsWith('SV1'))).toBe(false);
    });
  },
);
