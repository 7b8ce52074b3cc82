import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { imbalancesOf } from './balance.ts';
import type { EraCheck } from './eraModel.ts';
import { readEra } from './readEra.ts';

const SAMPLES = fileURLToPath(new URL('../samples/', import.meta.url));
const sample = (name: string) => readFileSync(`${SAMPLES}${name}`, 'utf8');
const MANAGED_CARE = '835_5010_lfh_managed_care_deductible_contractual.835';
const COB = '835_5010_lfh_secondary_payment_cob.835';
const DENIED = '835_5010_pyx12_denied_claim_zero_payment_lq_remarks.txt';
const MEDICAID = '835_5010_x12parser_nymedicaid_profee_timelyfiling_denial.edi';

function onlyCheck(text: string): EraCheck {
  const document = readEra(text);
  expect(document.problems).toEqual([]);
  expect(document.checks).toHaveLength(1);
  return document.checks[0] as EraCheck;
}

const adjustmentTotals = (check: EraCheck) => {
  const totals: Record<string, number> = {};
  for (const claim of check.claims) {
    for (const adjustment of [...claim.adjustments, ...claim.lines.flatMap((line) => line.adjustments)]) {
      const key = `${adjustment.group}-${adjustment.reason}`;
      totals[key] = (totals[key] ?? 0) + adjustment.cents;
    }
  }
  return totals;
};

describe('835 remittances read from the public samples, figures counted by hand from each file', () => {
  it('managed care: two claims paid by ACH, contractual and deductible adjustments, balanced', () => {
    const check = onlyCheck(sample(MANAGED_CARE));
    expect(check).toMatchObject({
      handling: 'I',
      totalCents: 94_500,
      creditDebit: 'C',
      paymentMethod: 'ACH',
      traceNumber: '7170066655',
      originatorID: '1935665544',
    });
    expect(check.payer).toEqual({ name: 'RUSHMORE LIFE', identifier: '1935665544' });
    expect(check.payee).toEqual({ name: 'ACME MEDICAL CENTER', idQualifier: 'XX', id: '5544667733' });
    expect(
      check.claims.map((claim) => [
        claim.claimID,
        claim.status,
        claim.chargeCents,
        claim.paidCents,
        claim.patientResponsibilityCents,
      ]),
    ).toEqual([
      ['5554555444', '1', 80_000, 45_000, 30_000],
      ['8765432112', '1', 120_000, 49_500, 60_000],
    ]);
    expect(check.claims[0]?.patient).toEqual({ lastName: 'BUDD', firstName: 'WILLIAM', memberID: '33344555510' });
    expect(check.claims[1]?.lines[0]).toMatchObject({
      qualifier: 'HC',
      procedure: '93555',
      chargeCents: 120_000,
      paidCents: 55_000,
      units: 1,
      serviceFrom: '2002-03-10',
      serviceTo: '2002-03-12',
    });
    expect(adjustmentTotals(check)).toEqual({ 'CO-A2': 10_500, 'PR-1': 90_000, 'CO-45': 5_000 });
    expect(check.providerAdjustments).toEqual([]);
    expect(imbalancesOf(check)).toEqual([]);
  });

  it('secondary payment: a claim without lines, modifiers written with ">" under a ":" interchange, six-part CAS', () => {
    // Its BPR writes the date one element early (BPR15): the check date comes from DTM*405 then.
    const check = onlyCheck(sample(COB));
    expect(check).toMatchObject({
      totalCents: 122_200,
      paymentMethod: 'CHK',
      traceNumber: '0012524965',
      paymentDate: '2005-04-12',
    });
    const [noLines, withLines] = check.claims;
    expect(noLines).toMatchObject({
      claimID: 'L0004828311',
      status: '2',
      chargeCents: 1_032_364,
      paidCents: 91_200,
      lines: [],
      statementFrom: '2005-03-03',
      statementTo: '2005-03-04',
    });
    expect(noLines?.adjustments).toEqual([{ group: 'OA', reason: '23', cents: 941_164, quantity: null }]);
    expect(
      withLines?.lines.map((line) => [
        line.procedure,
        line.modifiers,
        line.chargeCents,
        line.paidCents,
        line.revenueCode,
      ]),
    ).toEqual([
      ['12345', ['26'], 16_650, 3_000, null],
      ['66543', ['26'], 58_500, 28_000, '220'],
    ]);
    expect(withLines?.lines[1]?.adjustments).toEqual([
      { group: 'PR', reason: '1', cents: 15_000, quantity: null },
      { group: 'PR', reason: '2', cents: 7_000, quantity: null },
      { group: 'CO', reason: '42', cents: 8_500, quantity: null },
    ]);
    expect(imbalancesOf(check)).toEqual([]);
  });

  it('denied claim: nothing paid, every line adjusted away, LQ remark codes kept per line', () => {
    const check = onlyCheck(sample(DENIED));
    expect(check).toMatchObject({ handling: 'H', totalCents: 0, paymentMethod: 'NON' });
    const [claim] = check.claims;
    expect(claim).toMatchObject({ claimID: '2005555A', status: '4', chargeCents: 91_539, paidCents: 0 });
    expect(claim?.lines.map((line) => [line.units, line.chargeCents, line.remarks])).toEqual([
      [68, 50_004, ['N14']],
      [16, 12_780, ['N14']],
      [36, 28_755, ['N14']],
    ]);
    expect(adjustmentTotals(check)).toEqual({ 'CO-16': 50_004, 'OA-A7': 41_535 });
    expect(imbalancesOf(check)).toEqual([]);
  });

  it('Medicaid: three claims (paid, denied for timely filing, partly paid), allowed amounts and remarks', () => {
    const check = onlyCheck(sample(MEDICAID));
    expect(check.totalCents).toBe(4_575);
    expect(check.claims.map((claim) => [claim.status, claim.chargeCents, claim.paidCents, claim.lines.length])).toEqual(
      [
        ['1', 3_425, 3_425, 4],
        ['2', 3_400, 0, 2],
        ['2', 3_425, 1_150, 4],
      ],
    );
    expect(check.claims[0]?.lines.map((line) => line.allowedCents)).toEqual([600, 275, 550, 2_000]);
    expect(check.claims[2]?.lines[2]).toMatchObject({ procedure: 'V2700', paidCents: 0, units: 0, remarks: ['N206'] });
    expect(adjustmentTotals(check)).toEqual({ 'CO-29': 3_400, 'CO-251': 2_275 });
    expect(imbalancesOf(check)).toEqual([]);
  });
});

