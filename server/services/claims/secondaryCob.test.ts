/**
 * A secondary claim's 837 carries the primary payer's adjudication as the payer gave it: a posted
 * 835 (claim- and line-level CAS in every group), several remits merged, a reversal and its
 * correction, a paper EOB keyed line by line; and the scrubber refuses a secondary claim whose
 * primary has no remit. Every file is read back with our own X12 reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimScrubReply } from '../../../contract/scrub.ts';
import type { CreateCrossoverReply } from '../../../contract/crossover.ts';
import type { UploadEraReply } from '../../../contract/era.ts';
import { build837 } from '../../edi/837/build837.ts';
import { OPTIONS } from '../../edi/837/test/fixtures837.ts';
import { loops837 } from '../../edi/837/test/loops837.ts';
import { write835, type Claim835 } from '../../edi/era/write835.ts';
import { readX12 } from '../../edi/x12/readX12.ts';
import { testEngines } from '../../test/engines.ts';
import { bearer } from '../../test/harness.ts';
import { AETNA, eraClaim, eraLine, remitWorld, type OurLine, type RemitWorld } from '../era/remitTestKit.ts';
import { loadBillingClaims } from './loadBillingClaims.ts';

/** The segments from the first starting with `from` up to (not including) the next starting with any of `to`. */
function between(segments: readonly string[], from: string, ...to: string[]): string[] {
  const start = segments.findIndex((segment) => segment.startsWith(from));
  if (start < 0) return [];
  const end = segments.findIndex((segment, index) => index > start && to.some((prefix) => segment.startsWith(prefix)));
  return segments.slice(start, end < 0 ? undefined : end);
}

