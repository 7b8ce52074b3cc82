import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { EditChargeReply, EditChargeRequest } from '../../../contract/chargeEdit.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimScrubReply } from '../../../contract/scrub.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('editing a charge line on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Editor', 'Faraway'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const edit = (body: EditChargeRequest | Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/editCharge',
      headers: { ...bearer(session), 'x-action-source': 'hotkey' },
      payload: body,
    });
  const refusal = async (body: EditChargeRequest | Record<string, unknown>, status = 400) => {
    const reply = await edit(body);
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string }>().message;
  };
  const scrub = async (claimID: number) => {
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/Claims/claimScrubing',
      headers: bearer(biller),
      payload: { claimID },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ClaimScrubReply>();
  };
  const chargeOf = async (chargeID: number) =>
    (
      await database.db.query<{
        cptCode: string;
        modifiers: (string | null)[];
        units: number;
        diagnosisPointers: number[];
        posCode: string | null;
      }>(
        `SELECT cpt_code AS "cptCode", ARRAY[modifier1, modifier2, modifier3, modifier4] AS modifiers, units,
                diagnosis_pointers::int[] AS "diagnosisPointers", pos_code AS "posCode"
           FROM charges WHERE charge_id = $1`,
        [chargeID],
      )
    )[0];
  const claimOf = async (claimID: number) =>
    (
      await database.db.query<{
        scrubStatusID: number;
        claimStatusID: number;
        forcedPassReason: string | null;
        updatedAt: string;
        findings: number;
      }>(
        `SELECT scrub_status_id AS "scrubStatusID", claim_status_id AS "claimStatusID", forced_pass_reason AS "forcedPassReason",
                to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt",
                (SELECT count(*)::int FROM scrub_results r WHERE r.claim_id = c.claim_id) AS findings
           FROM claims c WHERE claim_id = $1`,
        [claimID],
      )
    )[0];
  const eventsOf = (claimID: number) =>
    database.db.query<{
      action: string;
      source: string;
      userID: number | null;
      detail: Record<string, unknown> | null;
    }>(
      'SELECT action, source, user_id AS "userID", detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
  /** Everything an edit may touch, to show that a refused one touched nothing. */
  const snapshot = async (claimID: number, chargeID: number) => ({
    charge: await chargeOf(chargeID),
    claim: await claimOf(claimID),
    events: await eventsOf(claimID),
  });
  const utcSecond = () => new Date(test.clock.time).toISOString().replace(/\.\d{3}Z$/, 'Z');

  it('changes the coding, sends the claim back to draft and not scrubbed, drops its findings and writes one DNA event', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({
      lines: [{ code: '20610', modifiers: ['59', 'XS'] }, { code: '99213' }],
    });
    const scrubbed = await scrub(claimID);
    expect(scrubbed.summary).toMatchObject({
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
      warnings: 1,
    });
    expect((await claimOf(claimID))?.findings).toBe(1);
    test.clock.advanceMinutes(5);

    const chargeID = chargeIDs[0]!;
    const reply = await edit({
      chargeID,
      cptCode: ' 20611 ',
      modifiers: ['xs', 'rt'],
      units: 2,
      diagnosisPointers: [2, 1],
      posCode: '22',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<EditChargeReply>()).toEqual({ message: 'Charge updated.', chargeID, claimID });

    expect(await chargeOf(chargeID)).toEqual({
      cptCode: '20611',
      modifiers: ['XS', 'RT', null, null],
      units: 2,
      diagnosisPointers: [2, 1],
      posCode: '22',
    });
    expect(await chargeOf(chargeIDs[1]!)).toMatchObject({ cptCode: '99213', units: 1 });
    expect(await claimOf(claimID)).toEqual({
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      claimStatusID: CLAIM_STATUS.draft,
      forcedPassReason: null,
      updatedAt: utcSecond(),
      findings: 0,
    });

    const events = await eventsOf(claimID);
    expect(events.map((event) => event.action)).toEqual(['scrubbed', 'charge edited']);
    expect(events[1]).toEqual({
      action: 'charge edited',
      source: 'hotkey',
      userID: data.actor.userId,
      detail: {
        chargeID,
        lineNumber: 1,
        changes: {
          cptCode: { from: '20610', to: '20611' },
          modifiers: { from: ['59', 'XS'], to: ['XS', 'RT'] },
          units: { from: 1, to: 2 },
          diagnosisPointers: { from: [1], to: [2, 1] },
          posCode: { from: null, to: '22' },
        },
      },
    });
    const audit = await database.db.query<{ source: string; detail: Record<string, unknown> }>(
      `SELECT source, detail FROM audit_log WHERE action = 'charges.edit' AND record_id = $1`,
      [String(chargeID)],
    );
    expect(audit).toEqual([
      {
        source: 'hotkey',
        detail: { claimID, fields: ['cptCode', 'modifiers', 'units', 'diagnosisPointers', 'posCode'] },
      },
    ]);
  });

  it('names only the fields that changed, and clears modifiers and the line place of service', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213', modifiers: ['25'] }] });
    const chargeID = chargeIDs[0]!;
    expect((await edit({ chargeID, posCode: '11' })).statusCode).toBe(200);
    expect((await edit({ chargeID, cptCode: '99213', units: 1, modifiers: [], posCode: null })).statusCode).toBe(200);
    expect(await chargeOf(chargeID)).toMatchObject({ modifiers: [null, null, null, null], posCode: null });
    expect((await eventsOf(claimID)).map((event) => event.detail?.changes)).toEqual([
      { posCode: { from: null, to: '11' } },
      { modifiers: { from: ['25'], to: [] }, posCode: { from: '11', to: null } },
    ]);
  });

  it('keeps a claim that was not ready to submit in its status, and takes back a forced pass', async () => {
    const rejected = await data.insertClaim({ claimStatusID: CLAIM_STATUS.rejected, lines: [{ code: '99213' }] });
    expect((await edit({ chargeID: rejected.chargeIDs[0]!, units: 3 })).statusCode).toBe(200);
    expect(await claimOf(rejected.claimID)).toMatchObject({
      claimStatusID: CLAIM_STATUS.rejected,
      scrubStatusID: SCRUB_STATUS.notScrubbed,
    });

    const warned = await data.insertClaim({ lines: [{ code: '20610', modifiers: ['59', 'XU'] }] });
    await scrub(warned.claimID);
    const pass = await test.app.inject({
      method: 'POST',
      url: '/api/Claims/forcefullyPassClaim',
      headers: bearer(biller),
      payload: { claimIDS: [warned.claimID], reason: 'Payer asks for both' },
    });
    expect(pass.json<{ passed: number[] }>().passed).toEqual([warned.claimID]);
    expect(await claimOf(warned.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.forcefullyPassed,
      forcedPassReason: 'Payer asks for both',
    });
    expect((await edit({ chargeID: warned.chargeIDs[0]!, modifiers: ['XU'] })).statusCode).toBe(200);
    expect(await claimOf(warned.claimID)).toMatchObject({
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      claimStatusID: CLAIM_STATUS.draft,
      forcedPassReason: null,
      findings: 0,
    });
  });

  it('answers the same when nothing changes, without an event or a status change', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({
      lines: [{ code: '99213', modifiers: ['25'], pointers: [1, 2] }],
    });
    await scrub(claimID);
    const before = await snapshot(claimID, chargeIDs[0]!);
    const reply = await edit({
      chargeID: chargeIDs[0]!,
      cptCode: '99213',
      modifiers: ['25'],
      units: 1,
      diagnosisPointers: [1, 2],
      posCode: null,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<EditChargeReply>()).toEqual({ message: 'Charge updated.', chargeID: chargeIDs[0], claimID });
    expect(await snapshot(claimID, chargeIDs[0]!)).toEqual(before);
    expect(before.claim).toMatchObject({
      scrubStatusID: SCRUB_STATUS.passed,
      claimStatusID: CLAIM_STATUS.readyToSubmit,
    });
  });

  it('refuses a void charge, a void or closed claim and a submitted claim, and changes nothing', async () => {
    const withVoid = await data.insertClaim({ lines: [{ code: '99213' }, { code: '36415', status: 'void' }] });
    const voided = await data.insertClaim({ claimStatusID: CLAIM_STATUS.void, lines: [{ code: '99213' }] });
    const closed = await data.insertClaim({ claimStatusID: CLAIM_STATUS.closed, lines: [{ code: '99213' }] });
    const sent = await data.insertClaim({ lines: [{ code: '99212' }] });
    await scrub(sent.claimID);
    const submit = await test.app.inject({
      method: 'POST',
      url: '/api/Claims/submitClaim',
      headers: bearer(biller),
      payload: { claimIDS: [sent.claimID] },
    });
    expect(submit.json<{ submitted: number[] }>().submitted).toEqual([sent.claimID]);

    const cases: [{ claimID: number; chargeIDs: number[] }, number, string][] = [
      [withVoid, 1, 'A void charge cannot be changed.'],
      [voided, 0, `Claim ${voided.claimID} is void: its charges cannot be changed.`],
      [closed, 0, `Claim ${closed.claimID} is closed: its charges cannot be changed.`],
      [
        sent,
        0,
        `Claim ${sent.claimID} has been submitted: its charges stay as sent until the claim is rejected or corrected.`,
      ],
    ];
    for (const [claim, line, message] of cases) {
      const chargeID = claim.chargeIDs[line]!;
      const before = await snapshot(claim.claimID, chargeID);
      expect(await refusal({ chargeID, units: 4 })).toBe(message);
      expect(await snapshot(claim.claimID, chargeID)).toEqual(before);
    }
  });

  it('refuses pointers past the claim diagnoses and codes that are not CPT or HCPCS, and accepts HCPCS in lower case', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const noDiagnoses = await data.insertClaim({ diagnoses: [], lines: [{ code: '99213' }] });
    const chargeID = chargeIDs[0]!;
    const before = await snapshot(claimID, chargeID);
    expect(await refusal({ chargeID, diagnosisPointers: [1, 3] })).toBe(
      "Line 1: diagnosis pointer 3 points past the claim's 2 diagnoses; point at 1 to 2 or add the diagnosis first.",
    );
    expect(await refusal({ chargeID: noDiagnoses.chargeIDs[0]!, diagnosisPointers: [1] })).toBe(
      `Claim ${noDiagnoses.claimID} has no diagnoses yet: add them before pointing line 1 at one.`,
    );
    for (const code of ['9921', '992134', 'W1234', '1234X', 'ABCDE']) {
      expect(await refusal({ chargeID, cptCode: code })).toBe(
        `${code} is not a procedure code: enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).`,
      );
    }
    expect(await refusal({ chargeID, posCode: '98' })).toBe('Place of service 98 is not in the code list.');
    expect(await snapshot(claimID, chargeID)).toEqual(before);

    expect((await edit({ chargeID, cptCode: 'j1100' })).statusCode).toBe(200);
    expect((await edit({ chargeID, cptCode: '0001U' })).statusCode).toBe(200);
    expect(await chargeOf(chargeID)).toMatchObject({ cptCode: '0001U' });
  });

  it('refuses bad input with a 400 that says what is wrong, and changes nothing', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const chargeID = chargeIDs[0]!;
    const before = await snapshot(claimID, chargeID);
    expect(await refusal({ chargeID })).toBe(
      'Nothing to change: give a procedure code, modifiers, units, diagnosis pointers or a place of service.',
    );
    expect(await refusal({ chargeID, modifiers: ['2'] })).toBe(
      'modifiers.0: A modifier is two letters or digits, like 25 or LT.',
    );
    expect(await refusal({ chargeID, modifiers: ['25', '59', 'LT', 'RT', 'XS'] })).toBe(
      'modifiers: A charge line takes at most 4 modifiers.',
    );
    expect(await refusal({ chargeID, units: 0 })).toBe('units: Units must be a whole number from 1 to 9999.');
    // The error handler words every zod type issue as "is required." (zod 4 leaves out the input), so only the field is checked here.
    expect(await refusal({ chargeID, units: 1.5 })).toMatch(/^units: /);
    expect(await refusal({ chargeID, diagnosisPointers: [] })).toBe(
      'diagnosisPointers: Point the line at 1 to 4 diagnoses.',
    );
    expect(await refusal({ chargeID, diagnosisPointers: [1, 1] })).toBe(
      'diagnosisPointers: A line points at each diagnosis only once.',
    );
    expect(await refusal({ chargeID, diagnosisPointers: [13] })).toBe(
      'diagnosisPointers.0: A diagnosis pointer is a whole number from 1 to 12.',
    );
    expect(await refusal({ chargeID, posCode: '1' })).toBe('posCode: A place of service is a 2-digit code, like 11.');
    expect(await refusal({ chargeID, units: 2, chargeCents: 5_000 })).toMatch(/Unrecognized key: "chargeCents"/);
    expect(await refusal({ units: 2 })).toBe('chargeID: is required.');
    expect(await snapshot(claimID, chargeID)).toEqual(before);
  });

  it('does not find a charge outside the data role, or one that does not exist', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const chargeID = chargeIDs[0]!;
    const before = await snapshot(claimID, chargeID);
    const reply = await edit({ chargeID, units: 5 }, outsider);
    expect(reply.statusCode).toBe(404);
    expect(reply.json<{ message: string }>().message).toBe('Not Found.');
    expect(await refusal({ chargeID: 987_654_321, units: 5 }, 404)).toBe('Not Found.');
    expect(await snapshot(claimID, chargeID)).toEqual(before);
  });
});