describe('balancing', () => {
  it('names the line, the claim and the check that do not add up, with the difference', () => {
    const text = sample(MANAGED_CARE)
      .replace('SVC*HC:99211*800.00*500.00', 'SVC*HC:99211*800.00*510.00')
      .replace('CLP*8765432112*1*1200.00*495.00', 'CLP*8765432112*1*1200.00*490.00');
    const found = imbalancesOf(onlyCheck(text));
    expect(
      found.map(({ level, claimID, lineNumber, differenceCents }) => ({ level, claimID, lineNumber, differenceCents })),
    ).toEqual([
      { level: 'line', claimID: '5554555444', lineNumber: 1, differenceCents: 1_000 },
      { level: 'claim', claimID: '8765432112', lineNumber: null, differenceCents: -500 },
      { level: 'check', claimID: null, lineNumber: null, differenceCents: 500 },
    ]);
    expect(found[0]?.message).toBe(
      'Claim 5554555444, line 1 (99211): the charge less its adjustments come to $500.00, but $510.00 was paid (a difference of $10.00).',
    );
  });

  it('takes provider-level adjustments (PLB) off the claims before comparing with the check total', () => {
    const withRecovery = sample(MANAGED_CARE).replace(
      'SE*26*112233',
      'PLB*5544667733*20021231*WO:7170000001*25.00*L6*-5.00~SE*27*112233',
    );
    const unbalanced = onlyCheck(withRecovery);
    expect(unbalanced.providerAdjustments).toMatchObject([
      { reason: 'WO', reference: '7170000001', cents: 2_500 },
      { reason: 'L6', reference: null, cents: -500 },
    ]);
    expect(
      imbalancesOf(unbalanced).map((imbalance) => [imbalance.level, imbalance.expectedCents, imbalance.paidCents]),
    ).toEqual([['check', 92_500, 94_500]]);
    expect(imbalancesOf(onlyCheck(withRecovery.replace('BPR*I*945.00', 'BPR*I*925.00')))).toEqual([]);
  });

  it('balances a reversal (CLP02 22) written with negative amounts', () => {
    const reversal = sample(MANAGED_CARE)
      .replace('BPR*I*945.00', 'BPR*I*45.00')
      .replace('CLP*5554555444*1*800.00*450.00*300.00', 'CLP*5554555444*22*-800.00*-450.00*-300.00')
      .replace('CAS*CO*A2*50.00', 'CAS*CO*A2*-50.00')
      .replace('SVC*HC:99211*800.00*500.00', 'SVC*HC:99211*-800.00*-500.00')
      .replace('CAS*PR*1*300.00', 'CAS*PR*1*-300.00');
    const check = onlyCheck(reversal);
    expect(check.claims[0]).toMatchObject({ status: '22', chargeCents: -80_000, paidCents: -45_000 });
    expect(imbalancesOf(check)).toEqual([]);
  });
});

