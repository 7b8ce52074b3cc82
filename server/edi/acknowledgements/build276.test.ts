import { describe, expect, it } from 'vitest';
import { readX12 } from '../x12/readX12.ts';
import { build276, Build276Error, type ClaimInquiry276, type Inquiry276 } from './build276.ts';

const OPTIONS = {
  sender: { id: '123456789' },
  receiver: { id: 'CLEARINGHOUSE' },
  interchangeControlNumber: 42,
  groupControlNumber: 42,
  now: new Date('2026-11-29T10:05:00Z'),
  usage: 'P' as const,
};

const provider = { npi: '1234567893', organizationName: 'Lakeside Clinic' };

function claim(overrides: Partial<ClaimInquiry276>): ClaimInquiry276 {
  return {
    traceNumber: '000000042-1001',
    patientControlNumber: '1001',
    totalChargeCents: 12_550,
    serviceFrom: '2026-11-01',
    serviceTo: '2026-11-01',
    subscriber: { lastName: 'Doe', firstName: 'John', memberID: 'W123', birthDate: '1970-02-03', gender: 'M' },
    provider,
    ...overrides,
  };
}

const inquiry = (claims: ClaimInquiry276[]): Inquiry276 => ({
  payer: { name: 'Acme Health Plan', payerID: '60054' },
  receiver: { name: 'Lakeside Billing', id: '123456789' },
  claims,
});

describe('writing a 276 claim status inquiry', () => {
  it('writes the payer, us, the provider once and each claim with its subscriber or dependent', () => {
    const text = build276(
      inquiry([
        claim({}),
        claim({
          traceNumber: '000000042-1004',
          patientControlNumber: '1004',
          payerClaimNumber: 'PCN-9',
          billType: '131',
          serviceTo: '2026-11-03',
          dependent: { lastName: 'Doe', firstName: 'Jill', birthDate: '2010-05-06', gender: 'F' },
        }),
      ]),
      OPTIONS,
    );
    const document = readX12(text);
    expect(document.errors).toEqual([]);
    const segments = text.trim().split('~\n');
    expect(segments.slice(1)).toEqual([
      'GS*HR*123456789*CLEARINGHOUSE*20261129*1005*42*X*005010X212',
      'ST*276*0001*005010X212',
      'BHT*0010*13*0000000420001*20261129*1005',
      'HL*1**20*1',
      'NM1*PR*2*ACME HEALTH PLAN*****PI*60054',
      'HL*2*1*21*1',
      'NM1*41*2*LAKESIDE BILLING*****46*123456789',
      'HL*3*2*19*1',
      'NM1*1P*2*LAKESIDE CLINIC*****XX*1234567893',
      'HL*4*3*22*0',
      'DMG*D8*19700203*M',
      'NM1*IL*1*DOE*JOHN****MI*W123',
      'TRN*1*000000042-1001',
      'REF*EJ*1001',
      'AMT*T3*125.5',
      'DTP*472*D8*20261101',
      'HL*5*3*22*1',
      'NM1*IL*1*DOE*JOHN****MI*W123',
      'HL*6*5*23',
      'DMG*D8*20100506*F',
      'NM1*QC*1*DOE*JILL',
      'TRN*1*000000042-1004',
      'REF*1K*PCN-9',
      'REF*BLT*131',
      'REF*EJ*1004',
      'AMT*T3*125.5',
      'DTP*472*RD8*20261101-20261103',
      'SE*27*0001',
      'GE*1*42',
      'IEA*1*000000042~',
    ]);
  });

  it('names every problem before writing anything', () => {
    let caught: unknown;
    try {
      build276(
        inquiry([
          claim({ provider: { npi: '123' }, subscriber: { lastName: '', firstName: 'X', memberID: '' } }),
          claim({ serviceFrom: 'soon' }),
        ]),
        OPTIONS,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Build276Error);
    expect((caught as Build276Error).problems).toEqual([
      "Claim 1001: the billing provider's NPI must be 10 digits.",
      'Claim 1001: the subscriber has no member ID.',
      'Claim 1001: the subscriber has no last name.',
      'Claim 1001: trace number 000000042-1001 is used twice.',
      'Claim 1001: the service dates are not dates.',
    ]);
  });
});
