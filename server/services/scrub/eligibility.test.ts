import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { EligibilityOutcome } from '../../../contract/eligibility.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { getClaimDetail } from '../claims/claimDetail.ts';
import { getClaimScrubErrors } from './claimScrubErrors.ts';
import { scrubClaims } from './scrubClaims.ts';
import { createScrubTestData, SCRUB_NOW, type ScrubTestData } from './scrubTestData.ts';

describe.each(testEngines)("the scrubber and the payer's eligibility answers, on $name", (engine) => {
  let database: TestDatabase;
  let data: ScrubTestData;
  let minutes = 0;

  beforeAll(async () => {
    database = await engine.create();
    data = await createScrubTestData(database.db, 'Scrub eligibility');
  });

  afterAll(async () => {
    await database.dispose();
  });

  /** A kept check of the claim's coverage, each asked a minute after the one before. */
  async function answer(claimID: number, outcome: EligibilityOutcome, message = '', dateOfService?: string) {
    minutes += 1;
    await database.db.query(
      `INSERT INTO eligibility_inquiries (patient_id, patient_insurance_id, service_date, asked_at, trace_number, inquiry_270, outcome, message)
       SELECT patient_id, patient_insurance_id, COALESCE($2::date, dos_from), $3, 'T', '', $4, $5 FROM claims WHERE claim_id = $1`,
      [claimID, dateOfService ?? null, new Date(Date.UTC(2026, 2, 14, 9, minutes)).toISOString(), outcome, message],
    );
  }
  async function scrub(claimID: number) {
    const [result] = (await scrubClaims(database.db, data.actor, [claimID], SCRUB_NOW)).claims;
    const findings = await getClaimScrubErrors(database.db, claimID);
    return { result, warning: findings.find((finding) => finding.ruleID === 'ELIGIBILITY_NOT_ACTIVE') };
  }
  const shownOnClaim = async (claimID: number) =>
    (
      await getClaimDetail(
        database.db,
        data.actor,
        { groupIds: [data.group.groupId], practiceIds: [data.group.practiceId] },
        claimID,
      )
    ).header.eligibility;

  it('warns when the latest answer says inactive on the day of service, and the claim still passes; a newer active answer clears it', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    expect((await scrub(claimID)).warning).toBeUndefined();
    expect(await shownOnClaim(claimID)).toBeNull();

    await answer(claimID, 'active');
    await answer(claimID, 'inactive', 'Coverage is inactive.');
    const inactive = await scrub(claimID);
    expect(inactive.warning).toMatchObject({ severity: 'warning', field: 'coverage' });
    expect(inactive.warning?.message).toMatch(
      /answered on 2026-03-14 that the coverage was inactive on \d{4}-\d\d-\d\d/,
    );
    expect(inactive.result).toMatchObject({
      errors: 0,
      warnings: 1,
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
    });
    expect(await shownOnClaim(claimID)).toMatchObject({ outcome: 'inactive', askedAt: '2026-03-14T09:02:00.000Z' });

    // A check the payer did not answer is no answer: the inactive one stands.
    await answer(claimID, 'error', 'The payer simulator could not be reached.');
    expect((await scrub(claimID)).warning).toBeDefined();

    await answer(claimID, 'active');
    const cleared = await scrub(claimID);
    expect(cleared.warning).toBeUndefined();
    expect(cleared.result?.warnings).toBe(0);
    expect(await shownOnClaim(claimID)).toMatchObject({ outcome: 'active', askedAt: '2026-03-14T09:04:00.000Z' });
  });

  it('warns when the payer rejected the latest check, saying why', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    await answer(claimID, 'rejected', 'Subscriber/insured not found.');
    expect((await scrub(claimID)).warning?.message).toMatch(
      /rejected the eligibility check .*Subscriber\/insured not found/,
    );
  });

  it('reads only answers about the claim’s own day of service', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    await answer(claimID, 'inactive', 'Coverage is inactive.', '2020-01-01');
    expect((await scrub(claimID)).warning).toBeUndefined();
  });
});