describe('real-world files', () => {
  it('reads the same figures with line breaks and spaces between segments', () => {
    const tidy = onlyCheck(sample(COB));
    const spaced = onlyCheck(sample(COB).replaceAll('~', '~\r\n   '));
    expect(spaced.claims).toEqual(tidy.claims);
    expect(spaced.totalCents).toBe(tidy.totalCents);
  });

  it('reads every check of a file with two transaction sets', () => {
    const text = sample(MANAGED_CARE);
    const transaction = text.slice(text.indexOf('ST*835'), text.indexOf('GE*'));
    const twice = text
      .replace(
        transaction,
        transaction + transaction.replaceAll('112233', '112234').replace('TRN*1*7170066655', 'TRN*1*7170066656'),
      )
      .replace('GE*1*1', 'GE*2*1');
    const document = readEra(twice);
    expect(document.problems).toEqual([]);
    expect(document.checks.map((check) => [check.controlNumber, check.traceNumber, check.claims.length])).toEqual([
      ['112233', '7170066655', 2],
      ['112234', '7170066656', 2],
    ]);
  });
});

describe('bad input: a clear message naming the segment and line, nothing read as money', () => {
  it('a file that is not X12', () => {
    const document = readEra('Dear provider, please find your remittance attached.');
    expect(document.checks).toEqual([]);
    expect(document.problems[0]?.message).toMatch(/ISA/);
  });

  it('an amount that is not a number', () => {
    const text = sample(MANAGED_CARE).replace('CLP*8765432112*1*1200.00', 'CLP*8765432112*1*12OO.00');
    const { problems } = readEra(text);
    expect(problems).toEqual([
      { message: 'Claim charge (CLP03) is not an amount: "12OO.00".', segmentID: 'CLP', position: 20, line: 20 },
    ]);
  });

  it('a truncated file', () => {
    const text = sample(MEDICAID);
    const { problems } = readEra(text.slice(0, text.indexOf('CLP*PATIENT ACCOUNT NUMBER*2*34*0')));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.map((problem) => problem.message).join(' ')).toMatch(/SE|IEA|GE|trailer/i);
  });

  it('a wrong segment count', () => {
    const { problems } = readEra(sample(MANAGED_CARE).replace('SE*26*112233', 'SE*25*112233'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ segmentID: 'SE' });
  });

  it('an 837 claim file sent as a remittance', () => {
    const { checks, problems } = readEra(sample('837P_5010_lfh_example1_commercial_4lines.837'));
    expect(checks).toEqual([]);
    expect(problems.map((problem) => problem.message)).toEqual(['Transaction set 837 is not a remittance (835).']);
  });

  it('an adjustment group that does not exist', () => {
    const { problems } = readEra(sample(MANAGED_CARE).replace('CAS*CO*45*50.00', 'CAS*XX*45*50.00'));
    expect(problems.map((problem) => [problem.segmentID, problem.message])).toEqual([
      ['CAS', 'Adjustment group "XX" is not one of CO, PR, OA, PI, CR.'],
    ]);
  });
});
