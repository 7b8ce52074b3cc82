import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { BadRequestError } from '../../errors.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { getClaimScrubErrors } from './claimScrubErrors.ts';
import { forcefullyPassClaim } from './forcefullyPassClaim.ts';
import { scrubClaims } from './scrubClaims.ts';
import { createScrubTestData, SCRUB_NOW, type ScrubTestData } from './scrubTestData.ts';

describe.each(testEngines)('scrubbing claims on $name', (engine) => {
  let database: TestDatabase;
  let data: ScrubTestData;

  beforeAll(async () => {
    database = await engine.create();
    data = await createScrubTestData(database.db, 'Scrub');
  });

  afterAll(async () => {
    await database.dispose();
  });

  const statusOf = async (claimID: number) => {
    const [row] = await database.db.query<{
      scrubStatusID: number;
      claimStatusID: number;
      forcedPassReason: string | null;
    }>(
      'SELECT scrub_status_id AS "scrubStatusID", claim_status_id AS "claimStatusID", forced_pass_reason AS "forcedPassReason" FROM claims WHERE claim_id = $1',
      [claimID],
    );
    return row;
  };
  const eventsOf = (claimID: number) =>
    database.db.query<{ action: string; source: string; detail: Record<string, unknown> }>(
      'SELECT action, source, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
  const ruleIDsOf = async (claimID: number) =>
    (await getClaimScrubErrors(database.db, claimID)).map((finding) => finding.ruleID);

  it('stores findings in rule order, sets the statuses and writes one DNA event per claim', async () => {
    const clean = await data.insertClaim({
      lines: [
        { code: '99213', pointers: [1, 2] },
        { code: 'J1100', cents: 1_500 },
      ],
    });
    const broken = await data.insertClaim({
      diagnoses: ['E11', 'I10'],
      lines: [{ code: '99213' }, { code: '71046', modifiers: ['26', 'TC'], pointers: [3] }],
    });
    const warned = await data.insertClaim({ lines: [{ code: '20610', modifiers: ['59', 'XS'] }] });
    const missing = 987_654_321;

    const run = await scrubClaims(
      database.db,
      data.actor,
      [clean.claimID, broken.claimID, warned.claimID, missing, clean.claimID],
      SCRUB_NOW,
    );

    expect(run).toEqual({
      claims: [
        {
          claimID: clean.claimID,
          scrubStatusID: SCRUB_STATUS.passed,
          claimStatusID: CLAIM_STATUS.readyToSubmit,
          errors: 0,
          warnings: 0,
        },
        {
          claimID: broken.claimID,
          scrubStatusID: SCRUB_STATUS.failed,
          claimStatusID: CLAIM_STATUS.draft,
          errors: 3,
          warnings: 0,
        },
        {
          claimID: warned.claimID,
          scrubStatusID: SCRUB_STATUS.passed,
          claimStatusID: CLAIM_STATUS.readyToSubmit,
          errors: 0,
          warnings: 1,
        },
      ],
      notFound: [missing],
    });
    expect(await statusOf(clean.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
    });
    expect(await statusOf(broken.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.failed,
      claimStatusID: CLAIM_STATUS.draft,
    });

    expect(await getClaimScrubErrors(database.db, clean.claimID)).toEqual([]);
    const findings = await getClaimScrubErrors(database.db, broken.claimID);
    expect(
      findings.map(({ ruleID, field, chargeID, lineNumber }) => ({ ruleID, field, chargeID, lineNumber })),
    ).toEqual([
      { ruleID: 'ICD_BILLABLE', field: 'diagnoses[0]', chargeID: null, lineNumber: null },
      { ruleID: 'MODIFIER_26_WITH_TC', field: 'charges[1].modifiers', chargeID: broken.chargeIDs[1], lineNumber: 2 },
      {
        ruleID: 'DIAGNOSIS_POINTERS',
        field: 'charges[1].diagnosisPointers',
        chargeID: broken.chargeIDs[1],
        lineNumber: 2,
      },
    ]);
    expect(findings[0]).toMatchObject({
      severity: 'error',
      message: 'Diagnosis 1, E11, is a category heading in the FY2026 ICD-10-CM list, not a billable code.',
      scrubbedAt: '2026-03-15T12:00:00Z',
    });
    expect(findings[0]?.fix).toContain('category heading');
    expect(await getClaimScrubErrors(database.db, warned.claimID)).toMatchObject([
      { ruleID: 'MODIFIER_59_WITH_X', severity: 'warning' },
    ]);

    expect(await eventsOf(broken.claimID)).toEqual([
      {
        action: 'scrubbed',
        source: 'palette',
        detail: { errors: 3, warnings: 0, scrubStatusID: SCRUB_STATUS.failed, claimStatusID: CLAIM_STATUS.draft },
      },
    ]);
    expect(await eventsOf(clean.claimID)).toHaveLength(1);
  });

  it('replaces the findings at the next scrub, and sends a ready claim that fails back to draft', async () => {
    const claim = await data.insertClaim({ lines: [{ code: '71046', modifiers: ['25'] }] });
    await scrubClaims(database.db, data.actor, [claim.claimID], SCRUB_NOW);
    expect(await ruleIDsOf(claim.claimID)).toEqual(['MODIFIER_25_ON_EM_ONLY']);

    await database.db.query('UPDATE charges SET modifier1 = NULL WHERE claim_id = $1', [claim.claimID]);
    await scrubClaims(database.db, data.actor, [claim.claimID], SCRUB_NOW);
    expect(await ruleIDsOf(claim.claimID)).toEqual([]);
    expect(await statusOf(claim.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
    });

    await database.db.query("UPDATE charges SET modifier1 = '26', modifier2 = 'TC' WHERE claim_id = $1", [
      claim.claimID,
    ]);
    await scrubClaims(database.db, data.actor, [claim.claimID], SCRUB_NOW);
    expect(await ruleIDsOf(claim.claimID)).toEqual(['MODIFIER_26_WITH_TC']);
    expect(await statusOf(claim.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.failed,
      claimStatusID: CLAIM_STATUS.draft,
    });
    expect((await eventsOf(claim.claimID)).map((event) => event.action)).toEqual(['scrubbed', 'scrubbed', 'scrubbed']);
  });

  it('finds a line repeated on another claim of the patient in the same batch query, but not a void one', async () => {
    const first = await data.insertClaim({
      dos: '2026-02-20',
      lines: [
        { code: '99214', modifiers: ['25'] },
        { code: 'J1100', cents: 1_500 },
      ],
    });
    const again = await data.insertClaim({ dos: '2026-02-20', lines: [{ code: '99214', modifiers: ['25'] }] });
    const voided = await data.insertClaim({
      dos: '2026-02-20',
      lines: [{ code: 'J1100', cents: 1_500, status: 'void' }, { code: '99215' }],
    });
    await scrubClaims(database.db, data.actor, [first.claimID, again.claimID, voided.claimID], SCRUB_NOW);
    const findings = await getClaimScrubErrors(database.db, again.claimID);
    expect(findings).toMatchObject([
      { ruleID: 'DUPLICATE_LINE', severity: 'warning', chargeID: again.chargeIDs[0], field: 'charges[0]' },
    ]);
    expect(findings[0]?.message).toBe(`Line 1 (99214) on 2026-02-20 repeats line 1 of claim ${first.claimID}.`);
    expect(await ruleIDsOf(first.claimID)).toEqual(['DUPLICATE_LINE']);
    expect(await ruleIDsOf(voided.claimID)).toEqual([]);
  });

  it('scrubs in chunks, one transaction each: a chunk that fails leaves its claims as they were', async () => {
    const claims = await Promise.all([0, 1, 2, 3, 4].map(() => data.insertClaim({ lines: [{ code: '99212' }] })));
    const ids = claims.map((claim) => claim.claimID);
    const audited = async () =>
      (
        await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'claims.scrub'")
      )[0]?.n ?? 0;
    const before = await audited();
    const run = await scrubClaims(database.db, data.actor, ids, SCRUB_NOW, 2);
    expect(run.claims.map((claim) => claim.scrubStatusID)).toEqual([2, 2, 2, 2, 2]);
    expect((await audited()) - before).toBe(3);

    const broken = ids[4]!;
    await database.db.query("UPDATE charges SET modifier1 = '25', cpt_code = '71046' WHERE claim_id = $1", [broken]);
    // A DNA event for a user that does not exist fails the chunk's last statement.
    const ghost = { ...data.actor, userId: 987_654_321 };
    await expect(scrubClaims(database.db, ghost, [broken], SCRUB_NOW)).rejects.toThrow();
    expect(await ruleIDsOf(broken)).toEqual([]);
    expect(await statusOf(broken)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
    });
    expect(await eventsOf(broken)).toHaveLength(1);
  });

  it('forcefully passes a claim with warnings only, with the reason, and refuses one with errors', async () => {
    const warned = await data.insertClaim({ lines: [{ code: '20610', modifiers: ['59', 'XU'] }] });
    const failed = await data.insertClaim({ lines: [{ code: '20610', modifiers: ['50', 'RT'] }] });
    const fresh = await data.insertClaim({ lines: [{ code: '20610' }] });
    await scrubClaims(database.db, data.actor, [warned.claimID, failed.claimID], SCRUB_NOW);

    const refusal = forcefullyPassClaim(database.db, data.actor, failed.claimID, 'Payer accepts it', SCRUB_NOW);
    await expect(refusal).rejects.toBeInstanceOf(BadRequestError);
    await expect(refusal).rejects.toThrow(
      `Claim ${failed.claimID} has 1 scrub error: errors cannot be passed. Fix them and scrub the claim again.`,
    );
    await expect(forcefullyPassClaim(database.db, data.actor, fresh.claimID, 'Trust me', SCRUB_NOW)).rejects.toThrow(
      'has not been scrubbed yet',
    );
    await expect(forcefullyPassClaim(database.db, data.actor, warned.claimID, '  ', SCRUB_NOW)).rejects.toThrow(
      'Enter the reason',
    );
    expect(await statusOf(failed.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.failed,
      forcedPassReason: null,
    });

    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
      warned.claimID,
      CLAIM_STATUS.draft,
    ]);
    await forcefullyPassClaim(
      database.db,
      data.actor,
      warned.claimID,
      'XU is what this payer wants with 59',
      SCRUB_NOW,
    );
    expect(await statusOf(warned.claimID)).toEqual({
      scrubStatusID: SCRUB_STATUS.forcefullyPassed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
      forcedPassReason: 'XU is what this payer wants with 59',
    });
    expect((await eventsOf(warned.claimID)).at(-1)).toEqual({
      action: 'scrub.forcefullyPassed',
      source: 'palette',
      detail: { reason: 'XU is what this payer wants with 59', warnings: 1 },
    });

    // Scrubbed again with the same warnings, the pass holds; once an error appears it is gone.
    await scrubClaims(database.db, data.actor, [warned.claimID], SCRUB_NOW);
    expect(await statusOf(warned.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.forcefullyPassed,
      forcedPassReason: 'XU is what this payer wants with 59',
    });
    await database.db.query('UPDATE charges SET charge_cents = 0 WHERE claim_id = $1', [warned.claimID]);
    await scrubClaims(database.db, data.actor, [warned.claimID], SCRUB_NOW);
    expect(await statusOf(warned.claimID)).toEqual({
      scrubStatusID: SCRUB_STATUS.failed,
      claimStatusID: CLAIM_STATUS.draft,
      forcedPassReason: null,
    });
  });
});
