import { describe, expect, it } from 'vitest';
import { confirmDeleteChoices } from '../general/confirmDelete.ts';
import { ndcChoices, ndcWithDashes, practiceChoices, revenueChoices, validNdcUnits } from './crosswalks.ts';

describe('the crosswalk commands’ steps', () => {
  const practices = [
    { practiceID: 1, name: 'Harbor Clinic', groupID: 1, groupName: 'Lakeside' },
    { practiceID: 2, name: 'Lakeside Family', groupID: 1, groupName: 'Lakeside' },
  ];

  it('offers the open claim’s practice first, and the others after in their order', () => {
    expect(practiceChoices(practices, 'Lakeside Family')).toEqual([
      { value: '2', label: 'Lakeside Family', hint: "Lakeside · the open claim's practice" },
      { value: '1', label: 'Harbor Clinic', hint: 'Lakeside' },
    ]);
    expect(practiceChoices(practices, null).map((choice) => choice.value)).toEqual(['1', '2']);
  });

  it('takes NDC units more than 0 with at most 3 decimals', () => {
    expect(validNdcUnits('1')).toBeNull();
    expect(validNdcUnits(' 2.5 ')).toBeNull();
    expect(validNdcUnits('0.125')).toBeNull();
    expect(validNdcUnits('0')).not.toBeNull();
    expect(validNdcUnits('1.2345')).not.toBeNull();
    expect(validNdcUnits('-1')).not.toBeNull();
    expect(validNdcUnits('two')).not.toBeNull();
  });

  it('lists a code’s NDC crosswalks in the 5-4-2 form, or says there are none', () => {
    const row = {
      cptNdcCrosswalkID: 7,
      practiceID: 1,
      practiceName: 'Harbor Clinic',
      cptCode: 'J1100',
      ndcCode: '12345678901',
      ndcUnits: 2.5,
      ndcUnitType: 'ML' as const,
      description: 'Dexamethasone',
    };
    expect(ndcChoices([row], 'J1100')).toEqual([
      { value: '7', label: 'J1100 → NDC 12345-6789-01', hint: '2.5 ML (Milliliter) · Dexamethasone' },
    ]);
    expect(ndcChoices([], 'J1100')).toEqual([{ value: 'none', label: 'No NDC crosswalk for J1100 in this practice.' }]);
    expect(ndcChoices([], '')).toEqual([{ value: 'none', label: 'No NDC crosswalk in this practice.' }]);
    expect(ndcWithDashes('123')).toBe('123');
  });

  it('lists revenue crosswalks with their payer, practice-wide ones named so', () => {
    const row = {
      cptRevenueCrosswalkID: 3,
      practiceID: 1,
      practiceName: 'Harbor Clinic',
      insuranceID: null,
      insuranceName: null,
      cptCode: '80053',
      revenueCode: '0301',
      revenueDescription: 'Chemistry',
    };
    expect(revenueChoices([row], '')).toEqual([
      { value: '3', label: '80053 → revenue code 0301', hint: 'Chemistry · every payer of the practice' },
    ]);
    expect(revenueChoices([{ ...row, insuranceID: 4, insuranceName: 'Aetna' }], '')[0]?.hint).toBe('Chemistry · Aetna');
  });

  it('asks before a delete, naming the entry, and offers no delete without one', () => {
    expect(confirmDeleteChoices('the NDC 12345-6789-01 of J1100').map((choice) => choice.value)).toEqual([
      'delete',
      'keep',
    ]);
    expect(confirmDeleteChoices('the NDC 12345-6789-01 of J1100')[0]?.label).toBe(
      'Delete the NDC 12345-6789-01 of J1100',
    );
    expect(confirmDeleteChoices(null).map((choice) => choice.value)).toEqual(['keep']);
  });
});
