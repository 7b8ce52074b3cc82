import { describe, expect, it } from 'vitest';
import { parameterProblem, paramsQuery } from './parameters.ts';
import type { ReportParameter } from './types.ts';

const PARAMETERS: ReportParameter[] = [
  { key: 'groupIDs', label: 'Groups', kind: 'ids' },
  { key: 'providerID', label: 'Provider', kind: 'id' },
  { key: 'fromDate', label: 'DOS from', kind: 'date' },
  { key: 'fromBalance', label: 'Balance from', kind: 'dollars' },
  {
    key: 'agingType',
    label: 'Aged by',
    kind: 'choice',
    choices: [
      { value: 'dos', label: 'Date of service' },
      { value: 'posting', label: 'Posting date' },
    ],
  },
];

describe('report parameters as a call’s query', () => {
  it('sends what is whole, dollars as cents, and leaves out what is half typed', () => {
    expect(
      paramsQuery(PARAMETERS, {
        groupIDs: '1,2',
        providerID: '7',
        fromDate: '2026-1',
        fromBalance: '12.5',
        agingType: 'posting',
      }),
    ).toEqual({ groupIDs: '1,2', providerID: 7, fromBalance: 1250, agingType: 'posting' });
    expect(paramsQuery(PARAMETERS, { groupIDs: '1,' })).toEqual({});
  });

  it('says what is wrong with a value in the biller’s words', () => {
    expect(parameterProblem(PARAMETERS[0] as ReportParameter, 'a,b')).toBe('Ids separated by commas, like 1,2.');
    expect(parameterProblem(PARAMETERS[4] as ReportParameter, 'billing')).toBe('One of dos, posting.');
    expect(parameterProblem(PARAMETERS[3] as ReportParameter, '')).toBeNull();
  });
});
