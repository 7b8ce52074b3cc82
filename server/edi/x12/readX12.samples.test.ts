import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readX12 } from './readX12.ts';

const SAMPLES = fileURLToPath(new URL('../samples/', import.meta.url));

/** What each public sample holds, counted by hand from the file. */
const EXPECTED: Record<
  string,
  { setID: string; version: string; st02: string; segments: number; claims: number; lines: number }
> = {
  '835_5010_lfh_managed_care_deductible_contractual.835': {
    setID: '835',
    version: '005010X221A1',
    st02: '112233',
    segments: 26,
    claims: 2,
    lines: 2,
  },
  '835_5010_lfh_secondary_payment_cob.835': {
    setID: '835',
    version: '005010X221A1',
    st02: '1234',
    segments: 38,
    claims: 2,
    lines: 2,
  },
  '835_5010_pyx12_denied_claim_zero_payment_lq_remarks.txt': {
    setID: '835',
    version: '005010X221A1',
    st02: '0001',
    segments: 31,
    claims: 1,
    lines: 3,
  },
  '835_5010_x12parser_nymedicaid_profee_timelyfiling_denial.edi': {
    setID: '835',
    version: '005010X221A1',
    st02: '1740',
    segments: 65,
    claims: 3,
    lines: 10,
  },
  '837P_5010_lfh_drug_ndc_lin_ctp_home_infusion.837': {
    setID: '837',
    version: '005010X222A2',
    st02: '0711',
    segments: 65,
    claims: 1,
    lines: 6,
  },
  '837P_5010_lfh_example1_commercial_4lines.837': {
    setID: '837',
    version: '005010X222A2',
    st02: '0021',
    segments: 40,
    claims: 1,
    lines: 4,
  },
};

describe('the reader on every public sample', () => {
  const files = readdirSync(SAMPLES).filter((name) => !name.endsWith('.md'));

  it('knows every sample in the folder', () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s', (name) => {
    const expected = EXPECTED[name];
    if (expected === undefined) throw new Error(`no expectation for ${name}`);
    const document = readX12(readFileSync(`${SAMPLES}${name}`, 'utf8'));

    expect(document.errors).toEqual([]);
    expect(document.interchanges).toHaveLength(1);
    const [interchange] = document.interchanges;
    expect(interchange?.delimiters).toEqual({ element: '*', component: ':', repetition: '^', segment: '~' });
    expect(interchange?.version).toBe('00501');
    expect(interchange?.trailer?.element(2)).toBe(interchange?.controlNumber);
    expect(interchange?.groups).toHaveLength(1);
    const group = interchange?.groups[0];
    expect(group?.version).toBe(expected.version);
    expect(group?.transactions).toHaveLength(1);
    const transaction = group?.transactions[0];
    expect(transaction?.setID).toBe(expected.setID);
    expect(transaction?.controlNumber).toBe(expected.st02);
    expect((transaction?.segments.length ?? 0) + 2).toBe(expected.segments);

    const ids = transaction?.segments.map((segment) => segment.id) ?? [];
    const claimID = expected.setID === '835' ? 'CLP' : 'CLM';
    const lineID = expected.setID === '835' ? 'SVC' : 'LX';
    expect(ids.filter((id) => id === claimID)).toHaveLength(expected.claims);
    expect(ids.filter((id) => id === lineID)).toHaveLength(expected.lines);
  });

  it('splits composites with the declared separator and keeps positions', () => {
    const document = readX12(readFileSync(`${SAMPLES}837P_5010_lfh_drug_ndc_lin_ctp_home_infusion.837`, 'utf8'));
    const segments = document.interchanges[0]?.groups[0]?.transactions[0]?.segments ?? [];
    const noc = segments.find((segment) => segment.id === 'SV1' && segment.component(1, 2) === 'J3490');
    expect(noc?.components(1)).toEqual(['HC', 'J3490', '', '', '', '', 'Sod Chl 0.9%see NDC#']);
    expect(noc?.element(2)).toBe('67.69');
    const clm = segments.find((segment) => segment.id === 'CLM');
    expect(clm?.component(5, 1)).toBe('12');
    expect(clm?.position).toBe(21);
  });
});
