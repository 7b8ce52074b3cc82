import { describe, expect, it } from 'vitest';
import { hcpcsCodeValidRule, procedureCodeFormatRule } from './procedures.ts';
import { aCharge, aClaim, aContext, hitsOf } from './ruleTestKit.ts';

const withCodes = (...codes: string[]) =>
  aClaim({
    charges: codes.map((cptCode, index) => aCharge({ chargeID: 501 + index, lineNumber: index + 1, cptCode })),
  });

describe('CPT/HCPCS format', () => {
  it('passes CPT, Category II/III/PLA and HCPCS Level II codes', () => {
    expect(hitsOf(procedureCodeFormatRule, withCodes('99213', '3074F', '0042T', '0001U', 'J1100'))).toEqual([]);
  });

  it('fails codes of the wrong shape', () => {
    expect(hitsOf(procedureCodeFormatRule, withCodes('9921', '99213-25', 'j1100', '0042X'))).toEqual([
      { field: 'charges[0].cptCode', chargeID: 501, message: 'Line 1: "9921" is not a CPT or HCPCS code.' },
      { field: 'charges[1].cptCode', chargeID: 502, message: 'Line 2: "99213-25" is not a CPT or HCPCS code.' },
      { field: 'charges[2].cptCode', chargeID: 503, message: 'Line 3: "j1100" is not a CPT or HCPCS code.' },
      { field: 'charges[3].cptCode', chargeID: 504, message: 'Line 4: "0042X" is not a CPT or HCPCS code.' },
    ]);
  });
});

describe('HCPCS Level II code on the CMS list', () => {
  it('passes listed codes, and CPT codes (not on the HCPCS list)', () => {
    expect(hitsOf(hcpcsCodeValidRule, withCodes('J1100', 'G0008', '99213'))).toEqual([]);
  });

  it('fails an unknown code and a code ended before the date of service', () => {
    expect(hitsOf(hcpcsCodeValidRule, withCodes('J9999', 'Q0091'))).toEqual([
      { field: 'charges[0].cptCode', chargeID: 501, message: 'Line 1: HCPCS code J9999 is not on the CMS HCPCS list.' },
      {
        field: 'charges[1].cptCode',
        chargeID: 502,
        message: 'Line 2: HCPCS code Q0091 was ended before the date of service 2026-03-02.',
      },
    ]);
  });

  it('checks nothing when the HCPCS list is not loaded', () => {
    expect(hitsOf(hcpcsCodeValidRule, withCodes('J9999'), aContext({ hcpcsLoaded: false }))).toEqual([]);
  });
});
