import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeLine } from '../contract/claimDetail.ts';
import type { CommandContext } from '../src/console/types.ts';

const api = vi.hoisted(() => ({ saveInsurancePayment: vi.fn(), savePatientPayment: vi.fn() }));
const panes = vi.hoisted(() => ({ getClaimDetailData: vi.fn() }));
const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
const screen = vi.hoisted(() => ({ claimOnScreen: { claimID: 42, charges: [] as ChargeLine[] }, claimsChanged: vi.fn() }));
vi.mock('../src/api/manualPayments.ts', () => api);
vi.mock('../src/features/panes/paneApi.ts', () => panes);
vi.mock('../src/toasts/notify.tsx', () => ({ notify }));
vi.mock('../src/features/claimDetail/claimOnScreen.ts', () => screen);
vi.mock('../src/features/claims/claimsGridStore.ts', () => ({ claimRowsChanged: vi.fn() }));
const { eobLinesOf, manualPaymentCommands } = await import('./manualPayments.ts');

const onClaim: CommandContext = {
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: { type: 'claim', id: 42 },
  modules: new Set(['PAYMENTS']),
  source: 'palette',
};
const line = (chargeID: number, lineNumber: number, charge: number, balance: number, status = 'active'): ChargeLine => ({
  chargeID,
  lineNumber,
  cptCode: '99213',
  modifiers: [],
  units: 1,
  charge,
  diagnosisPointers: [1],
  dosFrom: '2026-11-01',
  dosTo: '2026-11-01',
  status,
  paid: charge - balance,
  adjusted: 0,
  balance,
});
const command = (id: string) => {
  const found = manualPaymentCommands.find((each) => each.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};

beforeEach(() => {
  for (const mock of [...Object.values(api), panes.getClaimDetailData, notify.success, notify.info, notify.warning, screen.claimsChanged]) mock.mockReset();
  screen.claimOnScreen.claimID = 42;
  screen.claimOnScreen.charges = [line(101, 1, 15_000, 15_000), line(102, 2, 5_000, 0), line(103, 3, 9_000, 9_000, 'void'), line(104, 4, 6_000, 6_000)];
});

describe('the paper EOB command', () => {
  it('asks the check, its date, one step a line that owes, then a confirmation that sums it up', async () => {
    const eob = command('payments.postPaperEob');
    expect(eob.steps?.map((step) => step.key)).toEqual(['reference', 'checkDate', 'line101', 'line104', 'confirm']);
    const confirm = eob.steps?.find((step) => step.key === 'confirm');
    const choices = confirm?.kind === 'choice' ? await confirm.choices(onClaim, { reference: 'CHK 77', line101: '80 100 PR-1 20', line104: '' }) : [];
    expect(choices[0]).toEqual({ value: 'post', label: 'Post $80.00 paid on 1 line, check CHK 77', hint: 'line 1: paid $80.00 · CO-45 $50.00 · PR-1 $20.00' });
    const line101 = eob.steps?.find((step) => step.key === 'line101');
    expect(line101?.kind === 'text' ? line101.validate?.('80 100 PR-1 90') : null).toBe('Paid and adjusted come to $220.00, more than the $150.00 the line owes.');
  });

  it('posts the answered lines with their adjustments and says what the claim owes after', async () => {
    api.saveInsurancePayment.mockResolvedValue({ message: 'Insurance payment saved.', pkid: 42, paid: 8_000, balanceAfter: 8_000, claimStatusID: 5 });
    await command('payments.postPaperEob').run(onClaim, { reference: 'CHK 77', checkDate: '2026-11-20', line101: '80 100 PR-1 20', line104: '', confirm: 'post' });
    expect(api.saveInsurancePayment).toHaveBeenCalledWith(
      { claimID: 42, reference: 'CHK 77', postingDate: '2026-11-20', denied: false, lines: [{ chargeID: 101, paid: 8_000, adjustments: [{ group: 'CO', reason: '45', amount: 5_000 }, { group: 'PR', reason: '1', amount: 2_000 }] }] },
      { source: 'palette' },
    );
    expect(screen.claimsChanged).toHaveBeenCalledWith([42]);
    expect(notify.success).toHaveBeenCalledWith('Insurance payment saved.', 'Claim 42: $80.00 paid; it now owes $80.00.');
  });

  it('marks an EOB that pays nothing as a denial, and posts nothing when cancelled', async () => {
    api.saveInsurancePayment.mockResolvedValue({ message: 'Insurance payment saved.', pkid: 42, paid: 0, balanceAfter: 15_000, claimStatusID: 9 });
    await command('payments.postPaperEob').run(onClaim, { reference: 'EOB 1', checkDate: '', line101: '0 CO-50 150', line104: '', confirm: 'post' });
    expect(api.saveInsurancePayment).toHaveBeenLastCalledWith(expect.objectContaining({ denied: true }), { source: 'palette' });
    api.saveInsurancePayment.mockClear();
    await command('payments.postPaperEob').run(onClaim, { reference: 'EOB 1', checkDate: '', line101: '10', line104: '', confirm: 'cancel' });
    expect(api.saveInsurancePayment).not.toHaveBeenCalled();
    expect(notify.info).toHaveBeenCalledWith('Nothing was posted.');
  });

  it('needs the claim open with a line that owes', () => {
    expect(command('payments.postPaperEob').disabledReason?.({ ...onClaim, record: null })).toBe('Open a claim first.');
    screen.claimOnScreen.charges = [line(102, 2, 5_000, 0)];
    expect(command('payments.postPaperEob').disabledReason?.(onClaim)).toBe('The claim has no line with a balance.');
    expect(eobLinesOf(screen.claimOnScreen.charges, { line102: '10' })).toEqual([]);
  });
});

describe('the patient payment command', () => {
  const detail = (charges: ChargeLine[]) => ({ header: { claimID: 42, patientID: 5 }, diagnoses: [], charges });

  it("spreads the amount over the claim's open lines and says what the claim owes after", async () => {
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    api.savePatientPayment.mockResolvedValue({ message: 'Patient payment saved.', pkid: 1, applied: 16_000, claims: 1 });
    await command('payments.postPatientPayment').run(onClaim, { amount: 16_000, method: 'card', reference: ' VISA 4242 ', postingDate: '2026-11-21' });
    expect(api.savePatientPayment).toHaveBeenCalledWith(
      { patientID: 5, method: 'card', postingDate: '2026-11-21', reference: 'VISA 4242', applications: [{ chargeID: 101, amount: 15_000 }, { chargeID: 104, amount: 1_000 }] },
      { source: 'palette' },
    );
    expect(notify.success).toHaveBeenCalledWith('Patient payment saved.', '$160.00 Card on claim 42; it now owes $50.00.');
  });

  it('refuses more than the claim owes, pointing to an advance payment', async () => {
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    await command('payments.postPatientPayment').run(onClaim, { amount: 30_000, method: 'cash', reference: '', postingDate: '' });
    expect(api.savePatientPayment).not.toHaveBeenCalled();
    expect(notify.warning).toHaveBeenCalledWith('Claim 42 owes $210.00, less than $300.00; nothing was posted.', expect.stringContaining('advance payment'));
  });
});
