import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdvancePaymentRow } from '../../contract/advancePayments.ts';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import type { CommandContext, CommandStep } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({
  addAdvancePayment: vi.fn(),
  applyAdvancePayment: vi.fn(),
  getClaimAdvancePayments: vi.fn(),
  getPatientAdvancePayments: vi.fn(),
  refundAdvancePayment: vi.fn(),
  reverseAdvancePayment: vi.fn(),
  updateAdvancePaymentDos: vi.fn(),
}));
const search = vi.hoisted(() => ({ getSystemGlobalSearch: vi.fn() }));
const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../src/api/advancePayments.ts', () => api);
vi.mock('../../src/api/globalSearch.ts', () => search);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify }));
const claimsApi = vi.hoisted(() => ({ getAllClaimsSearchData: vi.fn() }));
const panes = vi.hoisted(() => ({ getChargesData: vi.fn() }));
vi.mock('../../src/api/claims.ts', () => claimsApi);
vi.mock('../../src/features/panes/paneApi.ts', () => panes);
const { advanceChoices, advancePaymentCommands, amountProblem, pickedAdvance } = await import('./advancePayments.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget, withdrawTarget } = await import('../../src/state/target.ts');
const { resetStores } = await import('../../src/state/store.ts');

/** The claim the claim screen shows (its target), and the change notices the commands announced. */
const screen = { notices: [] as { kind: string; ids: readonly number[] | null }[] };
watchRecords(EVERY_KIND, (notice) => screen.notices.push(notice));
const showClaim = (charges: ChargeLine[]) => {
  publishTarget('claimDetail', 'claim', {
    kind: 'claim',
    id: 42,
    chargeBatchID: null,
    charges,
    diagnoses: [],
    findings: [],
  });
};
const showAdvances = (cursor: ReturnType<typeof advance> & { patientName: string; accountNumber: string }) =>
  publishTarget('advancePayments', 'advance', { kind: 'advance', id: cursor.advancePaymentID, advance: cursor });

const onClaim: CommandContext = {
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: { type: 'claim', id: 42 },
  modules: new Set(['PAYMENTS', 'PATIENTS']),
  source: 'palette',
};
const line = (chargeID: number, lineNumber: number, balance: number, status = 'active'): ChargeLine => ({
  chargeID,
  lineNumber,
  cptCode: '99213',
  modifiers: [],
  units: 1,
  charge: 10_000,
  diagnosisPointers: [1],
  dosFrom: '2026-11-01',
  dosTo: '2026-11-01',
  status,
  paid: 0,
  adjusted: 0,
  balance,
  insurancePaid: 0,
  patientPaid: 0,
});
const advance = (overrides: Partial<AdvancePaymentRow> = {}): AdvancePaymentRow => ({
  advancePaymentID: 12,
  patientID: 5,
  amount: 12_500,
  applied: 4_500,
  refunded: 0,
  unapplied: 8_000,
  status: 'active',
  method: 'card',
  reference: 'VISA 4242',
  receivedOn: '2026-11-20',
  dateOfService: '2026-12-01',
  ...overrides,
});
const command = (id: string) => {
  const found = advancePaymentCommands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const step = (id: string, key: string): CommandStep | undefined => command(id).steps?.find((each) => each.key === key);
const choicesOf = async (id: string, key: string, answers: Record<string, unknown> = {}) => {
  const found = step(id, key);
  return found?.kind === 'choice' ? found.choices(onClaim, answers) : [];
};

beforeEach(() => {
  for (const mock of [...Object.values(api), search.getSystemGlobalSearch, notify.success, notify.info, notify.warning])
    mock.mockReset();
  resetStores();
  withdrawTarget('advancePayments', 'advance');
  screen.notices = [];
  showClaim([line(101, 1, 3_000), line(102, 2, 0), line(103, 3, 9_000, 'void'), line(104, 4, 6_000)]);
});

describe('the advance payment commands', () => {
  it('take an empty amount as all that is left and refuse what is not a dollar amount above zero', () => {
    expect(amountProblem('')).toBeNull();
    expect(amountProblem('$1,250.50')).toBeNull();
    expect(amountProblem('0.00')).toBe('The amount must be more than $0.00.');
    expect(amountProblem('lots')).toBe(
      'Type an amount in dollars, like 12.50, or leave it empty for all that is left.',
    );
  });

  it('show each advance with what is left, and say why there is none to pick', () => {
    expect(advanceChoices([advance()], () => true, 'None.')).toEqual([
      {
        value: '12',
        label: '#12 $80.00 left of $125.00',
        hint: 'received 2026-11-20 · card VISA 4242 · DOS 2026-12-01',
      },
    ]);
    expect(
      advanceChoices(
        [advance({ status: 'refunded', unapplied: 0 })],
        (row) => row.status === 'active',
        'No credit left.',
      ),
    ).toEqual([{ value: 'none', label: 'No credit left.' }]);
  });

  it('add an advance for the patient picked from the search', async () => {
    search.getSystemGlobalSearch.mockResolvedValue([
      { type: 'patient', id: 5, label: 'SMITH, JANE', detail: 'Acct SMI0001' },
      { type: 'claim', id: 42, label: 'Claim 42', detail: '' },
    ]);
    expect(await choicesOf('payments.addAdvancePayment', 'patientID', { patientSearch: 'smith' })).toEqual([
      { value: '5', label: 'SMITH, JANE', hint: 'Acct SMI0001' },
    ]);
    api.addAdvancePayment.mockResolvedValue({ message: 'Advance Payment added successfully', advancePaymentID: 12 });
    await command('payments.addAdvancePayment').run(onClaim, {
      patientID: '5',
      amount: 12_500,
      method: 'card',
      reference: ' VISA 4242 ',
      receivedOn: '2026-11-20',
      dateOfService: '',
    });
    expect(api.addAdvancePayment).toHaveBeenCalledWith(
      { patientID: 5, amount: 12_500, method: 'card', receivedOn: '2026-11-20', reference: 'VISA 4242' },
      { source: 'palette' },
    );
    expect(notify.success).toHaveBeenCalledWith(expect.stringContaining('$125.00 Card'));
  });

  it('apply the picked advance to the claim on screen: what the claim owes up to the credit, or the amount typed', async () => {
    const apply = command('payments.applyAdvancePayment');
    expect(apply.disabledReason?.({ ...onClaim, record: null })).toBe(
      'Open a claim, or the advance payments screen, first.',
    );
    expect(apply.shortcut).toBe('Alt+Shift+a');
    api.getClaimAdvancePayments.mockResolvedValue({ claimID: 42, patientID: 5, rows: [advance()] });
    expect(await choicesOf('payments.applyAdvancePayment', 'advancePaymentID')).toHaveLength(1);
    api.applyAdvancePayment.mockResolvedValue({
      message: 'Advance payment applied.',
      applied: 8_000,
      unapplied: 0,
      claims: 1,
    });
    await apply.run(onClaim, { advancePaymentID: '12', amount: '' });
    // The server spreads it over the claim's lines: what the claim owes, up to the advance's credit.
    expect(api.applyAdvancePayment).toHaveBeenLastCalledWith(
      { advancePaymentID: 12, claimID: 42 },
      { source: 'palette' },
    );
    expect(screen.notices).toContainEqual({ kind: 'claim', ids: [42] });

    await apply.run(onClaim, { advancePaymentID: '12', amount: '10.00' });
    expect(api.applyAdvancePayment).toHaveBeenLastCalledWith(
      { advancePaymentID: 12, claimID: 42, amount: 1_000 },
      { source: 'palette' },
    );

    api.applyAdvancePayment.mockClear();
    await apply.run(onClaim, { advancePaymentID: '12', amount: '95.00' });
    expect(notify.warning).toHaveBeenCalledWith('Claim 42 owes $90.00, less than $95.00; nothing was applied.');
    await apply.run(onClaim, { advancePaymentID: 'none', amount: '' });
    expect(api.applyAdvancePayment).not.toHaveBeenCalled();
  });

  it('refund all that is left or an amount, and report it with the server message', async () => {
    api.refundAdvancePayment.mockResolvedValue({
      message: 'Dos Update Successfully',
      refunded: 8_000,
      unapplied: 0,
      status: 'refunded',
    });
    await command('payments.refundAdvancePayment').run(onClaim, { advancePaymentID: '12', amount: '', reference: '' });
    expect(api.refundAdvancePayment).toHaveBeenLastCalledWith({ advancePaymentID: 12 }, { source: 'palette' });
    expect(notify.success).toHaveBeenLastCalledWith('Refunded $80.00; nothing is left on this advance.');
    await command('payments.refundAdvancePayment').run(onClaim, {
      advancePaymentID: '12',
      amount: '20',
      reference: 'CHK 9',
    });
    expect(api.refundAdvancePayment).toHaveBeenLastCalledWith(
      { advancePaymentID: 12, amount: 2_000, reference: 'CHK 9' },
      { source: 'palette' },
    );
  });

  it('reverse only after a confirmation that says what the claims will owe again', async () => {
    api.getPatientAdvancePayments.mockResolvedValue({
      patientID: 5,
      rows: [advance(), advance({ advancePaymentID: 13, refunded: 100 })],
    });
    expect(await choicesOf('payments.reverseAdvancePayment', 'advancePaymentID', { patientID: '5' })).toEqual([
      expect.objectContaining({ value: '12' }),
    ]);
    expect(
      await choicesOf('payments.reverseAdvancePayment', 'confirm', { patientID: '5', advancePaymentID: '12' }),
    ).toEqual([
      { value: 'go', label: 'Reverse advance #12, $125.00; the $45.00 it paid on claims is owed again' },
      { value: 'none', label: 'Cancel' },
    ]);
    await command('payments.reverseAdvancePayment').run(onClaim, {
      advancePaymentID: '12',
      postingDate: '',
      confirm: 'none',
    });
    expect(api.reverseAdvancePayment).not.toHaveBeenCalled();
    api.reverseAdvancePayment.mockResolvedValue({
      message: 'Advance payment reversed.',
      reversed: 12_500,
      applicationsTakenBack: 4_500,
    });
    await command('payments.reverseAdvancePayment').run(onClaim, {
      advancePaymentID: '12',
      postingDate: '2026-11-22',
      confirm: 'go',
    });
    expect(api.reverseAdvancePayment).toHaveBeenCalledWith(12, '2026-11-22', { source: 'palette' });
    expect(notify.success).toHaveBeenLastCalledWith(
      'Advance payment reversed. $45.00 it had paid on claims is owed again.',
    );
  });

  it('change the date of service of the picked advance', async () => {
    const dos = step('payments.changeAdvancePaymentDos', 'dateOfService');
    expect(dos?.kind === 'text' ? dos.validate?.('12/01/2026') : null).toBe('Type the date of service as YYYY-MM-DD.');
    api.updateAdvancePaymentDos.mockResolvedValue({ message: 'Dos Update Successfully' });
    await command('payments.changeAdvancePaymentDos').run(onClaim, {
      advancePaymentID: '12',
      dateOfService: '2026-12-05',
    });
    expect(api.updateAdvancePaymentDos).toHaveBeenCalledWith(12, '2026-12-05', { source: 'palette' });
    expect(notify.success).toHaveBeenCalledWith('Advance #12 is now for the visit of 2026-12-05.');
  });

  describe('on the advance payments screen', () => {
    const listed = (overrides: Partial<AdvancePaymentRow> = {}) => ({
      ...advance(overrides),
      patientName: 'SMITH, JANE',
      accountNumber: 'SMI0001',
    });
    const onScreen: CommandContext = { ...onClaim, route: '/app/advance-payments', record: null };

    it('act on the advance under the cursor: no patient or advance step, and a reason when it cannot', async () => {
      showAdvances(listed());
      expect(command('payments.refundAdvancePayment').steps?.map((each) => each.key)).toEqual(['amount', 'reference']);
      expect(command('payments.reverseAdvancePayment').steps?.map((each) => each.key)).toEqual([
        'postingDate',
        'confirm',
      ]);
      expect(command('payments.changeAdvancePaymentDos').steps?.map((each) => each.key)).toEqual(['dateOfService']);
      expect(command('payments.refundAdvancePayment').disabledReason?.(onScreen)).toBeNull();
      api.refundAdvancePayment.mockResolvedValue({
        message: 'Dos Update Successfully',
        refunded: 8_000,
        unapplied: 0,
        status: 'refunded',
      });
      await command('payments.refundAdvancePayment').run(onScreen, { amount: '', reference: '' });
      expect(api.refundAdvancePayment).toHaveBeenCalledWith({ advancePaymentID: 12 }, { source: 'palette' });
      expect(screen.notices).toEqual([{ kind: 'advance', ids: [12] }]);

      showAdvances(listed({ status: 'reversed', unapplied: 0 }));
      expect(command('payments.refundAdvancePayment').disabledReason?.(onScreen)).toBe(
        'Advance #12 has no credit left to refund.',
      );
      expect(command('payments.changeAdvancePaymentDos').disabledReason?.(onScreen)).toBe(
        'Advance #12 is reversed; its date of service cannot change.',
      );
    });

    it("apply the cursor's advance to one of its patient's claims that owe", async () => {
      showAdvances(listed());
      const apply = command('payments.applyAdvancePayment');
      expect(apply.when?.(onScreen)).toBe(true);
      expect(apply.steps?.map((each) => each.key)).toEqual(['claimID', 'amount']);
      claimsApi.getAllClaimsSearchData.mockResolvedValue({
        total: 1,
        rows: [{ claimID: 77, balance: 4_000, dosFrom: '2026-11-01', payerName: null, claimStatus: 'Patient Balance' }],
      });
      expect(await choicesOf('payments.applyAdvancePayment', 'claimID')).toEqual([
        { value: '77', label: 'Claim 77 owes $40.00', hint: 'DOS 2026-11-01 · self-pay · Patient Balance' },
      ]);
      expect(claimsApi.getAllClaimsSearchData).toHaveBeenCalledWith(
        expect.objectContaining({ patientID: 5, balanceMin: 1 }),
        { background: true },
      );
      api.getClaimAdvancePayments.mockResolvedValue({ claimID: 77, patientID: 5, rows: [advance()] });
      panes.getChargesData.mockResolvedValue({ claimID: 77, charges: [line(701, 1, 4_000)] });
      api.applyAdvancePayment.mockResolvedValue({
        message: 'Advance payment applied.',
        applied: 4_000,
        unapplied: 4_000,
        claims: 1,
      });
      await apply.run(onScreen, { claimID: '77', amount: '' });
      expect(api.applyAdvancePayment).toHaveBeenCalledWith(
        { advancePaymentID: 12, claimID: 77 },
        { source: 'palette' },
      );
    });

    it('take the picked advance over the cursor, and nothing for "none"', () => {
      expect(pickedAdvance({ advancePaymentID: '9', patientID: '3' }, { advancePaymentID: 12, patientID: 5 })).toEqual({
        advancePaymentID: 9,
        patientID: 3,
      });
      expect(pickedAdvance({}, { advancePaymentID: 12, patientID: 5 })).toEqual({ advancePaymentID: 12, patientID: 5 });
      expect(pickedAdvance({ advancePaymentID: 'none' }, { advancePaymentID: 12, patientID: 5 })).toBeNull();
      expect(pickedAdvance({}, null)).toBeNull();
    });
  });
});