describe.each(testEngines)('secondary claims carry the primary payer’s remit on $name', (engine) => {
  let world: RemitWorld;
  let traces = 0;

  beforeAll(async () => {
    world = await remitWorld(engine, 'cob@example.test');
    const { db, group } = world;
    const [medicare] = await db.query<{ id: number }>(
      "INSERT INTO insurances (name, payer_id, insurance_type) VALUES ('Medicare Part B', '04412', 'medicare') RETURNING insurance_id AS id",
    );
    await db.query(
      "INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from) VALUES ($1, $2, 2, '1EG4TE5MK73', DATE '2025-01-01')",
      [group.patientId, medicare?.id],
    );
    // 71 on the dates of service, still covered by an employer plan: Medicare pays second as working aged (MSP type 12).
    await db.query("UPDATE patients SET date_of_birth = DATE '1955-01-01' WHERE patient_id = $1", [group.patientId]);
    await db.query("INSERT INTO place_of_service (code, name) VALUES ('11', 'Office') ON CONFLICT DO NOTHING");
    await db.query(
      "INSERT INTO icd_codes (code, fiscal_year, billable, short_description, long_description) VALUES ('E119', 2026, true, 'Type 2 diabetes', 'Type 2 diabetes mellitus without complications') ON CONFLICT DO NOTHING",
    );
    await db.query(
      "INSERT INTO adjustment_reason_codes (code, description) VALUES ('59', 'Processed based on multiple or concurrent procedure rules.'), ('94', 'Processed in Excess of charges.') ON CONFLICT (code) DO NOTHING",
    );
  });
  afterAll(async () => world?.close());

  /** A claim billed to the primary (Aetna), with what the 837 needs: a place of service and a diagnosis the lines point at. */
  const originalClaim = async (charges: readonly number[]) => {
    const claim = await world.claimWith(charges);
    await world.db.query("UPDATE claims SET pos_code = '11' WHERE claim_id = $1", [claim.claimID]);
    await world.db.query("INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) VALUES ($1, 1, 'E119')", [
      claim.claimID,
    ]);
    await world.db.query("UPDATE charges SET diagnosis_pointers = '{1}' WHERE claim_id = $1", [claim.claimID]);
    return claim;
  };

  /** Writes an 835 of the primary paying on `date`, uploads it through the API and posts it. */
  const postRemit = async (claims: readonly Claim835[], date: string) => {
    traces += 1;
    const text = write835({
      payer: AETNA,
      payee: { name: 'REMIT PRACTICE', npi: '1234567893' },
      traceNumber: `COB${traces}`,
      paymentDate: date,
      controlNumber: 700 + traces,
      claims,
    });
    const uploaded = await world.test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/uploadERA',
      query: { groupID: String(world.group.groupId), fileName: `cob${traces}.835` },
      headers: { ...bearer(world.session), 'content-type': 'text/plain' },
      payload: text,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const posted = await world.post(uploaded.json<UploadEraReply>().checks[0]?.eraCheckID ?? 0);
    expect(posted.statusCode, posted.message).toBe(200);
  };

  const crossOver = async (claimID: number) => {
    const reply = await world.call('POST', 'AddEditClaim/createCrossoverClaim', { claimID });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<CreateCrossoverReply>();
  };

  const scrub = async (claimID: number) => {
    const reply = await world.call('POST', 'Claims/claimScrubing', { claimID });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ClaimScrubReply>().findings;
  };

  /** The crossover claim as the submission writes it, read back by our reader; its segments as text. */
  const file837 = async (claimID: number) => {
    const text = build837(await loadBillingClaims(world.db, [claimID]), OPTIONS);
    const document = readX12(text);
    expect(document.errors).toEqual([]);
    const transaction = document.interchanges[0]?.groups[0]?.transactions[0];
    if (transaction === undefined) throw new Error('no transaction');
    const read = loops837(transaction).claims;
    expect(read.map((claim) => claim.clm.element(1))).toEqual([String(claimID)]);
    const segments = text.split('~\n').filter((segment) => segment !== '');
    const lines = (read[0]?.lines ?? []).map((line) =>
      line.segments.map((segment) => segment.elements().join('*').replace(/\*+$/, '')),
    );
    return {
      segments,
      lines,
      cob: (line: number) =>
        (lines[line - 1] ?? []).slice((lines[line - 1] ?? []).findIndex((segment) => segment.startsWith('SVD*'))),
    };
  };

  it('carries a posted 835 as the payer sent it: claim-level CO, OA, PI, CR and PR, every line group, AMT*D, AMT*EAF, 2430 per line, SBR05 for Medicare', async () => {
    const { claimID, lines } = await originalClaim([10_000, 5_000, 2_000]);
    const [visit, draw, test] = lines as [OurLine, OurLine, OurLine];
    await postRemit(
      [
        eraClaim(
          claimID,
          [
            eraLine(visit, 6_000, [
              { group: 'CO', reason: '45', cents: 2_000 },
              { group: 'PR', reason: '1', cents: 1_000 },
              { group: 'PR', reason: '2', cents: 500 },
              { group: 'OA', reason: '23', cents: 300 },
              { group: 'PI', reason: '97', cents: 200 },
            ]),
            eraLine(draw, 3_000, [
              { group: 'CO', reason: '45', cents: 1_000 },
              { group: 'PR', reason: '3', cents: 500 },
              { group: 'CR', reason: '94', cents: 500 },
            ]),
            eraLine(test, 0, [{ group: 'CO', reason: '50', cents: 2_000 }]),
          ],
          {
            payerClaimControlNumber: 'ICN-COB-1',
            adjustments: [
              { group: 'CO', reason: '253', cents: 120 },
              { group: 'OA', reason: '23', cents: 50 },
              { group: 'PI', reason: '59', cents: 30 },
              { group: 'CR', reason: '94', cents: 20 },
              { group: 'PR', reason: '2', cents: 100 },
            ],
          },
        ),
      ],
      '2026-02-10',
    );

    const { crossoverClaimID, message } = await crossOver(claimID);
    expect(message).toContain(
      `Crossover claim ${crossoverClaimID} created for Medicare Part B (secondary). Medicare secondary payer type 12 (working aged beneficiary or spouse with an employer group health plan)`,
    );
    const [created] = await world.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM claim_events WHERE claim_id = $1 AND action = 'created from crossover'",
      [crossoverClaimID],
    );
    expect(created?.detail).toMatchObject({ medicareSecondaryType: '12' });
    expect((await scrub(crossoverClaimID)).map((finding) => finding.ruleID)).not.toEqual(
      expect.arrayContaining([
        'PRIMARY_ADJUDICATION_REQUIRED',
        'PRIMARY_ADJUDICATION_FROM_LEDGER',
        'MEDICARE_SECONDARY_TYPE',
      ]),
    );

    const { segments, lines: written, cob } = await file837(crossoverClaimID);
    expect(segments.filter((segment) => segment.startsWith('SBR*'))).toEqual([
      'SBR*S*18***12****MB',
      'SBR*P*18*******CI',
    ]);
    // CLP04 $86.80: the lines' $90.00 less $3.20 of claim-level adjustments. The patient owes every PR: $1.00 at claim level, $20.00 on the lines.
    expect(between(segments, 'SBR*P*', 'NM1*IL')).toEqual([
      'SBR*P*18*******CI',
      'CAS*CO*253*1.2',
      'CAS*OA*23*0.5',
      'CAS*PI*59*0.3',
      'CAS*CR*94*0.2',
      'CAS*PR*2*1',
      'AMT*D*86.8',
      'AMT*EAF*21',
      'OI***Y*P**Y',
    ]);
    expect(between(segments, 'OI*', 'LX*1').slice(1)).toEqual([
      'NM1*IL*1*SMITH*JANE****MI*W100200300',
      'NM1*PR*2*AETNA*****PI*60054',
    ]);
    expect(written).toHaveLength(3);
    expect(cob(1)).toEqual([
      'SVD*60054*60*HC:99213**1',
      'CAS*CO*45*20',
      'CAS*PR*1*10**2*5',
      'CAS*OA*23*3',
      'CAS*PI*97*2',
      'DTP*573*D8*20260210',
    ]);
    expect(cob(2)).toEqual([
      'SVD*60054*30*HC:36415**1',
      'CAS*CO*45*10',
      'CAS*PR*3*5',
      'CAS*CR*94*5',
      'DTP*573*D8*20260210',
    ]);
    expect(cob(3)).toEqual(['SVD*60054*0*HC:81002**1', 'CAS*CO*50*20', 'DTP*573*D8*20260210']);
    // Told once, at claim level, because part of the patient's share is not on a line.
    expect(segments.filter((segment) => segment.startsWith('AMT*EAF'))).toEqual(['AMT*EAF*21']);
  });

  it('merges a payer answering some lines in one remit and the rest in another: AMT*D adds up, each line is dated by its own check, the liability is told line by line', async () => {
    const { claimID, lines } = await originalClaim([8_000, 4_000]);
    const [visit, draw] = lines as [OurLine, OurLine];
    await postRemit(
      [
        eraClaim(
          claimID,
          [
            eraLine(visit, 5_000, [
              { group: 'CO', reason: '45', cents: 2_000 },
              { group: 'PR', reason: '2', cents: 1_000 },
            ]),
          ],
          { payerClaimControlNumber: 'ICN-M1', chargeCents: 8_000 },
        ),
      ],
      '2026-02-12',
    );
    await postRemit(
      [
        eraClaim(claimID, [eraLine(draw, 3_500, [{ group: 'OA', reason: '23', cents: 500 }])], {
          payerClaimControlNumber: 'ICN-M2',
          chargeCents: 4_000,
        }),
      ],
      '2026-03-05',
    );
    const { crossoverClaimID } = await crossOver(claimID);

    const { segments, cob } = await file837(crossoverClaimID);
    expect(between(segments, 'SBR*P*', 'NM1*IL')).toEqual(['SBR*P*18*******CI', 'AMT*D*85', 'OI***Y*P**Y']);
    expect(cob(1)).toEqual([
      'SVD*60054*50*HC:99213**1',
      'CAS*CO*45*20',
      'CAS*PR*2*10',
      'DTP*573*D8*20260212',
      'AMT*EAF*10',
    ]);
    expect(cob(2)).toEqual(['SVD*60054*35*HC:36415**1', 'CAS*OA*23*5', 'DTP*573*D8*20260305', 'AMT*EAF*0']);
  });

  it('carries only the corrected adjudication once the payer reversed its first answer', async () => {
    const { claimID, lines } = await originalClaim([10_000, 5_000]);
    const [visit, draw] = lines as [OurLine, OurLine];
    const first = [
      eraLine(visit, 6_000, [
        { group: 'CO', reason: '45', cents: 3_000 },
        { group: 'PR', reason: '2', cents: 1_000 },
      ]),
      eraLine(draw, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
    ];
    await postRemit(
      [
        eraClaim(claimID, first, {
          payerClaimControlNumber: 'ICN-R1',
          adjustments: [{ group: 'PI', reason: '59', cents: 100 }],
        }),
      ],
      '2026-02-10',
    );
    const reversal = eraClaim(
      claimID,
      first.map((line) => ({
        ...line,
        chargeCents: -line.chargeCents,
        paidCents: -line.paidCents,
        adjustments: line.adjustments.map((adjustment) => ({ ...adjustment, cents: -adjustment.cents })),
      })),
      {
        status: '22',
        payerClaimControlNumber: 'ICN-R1',
        adjustments: [{ group: 'PI', reason: '59', cents: -100 }],
      },
    );
    const corrected = eraClaim(
      claimID,
      [
        eraLine(visit, 7_000, [{ group: 'CO', reason: '45', cents: 3_000 }]),
        eraLine(draw, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
      ],
      { payerClaimControlNumber: 'ICN-R2', originalReference: 'ICN-R1' },
    );
    await postRemit([reversal, corrected], '2026-03-01');
    const { crossoverClaimID } = await crossOver(claimID);

    const { segments, cob } = await file837(crossoverClaimID);
    expect(between(segments, 'SBR*P*', 'NM1*IL')).toEqual(['SBR*P*18*******CI', 'AMT*D*110', 'OI***Y*P**Y']);
    expect(cob(1)).toEqual(['SVD*60054*70*HC:99213**1', 'CAS*CO*45*30', 'DTP*573*D8*20260301', 'AMT*EAF*0']);
    expect(cob(2)).toEqual(['SVD*60054*40*HC:36415**1', 'CAS*CO*45*10', 'DTP*573*D8*20260301', 'AMT*EAF*0']);
    expect(segments.filter((segment) => /^CAS\*(PR|PI)/.test(segment) || segment.includes('20260210'))).toEqual([]);
  });

  it('no longer carries an ERA posting whose money a biller took back row by row: the secondary is refused until the primary answers again', async () => {
    const { claimID, lines } = await originalClaim([8_000]);
    const [visit] = lines as [OurLine];
    await postRemit(
      [
        eraClaim(claimID, [eraLine(visit, 5_000, [{ group: 'CO', reason: '45', cents: 3_000 }])], {
          payerClaimControlNumber: 'ICN-H1',
        }),
      ],
      '2026-02-14',
    );
    const { crossoverClaimID } = await crossOver(claimID);
    expect((await scrub(crossoverClaimID)).map((finding) => finding.ruleID)).not.toContain(
      'PRIMARY_ADJUDICATION_REQUIRED',
    );
    const posted = await world.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE claim_id = $1 AND era_claim_id IS NOT NULL AND amount_cents <> 0 ORDER BY ledger_id',
      [claimID],
    );
    expect(posted.length).toBe(2);
    for (const { ledgerID } of posted) {
      const reversed = await world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID });
      expect(reversed.statusCode, reversed.body).toBe(200);
    }
    expect((await scrub(crossoverClaimID)).map((finding) => finding.ruleID)).toContain('PRIMARY_ADJUDICATION_REQUIRED');
  });

  it('carries a paper EOB as it was keyed, line by line, and leaves out a line whose posting was reversed', async () => {
    const { claimID, lines } = await originalClaim([10_000, 5_000]);
    const [visit, draw] = lines as [OurLine, OurLine];
    const keyed = await world.call('POST', 'AddEditClaim/saveInsurancePayments', {
      claimID,
      reference: 'EOB-77',
      postingDate: '2026-02-20',
      lines: [
        {
          chargeID: visit.chargeID,
          paid: 5_000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 3_000 },
            { group: 'PR', reason: '1', amount: 2_000 },
          ],
        },
        {
          chargeID: draw.chargeID,
          paid: 4_000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 500 },
            { group: 'PI', reason: '97', amount: 500 },
          ],
        },
      ],
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    const { crossoverClaimID } = await crossOver(claimID);
    expect((await scrub(crossoverClaimID)).map((finding) => finding.ruleID)).not.toContain(
      'PRIMARY_ADJUDICATION_REQUIRED',
    );

    let file = await file837(crossoverClaimID);
    expect(between(file.segments, 'SBR*P*', 'NM1*IL')).toEqual(['SBR*P*18*******CI', 'AMT*D*90', 'OI***Y*P**Y']);
    expect(file.cob(1)).toEqual([
      'SVD*60054*50*HC:99213**1',
      'CAS*CO*45*30',
      'CAS*PR*1*20',
      'DTP*573*D8*20260220',
      'AMT*EAF*20',
    ]);
    expect(file.cob(2)).toEqual([
      'SVD*60054*40*HC:36415**1',
      'CAS*CO*45*5',
      'CAS*PI*97*5',
      'DTP*573*D8*20260220',
      'AMT*EAF*0',
    ]);

    // The biller takes back what the EOB posted on the second line: that line no longer carries the primary's answer.
    const posted = await world.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE charge_id = $1 AND paper_eob_id IS NOT NULL AND amount_cents <> 0 ORDER BY ledger_id',
      [draw.chargeID],
    );
    expect(posted.length).toBeGreaterThan(0);
    for (const { ledgerID } of posted) {
      const reversed = await world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID });
      expect(reversed.statusCode, reversed.body).toBe(200);
    }
    file = await file837(crossoverClaimID);
    expect(between(file.segments, 'SBR*P*', 'NM1*IL')).toEqual(['SBR*P*18*******CI', 'AMT*D*50', 'OI***Y*P**Y']);
    expect(file.cob(1)).toEqual([
      'SVD*60054*50*HC:99213**1',
      'CAS*CO*45*30',
      'CAS*PR*1*20',
      'DTP*573*D8*20260220',
      'AMT*EAF*20',
    ]);
    expect(file.lines[1]?.some((segment) => segment.startsWith('SVD'))).toBe(false);
  });

  it('refuses a secondary claim whose primary has no posted ERA and no keyed EOB, naming the payer and the claim, until the remit is posted', async () => {
    const { claimID, lines } = await originalClaim([9_000]);
    // The primary answered (the claim says paid), but nothing of its answer was posted.
    await world.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [claimID, CLAIM_STATUS.paid]);
    const { crossoverClaimID } = await crossOver(claimID);
    const refused = (await scrub(crossoverClaimID)).filter(
      (finding) => finding.ruleID === 'PRIMARY_ADJUDICATION_REQUIRED',
    );
    expect(refused.map((finding) => [finding.severity, finding.message])).toEqual([
      [
        'error',
        `The claim bills Medicare Part B as secondary payer, but the primary payer Aetna has no posted ERA and no keyed EOB standing on claim ${claimID}. Post the primary payer's ERA or key its EOB on claim ${claimID}, then scrub again.`,
      ],
    ]);

    const [line] = lines as [OurLine];
    await postRemit(
      [
        eraClaim(claimID, [eraLine(line, 7_000, [{ group: 'CO', reason: '45', cents: 2_000 }])], {
          payerClaimControlNumber: 'ICN-S1',
        }),
      ],
      '2026-04-01',
    );
    expect((await scrub(crossoverClaimID)).map((finding) => finding.ruleID)).not.toContain(
      'PRIMARY_ADJUDICATION_REQUIRED',
    );
    expect((await file837(crossoverClaimID)).cob(1)).toEqual([
      'SVD*60054*70*HC:99213**1',
      'CAS*CO*45*20',
      'DTP*573*D8*20260401',
      'AMT*EAF*0',
    ]);
  });

  it('rebuilds a primary posted by hand before EOBs were kept from the ledger, and warns the biller that it is a rebuild', async () => {
    const { claimID, lines } = await originalClaim([6_000]);
    const [line] = lines as [OurLine];
    const { group } = world;
    await world.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, posting_date)
       VALUES ($1, $2, $3, $4, $5, 'insurance_payment', -4000, NULL, NULL, DATE '2026-02-15'), ($1, $2, $3, $4, $5, 'contractual_adjustment', -1500, 'CO', '45', DATE '2026-02-15'),
              ($1, $2, $3, $4, $5, 'patient_responsibility', 0, 'PR', '2', DATE '2026-02-15')`,
      [group.groupId, group.practiceId, group.patientId, claimID, line.chargeID],
    );
    const { crossoverClaimID } = await crossOver(claimID);
    const findings = await scrub(crossoverClaimID);
    expect(findings.map((finding) => finding.ruleID)).not.toContain('PRIMARY_ADJUDICATION_REQUIRED');
    expect(
      findings
        .filter((finding) => finding.ruleID === 'PRIMARY_ADJUDICATION_FROM_LEDGER')
        .map((finding) => [finding.severity, finding.message]),
    ).toEqual([
      [
        'warning',
        `The primary payer Aetna's answer on claim ${claimID} was posted by hand before EOBs were kept, so this claim carries it as the ledger has it: payments, CO adjustments and the patient's share (recomputed), without any OA, PI or CR adjustment.`,
      ],
    ]);
    expect((await file837(crossoverClaimID)).cob(1)).toEqual([
      'SVD*60054*40*HC:99213**1',
      'CAS*CO*45*15',
      'CAS*PR*2*5',
      'DTP*573*D8*20260215',
      'AMT*EAF*5',
    ]);
  });
});
