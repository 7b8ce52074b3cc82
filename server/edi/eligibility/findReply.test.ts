import { describe, expect, it } from 'vitest';
import { readX12 } from '../x12/readX12.ts';
import { build270 } from './build270.ts';
import { findReply } from './findReply.ts';
import { read271 } from './read271.ts';
import { reply271 } from './test/reply271.ts';

describe('findReply', () => {
  it('finds the subscriber and the dependent our 270 traced, by the trace numbers the 271 echoes', () => {
    const inquiry = build270(
      {
        payer: { name: 'Acme Health Plan', payerID: '60054' },
        provider: { npi: '1234567893', organizationName: 'Riverside Family Practice' },
        subscribers: [
          { memberID: 'W123456789', lastName: 'Okafor', traceNumber: 'ELIG-1001' },
          {
            memberID: 'X99887766',
            lastName: 'Lindqvist',
            dependent: { lastName: 'Lindqvist', firstName: 'Mia', birthDate: '2015-11-30', traceNumber: 'ELIG-1002' },
          },
        ],
      },
      {
        sender: { id: 'BILLINGCO' },
        receiver: { id: 'CLEARINGHSE' },
        interchangeControlNumber: 4711,
        groupControlNumber: 38,
        traceOriginator: '1123456789',
        now: new Date('2026-03-02T14:05:00Z'),
        usage: 'T',
      },
    );
    const sent = readX12(inquiry)
      .interchanges[0]?.groups[0]?.transactions[0]?.segments.filter((segment) => segment.id === 'TRN')
      .map((segment) => segment.element(2));
    expect(sent).toEqual(['ELIG-1001', 'ELIG-1002']);

    const reply = read271(reply271());
    const [first, second] = (sent ?? []).map((trace) => findReply(reply, trace));
    expect(first?.member).toMatchObject({ level: 'subscriber', lastName: 'OKAFOR', memberID: 'W123456789' });
    expect(first?.response.controlNumber).toBe('0001');
    expect(second?.member).toMatchObject({ level: 'dependent', firstName: 'MIA' });
  });

  it('does not take the payer’s own trace (TRN01 1) or an unknown one for ours', () => {
    const reply = read271(reply271());
    expect(findReply(reply, 'PAYER-55')).toBeNull();
    expect(findReply(reply, 'ELIG-9999')).toBeNull();
    expect(findReply(reply, ' ')).toBeNull();
  });
});
