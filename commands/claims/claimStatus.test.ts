import { describe, expect, it } from 'vitest';
import { chargeWasDeleted } from '../../contract/chargeStatus.ts';
import { claimStatusChoices } from './claimStatus.ts';
import { postingDateOf } from '../general/postingDate.ts';

describe('the status commands', () => {
  it('offer only the statuses the claim may go to by hand', () => {
    expect(claimStatusChoices('Submitted').map((choice) => choice.label)).toEqual([
      'Accepted by Payer',
      'Rejected',
      'Denied',
      'Patient Balance',
      'Closed',
    ]);
    expect(claimStatusChoices('Draft')).toEqual([
      { value: '9', label: 'Patient Balance', hint: 'now Draft' },
      { value: '10', label: 'Closed', hint: 'now Draft' },
    ]);
    expect(claimStatusChoices('Void')).toEqual([]);
    expect(claimStatusChoices('Unknown')).toEqual([]);
  });

  it('post a void on the date typed, or on the biller’s today', () => {
    expect(postingDateOf(' 2026-03-02 ', new Date(2026, 10, 22, 23, 30))).toBe('2026-03-02');
    expect(postingDateOf('', new Date(2026, 10, 22, 23, 30))).toBe('2026-11-22');
  });

  it('read a delete reply as done only when it says Successfully', () => {
    expect(chargeWasDeleted({ message: 'Charge Successfully Deleted' })).toBe(true);
    expect(chargeWasDeleted({ message: 'Charge cannot be deleted: line 2 is void.' })).toBe(false);
  });
});
