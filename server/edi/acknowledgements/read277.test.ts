import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read277 } from './read277.ts';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

describe('reading 277CA claim acknowledgments and 277 claim status responses', () => {
  it('reads a payer 277CA with ^ elements, \\ components, CRLF, two providers, several claims, repeated STC', () => {
    const document = read277(sample('277CA_5010_payer_mixed_claims_repeated_stc.277'));
    expect(document.problems).toEqual([]);
    const [response] = document.responses;
    expect(response).toMatchObject({
      kind: '277CA',
      implementationReference: '005010X214',
      reference: '277CA20261128',
    });
    const [source] = response?.sources ?? [];
    expect(source).toMatchObject({
      entity: { code: 'PR', description: 'Payer' },
      name: 'ACME HEALTH PLAN',
      id: '60054',
    });
    expect(source?.dates).toEqual([
      { qualifier: '050', from: '2026-11-27', to: '2026-11-27' },
      { qualifier: '009', from: '2026-11-28', to: '2026-11-28' },
    ]);
    const [receiver] = source?.receivers ?? [];
    expect(receiver?.traces).toEqual(['0000000170001']);
    expect(receiver?.quantities).toEqual([
      { qualifier: '90', value: 2 },
      { qualifier: 'AA', value: 1 },
    ]);
    expect(receiver?.amounts).toEqual([
      { qualifier: 'YU', value: 30_000 },
      { qualifier: 'YY', value: 15_000 },
    ]);
    expect(receiver?.providers.map((provider) => provider.name)).toEqual(['LAKESIDE CLINIC', 'LAKESIDE HOSPITAL']);
    const [clinic, hospital] = receiver?.providers ?? [];
    expect(clinic?.patients).toHaveLength(1);
    const claims = clinic?.patients[0]?.claims ?? [];
    expect(claims.map((claim) => [claim.trace, claim.payerClaimNumber])).toEqual([
      ['1001', 'PCN-2026-0001'],
      ['1003', 'PCN-2026-0003'],
    ]);
    expect(claims[0]?.statuses[0]).toMatchObject({
      codes: [
        {
          category: { code: 'A2', description: 'Acknowledgement/Acceptance into adjudication system' },
          status: { code: '20', description: 'Accepted for processing' },
          entity: { code: 'PR', description: 'Payer' },
        },
      ],
      date: '2026-11-28',
      action: { code: 'WQ', description: 'Accepted' },
      chargeCents: 10_000,
    });
    expect(claims[1]).toMatchObject({
      clearinghouseClaimNumber: 'CH-0003',
      dates: [{ qualifier: '472', from: '2026-11-01', to: '2026-11-03' }],
      lines: [
        {
          procedure: ['HC', '99213', '25'],
          chargeCents: 20_000,
          units: '1',
          lineControlNumber: 'T1003-1',
          dates: [{ qualifier: '472', from: '2026-11-01', to: '2026-11-01' }],
        },
      ],
    });
    expect(hospital?.statuses[0]?.codes[0]?.category.code).toBe('A3');
    const rejected = hospital?.patients[0];
    expect(rejected).toMatchObject({ level: 'PT', lastName: 'ROE', firstName: 'RICHARD', memberID: 'X99887766' });
    const statuses = rejected?.claims[0]?.statuses ?? [];
    expect(statuses).toHaveLength(2);
    expect(statuses[0]?.codes.map((code) => [code.category.code, code.status.code, code.entity.code])).toEqual([
      ['A7', '562', '85'],
      ['A7', '128', '85'],
    ]);
    expect(statuses[0]?.message).toBe('REVIEW BILLING PROVIDER NPI AND TAX ID');
    expect(statuses[1]?.codes[0]?.status.description).toBe('Missing or invalid information');
    expect(rejected?.claims[0]?.billType).toBe('131');
  });

  it('reads two 277CAs in one group: a file rejected at the receiver level and another accepted', () => {
    const document = read277(sample('277CA_5010_clearinghouse_rejected_file_two_sets.277'));
    expect(document.problems).toEqual([]);
    expect(document.responses.map((response) => response.controlNumber)).toEqual(['0001', '0002']);
    const [rejectedFile, accepted] = document.responses;
    const receiver = rejectedFile?.sources[0]?.receivers[0];
    expect(rejectedFile?.sources[0]?.entity.description).toBe('Clearinghouse');
    expect(receiver?.providers).toEqual([]);
    expect(receiver?.statuses[0]?.codes[0]).toMatchObject({
      category: { code: 'A3' },
      status: { code: '24', description: 'Entity not approved as an electronic submitter' },
      entity: { code: '41', description: 'Submitter' },
    });
    expect(receiver?.statuses[0]?.chargeCents).toBe(50_000);
    const claim = accepted?.sources[0]?.receivers[0]?.providers[0]?.patients[0]?.claims[0];
    expect(claim).toMatchObject({ trace: '1009', clearinghouseClaimNumber: 'CH-1009' });
    expect(claim?.statuses[0]?.chargeCents).toBe(7_550);
  });

  it('reads a 277 status response: a subscriber paid claim and a dependent pending one under it', () => {
    const document = read277(sample('277_5010_status_paid_and_pending_dependent.277'));
    expect(document.problems).toEqual([]);
    const [response] = document.responses;
    expect(response?.kind).toBe('277');
    const patients = response?.sources[0]?.receivers[0]?.providers[0]?.patients ?? [];
    expect(patients.map((patient) => [patient.level, patient.firstName])).toEqual([
      ['22', 'JOHN'],
      ['23', 'JILL'],
    ]);
    const paid = patients[0]?.claims[0];
    expect(paid).toMatchObject({
      trace: '000000050-1001',
      payerClaimNumber: 'PCN-2026-0001',
      patientAccountNumber: '1001',
    });
    expect(paid?.statuses[0]).toMatchObject({
      codes: [{ category: { code: 'F1' }, status: { code: '65', description: 'Claim/line has been paid' } }],
      chargeCents: 10_000,
      paymentCents: 8_000,
      adjudicationDate: '2026-11-24',
      paymentMethod: 'CHK',
      checkDate: '2026-11-25',
      checkNumber: 'CHK998877',
    });
    expect(paid?.lines[0]).toMatchObject({ procedure: ['HC', '99213'], chargeCents: 10_000, paidCents: 8_000 });
    const pending = patients[1]?.claims[0];
    expect(pending?.statuses.map((status) => status.codes[0]?.category.code)).toEqual(['P2', 'R4']);
  });

  it('names an HL whose parent is not its level, a claim status before a TRN, and a bad amount', () => {
    const text = [
      'ISA*00*          *00*          *ZZ*CH             *ZZ*US             *261127*1530*^*00501*000000001*0*P*:~',
      'GS*HN*CH*US*20261127*1530*1*X*005010X214~',
      'ST*277*0001*005010X214~',
      'BHT*0085*08*R*20261127*1530*TH~',
      'HL*1**20*1~',
      'NM1*PR*2*PAYER*****PI*1~',
      'HL*2*1*PT~',
      'NM1*QC*1*LOST~',
      'HL*3*1*21*1~',
      'NM1*41*2*US*****46*1~',
      'HL*4*3*19*1~',
      'HL*5*4*PT~',
      'STC*A1:19:PR*20261127*WQ*12.3.4~',
      'SE*12*0001~',
      'GE*1*1~',
      'IEA*1*000000001~',
    ].join('\n');
    const document = read277(text);
    expect(document.problems.map((problem) => problem.message)).toEqual([
      'HL 2 is a patient whose parent (HL02 "1") is not a provider level.',
      'The total charge (STC04) is not an amount: "12.3.4".',
      "Claim status (STC) before the claim's trace number (TRN).",
    ]);
  });
});
