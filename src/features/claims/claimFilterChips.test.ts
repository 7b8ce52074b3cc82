import { describe, expect, it } from 'vitest';
import { filterChips } from './claimFilterChips.ts';

const texts = (...args: Parameters<typeof filterChips>) => filterChips(...args).map((chip) => chip.text);

describe('the filter bar chips', () => {
  it('shows nothing for no filter, nor for the search box text or an AR flag that is off', () => {
    expect(filterChips({})).toEqual([]);
    expect(filterChips({ search: 'SMITH', ar: 'false' })).toEqual([]);
  });

  it('names ids by their label, or by number when the name is not known', () => {
    expect(texts({ insuranceID: 7, providerID: 3 }, { insuranceID: 'Aetna' })).toEqual([
      'Provider: #3',
      'Payer: Aetna',
    ]);
    expect(texts({ groupID: 1, practiceID: 2, facilityID: 4, patientID: 5 }, { patientID: 'SMITH, JANE' })).toEqual([
      'Group: #1',
      'Practice: #2',
      'Facility: #4',
      'Patient: SMITH, JANE',
    ]);
  });

  it('names statuses from the fixed lists, several joined by "or" unless a category names them', () => {
    expect(texts({ claimStatusID: 6, scrubStatusID: 3, submitStatusID: 4 })).toEqual([
      'Status: Denied',
      'Scrub: Failed',
      'Submission: Rejected by Clearinghouse',
    ]);
    expect(texts({ claimStatusIDs: '5,6' })).toEqual(['Status: Rejected or Denied']);
    expect(texts({ claimStatusIDs: '5,6' }, { claimStatusIDs: 'Action needed' })).toEqual(['Status: Action needed']);
    expect(texts({ claimStatusID: 99 })).toEqual(['Status: #99']);
  });

  it('shows a range as one chip that removes both ends, with dates and money as the biller reads them', () => {
    expect(filterChips({ dosFrom: '2026-01-01', dosTo: '2026-01-31' })).toEqual([
      { key: 'dosFrom', text: 'DOS 01/01/2026 to 01/31/2026', fields: ['dosFrom', 'dosTo'] },
    ]);
    expect(texts({ dosFrom: '2026-01-01', dosTo: '2026-01-01' })).toEqual(['DOS 01/01/2026']);
    expect(texts({ postingFrom: '2026-05-01' })).toEqual(['Posted from 05/01/2026']);
    expect(texts({ postingTo: '2026-05-31' })).toEqual(['Posted until 05/31/2026']);
    expect(texts({ balanceMin: 10_000, balanceMax: 123_456 })).toEqual(['Balance $100.00 to $1,234.56']);
    expect(texts({ balanceMin: 0 })).toEqual(['Balance at least $0.00']);
    expect(texts({ balanceMax: -1 })).toEqual(['Balance at most -$0.01']);
  });

  it('words aging, assignee, denial reason and the AR list', () => {
    expect(texts({ ar: 'true', agingBucket: '31-60' })).toEqual(['Accounts receivable', 'Aged 31-60 days']);
    expect(texts({ agingBucket: '120+' })).toEqual(['Aged over 120 days']);
    expect(texts({ assignedUserID: 'unassigned' })).toEqual(['Unassigned']);
    expect(texts({ assignedUserID: 12 }, { assignedUserID: 'Kim Lee' })).toEqual(['Assigned to Kim Lee']);
    expect(texts({ denialReason: 'CO45' })).toEqual(['Denial reason CO45']);
  });
});
