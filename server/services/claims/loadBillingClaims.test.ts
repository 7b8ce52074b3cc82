import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createScrubTestData, type ScrubTestData } from '../scrub/scrubTestData.ts';
import { loadBillingClaims } from './loadBillingClaims.ts';

describe.each(testEngines)('loading billed claims on $name', (engine) => {
  let database: TestDatabase;
  let data: ScrubTestData;

  beforeAll(async () => {
    database = await engine.create();
    data = await createScrubTestData(database.db, 'Loader');
  });

  afterAll(async () => {
    await database.dispose();
  });

  const one = async <T>(sql: string, params: unknown[]): Promise<T> => {
    const [row] = await database.db.query<T>(sql, params);
    if (!row) throw new Error(`No row from ${sql}`);
    return row;
  };

  it('reads claims in the order asked, each once, leaving out unknown ids, with the same few queries for 1 or 30 claims', async () => {
    const claims = await Promise.all(
      Array.from({ length: 30 }, () => data.insertClaim({ lines: [{ code: '99213' }] })),
    );
    const ids = claims.map((claim) => claim.claimID);
    let queries = 0;
    const counting: Queryable = {
      query: (sql, params) => {
        queries += 1;
        return database.db.query(sql, params);
      },
    };
    const asked = [ids[5]!, 987_654_321, ids[2]!, ids[5]!];
    expect((await loadBillingClaims(counting, asked)).map((claim) => claim.claimID)).toEqual([ids[5], ids[2]]);
    const forOne = queries;
    queries = 0;
    expect(await loadBillingClaims(counting, [...ids].reverse())).toHaveLength(30);
    expect(queries).toBe(forOne);
    expect(queries).toBeLessThanOrEqual(10);
    expect(await loadBillingClaims(counting, [])).toEqual([]);
  });

  it('fills practice, patient, providers, coverage, diagnoses and lines (void ones included)', async () => {
    const { group } = data;
    const other = await one<{ id: number }>(
      `INSERT INTO providers (group_id, practice_id, provider_type, first_name, last_name, npi, taxonomy_code, is_referring)
       VALUES ($1, $2, 'individual', 'BO', 'KIM', '1245319599', '207R00000X', true) RETURNING provider_id AS id`,
      [group.groupId, group.practiceId],
    );
    const claim = await data.insertClaim({
      dos: '2026-02-02',
      diagnoses: ['E119', 'I10'],
      lines: [
        { code: '99214', modifiers: ['25'], cents: 15_000, pointers: [1, 2] },
        { code: 'J1100', cents: 1_800, renderingProviderID: other.id },
        { code: '36415', cents: 900, status: 'void' },
      ],
    });
    await database.db.query(
      'UPDATE claims SET referring_provider_id = $2, frequency_code = $3, original_claim_number = $4 WHERE claim_id = $1',
      [claim.claimID, other.id, '7', 'ICN42'],
    );

    const [billed] = await loadBillingClaims(database.db, [claim.claimID]);
    expect(billed).toMatchObject({
      claimID: claim.claimID,
      groupID: group.groupId,
      claimType: 'professional',
      claimStatusID: 1,
      scrubStatusID: 1,
      submitStatusID: 1,
      dosFrom: '2026-02-02',
      dosTo: '2026-02-02',
      posCode: '11',
      frequencyCode: '7',
      originalClaimNumber: 'ICN42',
      totalChargeCents: 16_800,
      practice: {
        practiceID: group.practiceId,
        npi: '1234567893',
        taxID: '123456789',
        taxonomyCode: null,
        address1: '1 Main St',
        address2: null,
        zip: '78701-1234',
      },
      facility: null,
      patient: {
        patientID: group.patientId,
        firstName: 'JANE',
        lastName: 'SMITH',
        dateOfBirth: '1980-02-03',
        sex: 'F',
      },
      provider: {
        providerID: group.providerId,
        providerType: 'individual',
        firstName: 'Ann',
        lastName: 'Lee',
        npi: '1234567893',
        taxonomyCode: null,
      },
      referringProvider: { providerID: other.id, lastName: 'KIM', npi: '1245319599', taxonomyCode: '207R00000X' },
      supervisingProvider: null,
      coverage: {
        patientInsuranceID: data.coverageID,
        priority: 1,
        subscriberID: 'W123456789',
        subscriberRelation: '18',
        effectiveFrom: '2025-01-01',
        effectiveTo: null,
        payer: {
          insuranceID: group.insuranceId,
          name: 'Aetna',
          payerID: '60054',
          insuranceType: 'commercial',
          timelyFilingDays: 365,
        },
      },
      otherCoverages: [],
      primary: null,
      diagnoses: [
        { sequence: 1, icdCode: 'E119' },
        { sequence: 2, icdCode: 'I10' },
      ],
    });
    expect(billed?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(billed?.charges).toEqual([
      expect.objectContaining({
        chargeID: claim.chargeIDs[0],
        lineNumber: 1,
        cptCode: '99214',
        modifiers: ['25'],
        units: 1,
        chargeCents: 15_000,
        diagnosisPointers: [1, 2],
        chargeStatus: 'active',
      }),
      expect.objectContaining({
        chargeID: claim.chargeIDs[1],
        lineNumber: 2,
        cptCode: 'J1100',
        modifiers: [],
        renderingProvider: expect.objectContaining({ providerID: other.id }) as unknown,
      }),
      expect.objectContaining({
        chargeID: claim.chargeIDs[2],
        lineNumber: 3,
        cptCode: '36415',
        chargeStatus: 'void',
        ndcCode: null,
        ndcUnits: null,
        lineControlNumber: `T${claim.claimID}-3`,
      }),
    ]);
  });

  it("gives a secondary claim the primary's payment and adjustments from the original claim's ledger when they were posted by hand, with no remit", async () => {
    const { group } = data;
    const medicaid = await one<{ id: number }>(
      `INSERT INTO insurances (name, payer_id, insurance_type, timely_filing_days) VALUES ('Texas Medicaid (TMHP)', '617591011', 'medicaid', 95) RETURNING insurance_id AS id`,
      [],
    );
    const secondary = await one<{ id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from) VALUES ($1, $2, 2, '512345678', DATE '2025-06-01')
       RETURNING patient_insurance_id AS id`,
      [group.patientId, medicaid.id],
    );
    await database.db.query(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from, effective_to) VALUES ($1, $2, 3, 'OLD1', DATE '2024-01-01', DATE '2025-06-30')`,
      [group.patientId, medicaid.id],
    );
    const lines = [
      { code: '99213', cents: 12_500 },
      { code: '36415', cents: 1_500 },
    ];
    const original = await data.insertClaim({ dos: '2026-01-20', lines });
    const crossover = await data.insertClaim({
      dos: '2026-01-20',
      lines,
      patientInsuranceID: secondary.id,
      crossoverOfClaimID: original.claimID,
    });
    const unposted = await data.insertClaim({
      dos: '2026-01-21',
      lines,
      patientInsuranceID: secondary.id,
      crossoverOfClaimID: (await data.insertClaim({ dos: '2026-01-21', lines })).claimID,
    });

    const post = (
      chargeID: number | null,
      entryType: string,
      amount: number,
      codes: [string, string] | null = null,
      reverses: number | null = null,
    ) =>
      one<{ id: number }>(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, reverses_ledger_id, posting_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, DATE '2026-02-10') RETURNING ledger_id AS id`,
        [
          group.groupId,
          group.practiceId,
          group.patientId,
          original.claimID,
          chargeID,
          entryType,
          amount,
          codes?.[0] ?? null,
          codes?.[1] ?? null,
          reverses,
        ],
      );
    const [visit, draw] = original.chargeIDs as [number, number];
    await post(visit, 'insurance_payment', -8_000);
    await post(visit, 'contractual_adjustment', -2_500, ['CO', '45']);
    await post(visit, 'patient_responsibility', 0, ['PR', '2']);
    await post(draw, 'insurance_payment', -1_000);
    await post(draw, 'contractual_adjustment', -500, ['CO', '45']);
    const wrong = await post(draw, 'insurance_payment', -300);
    await post(draw, 'reversal', 300, null, wrong.id);
    await post(null, 'contractual_adjustment', -100, ['CO', '253']);

    const [billedOriginal, billedCrossover, billedUnposted] = await loadBillingClaims(database.db, [
      original.claimID,
      crossover.claimID,
      unposted.claimID,
    ]);
    expect(billedOriginal?.primary).toBeNull();
    expect(billedOriginal?.otherCoverages.map((coverage) => coverage.patientInsuranceID)).toEqual([secondary.id]);
    expect(billedCrossover?.coverage).toMatchObject({ priority: 2, payer: { name: 'Texas Medicaid (TMHP)' } });
    expect(billedCrossover?.otherCoverages.map((coverage) => coverage.patientInsuranceID)).toEqual([data.coverageID]);
    expect(billedCrossover?.primary).toEqual({
      payer: expect.objectContaining({ insuranceID: group.insuranceId, name: 'Aetna' }) as unknown,
      source: 'ledger',
      paidCents: 9_000,
      paidDate: '2026-02-10',
      patientLiabilityCents: 2_000,
      adjustments: [{ groupCode: 'CO', reasonCode: '253', amountCents: 100 }],
      lines: [
        {
          chargeID: crossover.chargeIDs[0],
          paidCents: 8_000,
          adjustments: [
            { groupCode: 'CO', reasonCode: '45', amountCents: 2_500 },
            { groupCode: 'PR', reasonCode: '2', amountCents: 2_000 },
          ],
        },
        {
          chargeID: crossover.chargeIDs[1],
          paidCents: 1_000,
          adjustments: [{ groupCode: 'CO', reasonCode: '45', amountCents: 500 }],
        },
      ],
    });
    expect(billedUnposted?.primary).toBeNull();
    expect(billedCrossover?.originalClaim).toEqual({
      claimID: original.claimID,
      payer: expect.objectContaining({ insuranceID: group.insuranceId }) as unknown,
    });
    expect(billedOriginal?.originalClaim).toBeNull();
  });
});
