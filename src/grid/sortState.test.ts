import { describe, expect, it } from 'vitest';
import { nextSort, sortArrow } from './sortState.ts';

describe('nextSort', () => {
  it('flips the sorted column and starts another ascending', () => {
    expect(nextSort({ column: 'claimID', order: 'desc' }, 'claimID')).toEqual({ column: 'claimID', order: 'asc' });
    expect(nextSort({ column: 'claimID', order: 'asc' }, 'claimID')).toEqual({ column: 'claimID', order: 'desc' });
    expect(nextSort({ column: 'claimID', order: 'desc' }, 'balance')).toEqual({ column: 'balance', order: 'asc' });
    expect(sortArrow('asc')).toBe('▲');
  });
});
