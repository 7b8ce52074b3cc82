import { describe, expect, it } from 'vitest';
import { practiceChoices, validNdcUnits } from './crosswalks.ts';

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
});
