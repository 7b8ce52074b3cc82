import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({ saveInsurancePayment: vi.fn(), savePatientPayment: vi.fn() }));
const panes = vi.hoisted(() => ({ getClaimDetailData: vi.fn() }));
const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../src/api/manualPayments.ts', () => api);
vi.mock('../../src/features/panes/paneApi.ts', () => panes);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify }));
// The steps getters read the context of the moment: the test sets it.
const now = vi.hoisted(() => ({ context: null as CommandContext | null }));
vi.mock('../../src/console/registry.ts', () => ({ currentContext: () => now.context }));
// No pane holds DOM focus in a unit test (claimInFocus asks last).
vi.stubGlobal('document', { activeElement: null });
vi.stubGlobal('HTMLElement', class {});
const { eobLinesOf, manualPaymentCommands } = await import('./manualPayments.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget, withdrawTarget } = await import('../../src/state/target.ts');

/** The claim screen: the claim it shows (its target, none when claimID is null), and the change notices announced. */
const shown = { claimID: 42 as number | null, charges: [] as ChargeLine[] };
function publish(): void {
  if (shown.claimID === null) withdrawTarget('claimDetail', 'claim');
  else
    publishTarget('claimDetail', 'claim', {
      kind: 'claim',
      id: shown.claimID,
      chargeBatchID: null,
      charges: shown.charges,
      diagnoses: [],
      findings: [],
    });
}
const screen = {
  claimOnScreen: {
    get claimID() {
      return shown.claimID;
    },
    set claimID(claimID: number | null) {
      shown.claimID = claimID;
      publish();
    },
    get charges() {
      return shown.charges;
    },
    set charges(charges: ChargeLine[]) {
      shown.charges = charges;
      publish();
    },
  },
  notices: [] as { kind: string; ids: readonly number[] | null }[],
};
watchRecords(EVERY_KIND, (notice) => screen.notices.push(notice));

const onClaim: CommandContext = {
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: { type: 'claim', id: 42 },
  modules: new Set(['PAYMENTS']),
  source: 'palette',
};
const line = (
  chargeID: number,
  lineNumber: number,
  charge: number,
  balance: number,
  status = 'active',
): ChargeLine => ({
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
  insurancePaid: charge - balance,
  patientPaid: 0,
});
const command = (id: string) => {
  const found = manualPaymentCommands.find((each) => each.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};

/** The claims list with its cursor on claim 42, no claim open. */
const onList: CommandContext = {
  ...onClaim,
  route: '/app/all-claims',
  record: null,
  selection: { recordType: 'claim', ids: [42], allMatching: null },
};
const keysOf = (id: string) => command(id).steps?.map((step) => step.key);
const claimStepChoices = async (id: string) => {
  const claimStep = command(id).steps?.find((step) => step.key === 'claim');
  return claimStep?.kind === 'choice' ? claimStep.choices(onList, {}) : [];
};

beforeEach(() => {
  for (const mock of [...Object.values(api), panes.getClaimDetailData, notify.success, notify.info, notify.warning])
    mock.mockReset();
  screen.notices = [];
  now.context = onClaim;
  screen.claimOnScreen.claimID = 42;
  screen.claimOnScreen.charges = [
    line(101, 1, 15_000, 15_000),
    line(102, 2, 5_000, 0),
    line(103, 3, 9_000, 9_000, 'void'),
    line(104, 4, 6_000, 6_000),
  ];
});

describe('the paper EOB command', () => {
  it('asks the check, its date, one step a line that owes, then a confirmation that sums it up', async () => {
    const eob = command('payments.postPaperEob');
    expect(eob.steps?.map((step) => step.key)).toEqual(['reference', 'checkDate', 'line101', 'line104', 'confirm']);
    const confirm = eob.steps?.find((step) => step.key === 'confirm');
    const choices =
      confirm?.kind === 'choice'
        ? await confirm.choices(onClaim, { reference: 'CHK 77', line101: '80 100 PR-1 20', line104: '' })
        : [];
    expect(choices[0]).toEqual({
      value: 'post',
      label: 'Post $80.00 paid on 1 line, check CHK 77',
      hint: 'line 1: paid $80.00 · CO-45 $50.00 · PR-1 $20.00',
    });
    const line101 = eob.steps?.find((step) => step.key === 'line101');
    expect(line101?.kind === 'text' ? line101.validate?.('80 100 PR-1 90') : null).toBe(
      'Paid and adjusted come to $220.00, more than the $150.00 the line owes.',
    );
  });

  it('posts the answered lines with their adjustments and says what the claim owes after', async () => {
    api.saveInsurancePayment.mockResolvedValue({
      message: 'Insurance payment saved.',
      pkid: 42,
      paid: 8_000,
      balanceAfter: 8_000,
      claimStatusID: 5,
    });
    await command('payments.postPaperEob').run(onClaim, {
      reference: 'CHK 77',
      checkDate: '2026-11-20',
      line101: '80 100 PR-1 20',
      line104: '',
      confirm: 'post',
    });
    expect(api.saveInsurancePayment).toHaveBeenCalledWith(
      {
        claimID: 42,
        reference: 'CHK 77',
        postingDate: '2026-11-20',
        denied: false,
        lines: [
          {
            chargeID: 101,
            paid: 8_000,
            adjustments: [
              { group: 'CO', reason: '45', amount: 5_000 },
              { group: 'PR', reason: '1', amount: 2_000 },
            ],
          },
        ],
      },
      { source: 'palette' },
    );
    expect(screen.notices).toContainEqual({ kind: 'claim', ids: [42] });
    expect(notify.success).toHaveBeenCalledWith('Claim 42: $80.00 paid; it now owes $80.00.');
  });

  it('marks an EOB that pays nothing as a denial, and posts nothing when cancelled', async () => {
    api.saveInsurancePayment.mockResolvedValue({
      message: 'Insurance payment saved.',
      pkid: 42,
      paid: 0,
      balanceAfter: 15_000,
      claimStatusID: 9,
    });
    await command('payments.postPaperEob').run(onClaim, {
      reference: 'EOB 1',
      checkDate: '',
      line101: '0 CO-50 150',
      line104: '',
      confirm: 'post',
    });
    expect(api.saveInsurancePayment).toHaveBeenLastCalledWith(expect.objectContaining({ denied: true }), {
      source: 'palette',
    });
    api.saveInsurancePayment.mockClear();
    await command('payments.postPaperEob').run(onClaim, {
      reference: 'EOB 1',
      checkDate: '',
      line101: '10',
      line104: '',
      confirm: 'cancel',
    });
    expect(api.saveInsurancePayment).not.toHaveBeenCalled();
    expect(notify.info).toHaveBeenCalledWith('Nothing was posted.');
  });

  it('needs a claim open, or one under the list cursor, with a line that owes', () => {
    expect(command('payments.postPaperEob').disabledReason?.({ ...onClaim, record: null })).toBe(
      'Open a claim, or put the cursor on one in a claims list.',
    );
    expect(
      command('payments.postPaperEob').disabledReason?.({
        ...onList,
        selection: { recordType: 'claim', ids: [42, 43], allMatching: null },
      }),
    ).toBe('A payment is posted on one claim: pick just one in the list.');
    expect(command('payments.postPaperEob').when?.({ ...onClaim, record: null })).toBe(false);
    expect(command('payments.postPaperEob').when?.(onList)).toBe(true);
    screen.claimOnScreen.charges = [line(102, 2, 5_000, 0)];
    expect(command('payments.postPaperEob').disabledReason?.(onClaim)).toBe('The claim has no line with a balance.');
    expect(eobLinesOf(screen.claimOnScreen.charges, { line102: '10' })).toEqual([]);
  });
});

const detail = (charges: ChargeLine[]) => ({
  header: { claimID: 42, patientID: 5, patientName: 'DOE, JANE', payerName: 'Aetna', claimStatus: 'Submitted' },
  diagnoses: [],
  charges,
});

describe('the paper EOB on the claims list cursor claim', () => {
  beforeEach(() => {
    now.context = onList;
    screen.claimOnScreen.claimID = null;
  });

  it('asks the claim first, which reads its lines and names what it owes; the line steps follow', async () => {
    expect(command('payments.postPaperEob').disabledReason?.(onList)).toBeNull();
    expect(keysOf('payments.postPaperEob')).toEqual(['claim']);
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    expect(await claimStepChoices('payments.postPaperEob')).toEqual([
      { value: '42', label: 'Claim 42 · DOE, JANE · owes $210.00 on 2 lines', hint: 'Aetna · Submitted' },
    ]);
    expect(panes.getClaimDetailData).toHaveBeenCalledWith(42, { background: true });
    expect(keysOf('payments.postPaperEob')).toEqual([
      'claim',
      'reference',
      'checkDate',
      'line101',
      'line104',
      'confirm',
    ]);
  });

  it('posts on the cursor claim, then reads its lines afresh the next time', async () => {
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    await claimStepChoices('payments.postPaperEob');
    api.saveInsurancePayment.mockResolvedValue({
      message: 'Insurance payment saved.',
      pkid: 42,
      paid: 8_000,
      balanceAfter: 13_000,
      claimStatusID: 5,
    });
    await command('payments.postPaperEob').run(onList, {
      claim: '42',
      reference: 'CHK 9',
      checkDate: '',
      line101: '80 100 PR-1 20',
      line104: '',
      confirm: 'post',
    });
    expect(api.saveInsurancePayment).toHaveBeenCalledWith(
      expect.objectContaining({ claimID: 42, lines: [expect.objectContaining({ chargeID: 101, paid: 8_000 })] }),
      { source: 'palette' },
    );
    expect(notify.success).toHaveBeenCalledWith('Claim 42: $80.00 paid; it now owes $130.00.');
    expect(keysOf('payments.postPaperEob')).toEqual(['claim']);
  });

  it('posts nothing when a line changed since it was read', async () => {
    panes.getClaimDetailData
      .mockResolvedValueOnce(detail(screen.claimOnScreen.charges))
      .mockResolvedValueOnce(detail([line(101, 1, 15_000, 5_000)]));
    await claimStepChoices('payments.postPaperEob');
    await command('payments.postPaperEob').run(onList, {
      claim: '42',
      reference: 'CHK 9',
      checkDate: '',
      line101: '80 100 PR-1 20',
      line104: '',
      confirm: 'post',
    });
    expect(api.saveInsurancePayment).not.toHaveBeenCalled();
    expect(notify.warning).toHaveBeenCalledWith(
      'Claim 42 changed while the EOB was typed; nothing was posted.',
      expect.stringContaining('again'),
    );
  });

  it('says so in the claim step when the claim owes nothing, and asks nothing more', async () => {
    panes.getClaimDetailData.mockResolvedValue(detail([line(102, 2, 5_000, 0)]));
    expect(await claimStepChoices('payments.postPaperEob')).toEqual([
      { value: 'none', label: 'Claim 42 has no line with a balance: nothing to post.' },
    ]);
    expect(keysOf('payments.postPaperEob')).toEqual(['claim']);
    await command('payments.postPaperEob').run(onList, { claim: 'none' });
    expect(notify.info).toHaveBeenCalledWith('Nothing was posted.');
  });
});

describe('the patient payment command', () => {
  it('posts the amount on the claim (the server spreads it over the open lines) and says what the claim owes after', async () => {
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    api.savePatientPayment.mockResolvedValue({
      message: 'Patient payment saved.',
      pkid: 1,
      applied: 16_000,
      claims: 1,
    });
    await command('payments.postPatientPayment').run(onClaim, {
      amount: 16_000,
      method: 'card',
      reference: ' VISA 4242 ',
      postingDate: '2026-11-21',
    });
    expect(api.savePatientPayment).toHaveBeenCalledWith(
      { patientID: 5, method: 'card', postingDate: '2026-11-21', reference: 'VISA 4242', claimID: 42, amount: 16_000 },
      { source: 'palette' },
    );
    expect(notify.success).toHaveBeenCalledWith('$160.00 Card on claim 42; it now owes $50.00.');
  });

  it('refuses more than the claim owes, pointing to an advance payment', async () => {
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    await command('payments.postPatientPayment').run(onClaim, {
      amount: 30_000,
      method: 'cash',
      reference: '',
      postingDate: '',
    });
    expect(api.savePatientPayment).not.toHaveBeenCalled();
    expect(notify.warning).toHaveBeenCalledWith(
      'Claim 42 owes $210.00, less than $300.00; nothing was posted.',
      expect.stringContaining('advance payment'),
    );
  });
});

describe('the patient payment on the claims list cursor claim', () => {
  beforeEach(() => {
    now.context = onList;
    screen.claimOnScreen.claimID = null;
  });

  it('asks the claim, then the payment, and posts it on the cursor claim', async () => {
    expect(keysOf('payments.postPatientPayment')).toEqual(['claim']);
    panes.getClaimDetailData.mockResolvedValue(detail(screen.claimOnScreen.charges));
    expect((await claimStepChoices('payments.postPatientPayment')).map((choice) => choice.value)).toEqual(['42']);
    expect(keysOf('payments.postPatientPayment')).toEqual(['claim', 'amount', 'method', 'reference', 'postingDate']);
    api.savePatientPayment.mockResolvedValue({ message: 'Patient payment saved.', pkid: 1, applied: 2_500, claims: 1 });
    await command('payments.postPatientPayment').run(onList, {
      claim: '42',
      amount: 2_500,
      method: 'cash',
      reference: '',
      postingDate: '2026-11-21',
    });
    expect(api.savePatientPayment).toHaveBeenCalledWith(
      { patientID: 5, method: 'cash', postingDate: '2026-11-21', claimID: 42, amount: 2_500 },
      { source: 'palette' },
    );
    expect(notify.success).toHaveBeenCalledWith('$25.00 Cash on claim 42; it now owes $185.00.');
    expect(keysOf('payments.postPatientPayment')).toEqual(['claim']);
  });
});
