import { describe, expect, it } from 'vitest';
import { chargeChange } from './chargeEdit.ts';
import { claimChange } from './claimEdit.ts';

describe('what the biller types, as the edit requests send it', () => {
  it('reads modifiers and pointers separated by spaces or commas, and empty as none', () => {
    expect(chargeChange('modifiers', ' 25, 59 ')).toEqual({ modifiers: ['25', '59'] });
    expect(chargeChange('modifiers', '')).toEqual({ modifiers: [] });
    expect(chargeChange('diagnosisPointers', '1 3')).toEqual({ diagnosisPointers: [1, 3] });
    expect(chargeChange('posCode', ' ')).toEqual({ posCode: null });
    expect(chargeChange('units', '2')).toEqual({ units: 2 });
  });

  it('clears an optional claim number with empty text and keeps dates and codes as typed', () => {
    expect(claimChange('priorAuthorizationNumber', '')).toEqual({ priorAuthorizationNumber: null });
    expect(claimChange('referralNumber', ' R12 ')).toEqual({ referralNumber: 'R12' });
    expect(claimChange('dosTo', '2026-03-02')).toEqual({ dosTo: '2026-03-02' });
    expect(claimChange('frequencyCode', '7')).toEqual({ frequencyCode: '7' });
  });
});
