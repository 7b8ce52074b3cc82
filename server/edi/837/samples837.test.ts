import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../x12/envelope.ts';
import { readX12 } from '../x12/readX12.ts';
import { build837 } from './build837.ts';
import type { Claim837 } from './claim837.ts';
import { charge, dependentClaim, OPTIONS, professionalClaim } from './test/fixtures837.ts';
import { loopKey, loops837 } from './test/loops837.ts';

const SAMPLES = fileURLToPath(new URL('../samples/', import.meta.url));

function transactionOf(text: string): Transaction {
  const document = readX12(text);
  expect(document.errors).toEqual([]);
  const transaction = document.interchanges[0]?.groups[0]?.transactions[0];
  if (transaction === undefined) throw new Error('no transaction');
  return transaction;
}

const sample = (name: string) => transactionOf(readFileSync(`${SAMPLES}${name}`, 'utf8'));
const ours = (claim: Claim837) => transactionOf(build837([claim], OPTIONS));

/** Loop keys from ST's first body segment up to the first CLM. */
function headerKeys(transaction: Transaction): string[] {
  const end = transaction.segments.findIndex((segment) => segment.id === 'CLM');
  return transaction.segments.slice(0, end).map(loopKey);
}

/**
 * The samples carry two optional loops we do not write: the billing provider's own contact (2010AA
 * PER; ours is in 1000A) and a pay-to address (2010AB NM1*87 with its N3/N4).
 */
function withoutLoopsWeSkip(keys: string[]): string[] {
  const kept: string[] = [];
  let inPayTo = false;
  let inBillingProvider = false;
  for (const key of keys) {
    if (key.startsWith('HL*')) inBillingProvider = key === 'HL*20';
    if (key === 'NM1*87') inPayTo = true;
    else if (key.startsWith('NM1*') || key.startsWith('HL*')) inPayTo = false;
    if (inPayTo || (inBillingProvider && key === 'PER')) continue;
    kept.push(key);
  }
  return kept;
}

/** Keys both layouts use, in each one's order: equal lists mean the same relative order. */
function commonOrder(left: string[], right: string[]): [string[], string[]] {
  return [left.filter((key) => right.includes(key)), right.filter((key) => left.includes(key))];
}

describe('our 837P against the public 837P samples', () => {
  it('lays out the header like TR3 example 1 (patient not the subscriber)', () => {
    const reference = sample('837P_5010_lfh_example1_commercial_4lines.837');
    const written = ours(dependentClaim());
    expect(headerKeys(written)).toEqual(withoutLoopsWeSkip(headerKeys(reference)));
  });

  it('lays out the header like the home infusion example (patient is the subscriber)', () => {
    const reference = sample('837P_5010_lfh_drug_ndc_lin_ctp_home_infusion.837');
    const claim = professionalClaim();
    const written = ours({ ...claim, practice: { ...claim.practice, taxonomyCode: null } });
    expect(headerKeys(written)).toEqual(withoutLoopsWeSkip(headerKeys(reference)));
  });

  it('orders a drug line like the sample: SV1, DTP*472, then LIN and CTP', () => {
    const reference = loops837(sample('837P_5010_lfh_drug_ndc_lin_ctp_home_infusion.837')).claims[0]?.lines[1];
    const claim = professionalClaim({
      charges: [charge(1, { cptCode: 'J0696', ndcCode: '00004196501', ndcUnits: 7, ndcUnitType: 'UN' })],
    });
    const written = loops837(ours(claim)).claims[0]?.lines[0];
    const [left, right] = commonOrder(written?.segments.map(loopKey) ?? [], reference?.segments.map(loopKey) ?? []);
    expect(left).toEqual(['LX', 'SV1', 'DTP*472', 'LIN', 'CTP']);
    expect(left).toEqual(right);
    expect(written?.segments.find((segment) => segment.id === 'CTP')?.elements()).toEqual([
      'CTP',
      '',
      '',
      '',
      '7',
      'UN',
    ]);
    expect(reference?.segments.find((segment) => segment.id === 'CTP')?.elements()).toEqual([
      'CTP',
      '',
      '',
      '',
      '7.00',
      'UN',
    ]);
  });

  it('fills CLM, HI and SV1 in the same element positions as the sample', () => {
    const reference = loops837(sample('837P_5010_lfh_example1_commercial_4lines.837')).claims[0];
    const written = loops837(ours(dependentClaim())).claims[0];
    const shape = (claim: typeof written) => ({
      clm: [
        claim?.clm.count,
        claim?.clm.components(5).length,
        claim?.clm.component(5, 2),
        claim?.clm.element(6),
        claim?.clm.element(7),
        claim?.clm.element(8),
      ],
      hi: claim?.header.find((segment) => segment.id === 'HI')?.components(1).length,
      sv1: claim?.lines[0]?.segments[1]
        ?.elements()
        .map((value, index) => (index === 0 || value === '' ? value : `${index}`)),
    });
    expect(shape(written)).toEqual(shape(reference));
    // The sample predates ICD-10 and codes its diagnoses BK/BF; ours are ICD-10-CM, ABK/ABF.
    expect(reference?.header.find((segment) => segment.id === 'HI')?.component(1, 1)).toBe('BK');
    expect(written?.header.find((segment) => segment.id === 'HI')?.component(1, 1)).toBe('ABK');
  });
});
