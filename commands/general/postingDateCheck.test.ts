import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({ getPostingDateCheck: vi.fn() }));
vi.mock('../../src/api/lookups.ts', () => api);
const { checkedPostingDateStep, claimPostingDateStep } = await import('./postingDate.ts');

const ctx = {} as CommandContext;
const step = checkedPostingDateStep('postingDate', 'Posting date', (_ctx, answers) =>
  answers.claim === undefined ? 42 : answers.claim === 'none' ? null : Number(answers.claim),
);
const check = (typed: string, answers: Record<string, unknown> = {}) => {
  if (step.kind !== 'text' || !step.check) throw new Error('The posting date step has no server check.');
  return step.check(typed, ctx, answers);
};

describe('the checked posting date step', () => {
  beforeEach(() => api.getPostingDateCheck.mockReset());

  it('keeps the date rules of the plain step', () => {
    expect(step.kind === 'text' && step.validate?.('2026-02-30')).toBe(
      'Type the date as YYYY-MM-DD, or leave it empty for today.',
    );
    expect(step.kind === 'text' && step.validate?.('')).toBeNull();
  });

  it("asks the server about the typed day for the step's claim, and shows its refusal", async () => {
    api.getPostingDateCheck.mockResolvedValue({
      allowed: false,
      message: 'October 2026 is closed (month-end lock); post with a date in an open month.',
      lockedThrough: '2026-10-01',
    });
    await expect(check(' 2026-10-20 ', { claim: '7' })).resolves.toBe(
      'October 2026 is closed (month-end lock); post with a date in an open month.',
    );
    expect(api.getPostingDateCheck).toHaveBeenCalledWith('2026-10-20', 7, { silent: true, background: true });
  });

  it('lets an allowed day through', async () => {
    api.getPostingDateCheck.mockResolvedValue({ allowed: true, message: null, lockedThrough: null });
    await expect(check('2026-11-10')).resolves.toBeNull();
    expect(api.getPostingDateCheck).toHaveBeenCalledWith('2026-11-10', 42, expect.anything());
  });

  it('does not ask for today (empty) or without a claim', async () => {
    await expect(check('')).resolves.toBeNull();
    await expect(check('2026-11-10', { claim: 'none' })).resolves.toBeNull();
    expect(api.getPostingDateCheck).not.toHaveBeenCalled();
  });

  it('checks the day of a write-off, balance transfer or void against the open claim', async () => {
    api.getPostingDateCheck.mockResolvedValue({
      allowed: false,
      message: 'October 2026 is closed.',
      lockedThrough: null,
    });
    if (claimPostingDateStep.kind !== 'text' || !claimPostingDateStep.check) throw new Error('No server check.');
    const onClaim = { record: { type: 'claim', id: 19 } } as unknown as CommandContext;
    await expect(claimPostingDateStep.check('2026-10-02', onClaim, {})).resolves.toBe('October 2026 is closed.');
    expect(api.getPostingDateCheck).toHaveBeenCalledWith('2026-10-02', 19, expect.anything());
    await expect(claimPostingDateStep.check('2026-10-02', ctx, {})).resolves.toBeNull();
    expect(api.getPostingDateCheck).toHaveBeenCalledTimes(1);
  });
});
