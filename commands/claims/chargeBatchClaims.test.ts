import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext, CommandStep } from '../../src/console/types.ts';

const batchApi = vi.hoisted(() => ({ getOpenChargeBatches: vi.fn(), addClaimsToChargeBatch: vi.fn() }));
const claimApi = vi.hoisted(() => ({
  editClaim: vi.fn(),
  saveClaim: vi.fn(),
  getProviders: vi.fn(),
  getCptFee: vi.fn(),
  removeDiagnosisFromClaim: vi.fn(),
  saveCharge: vi.fn(),
}));
const runs = vi.hoisted(() => ({ followRun: vi.fn(), whenRunEnds: vi.fn() }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../src/api/chargeBatchClaims.ts', () => batchApi);
vi.mock('../../src/api/claimInfo.ts', () => claimApi);
vi.mock('../../src/features/bulk/bulkRuns.ts', () => runs);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
vi.mock('../../src/routing/navigation.ts', () => ({ goTo: vi.fn() }));
const { batchOfChoice, chargeBatchClaimCommands, pickedClaims } = await import('./chargeBatchClaims.ts');
const { claimEditCommands } = await import('./claimEdit.ts');
const { publishTarget } = await import('../../src/state/target.ts');
/** The claim screen's target: the claim it shows, in `chargeBatchID`. */
const showClaimData = (claimID: number, chargeBatchID: number | null = null) =>
  publishTarget('claimDetail', 'claim', {
    kind: 'claim',
    id: claimID,
    chargeBatchID,
    charges: [],
    diagnoses: [],
    findings: [],
  });
const { resetStores } = await import('../../src/state/store.ts');

const context = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  route: '/app/claim-detail/7',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: { type: 'claim', id: 7 },
  modules: new Set(['CLAIMS']),
  source: 'palette',
  ...overrides,
});
const inList = (selection: CommandContext['selection']) =>
  context({ route: '/app/all-claims', record: null, selection });
const command = (id: string) => {
  const found = [...chargeBatchClaimCommands, ...claimEditCommands].find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const choiceStep = (step: CommandStep | undefined) => {
  if (step?.kind !== 'choice') throw new Error('Not a choice step');
  return step;
};
const OPEN = [
  { chargeBatchID: 12, batchNumber: 'N-200', description: 'Tuesday courier' },
  { chargeBatchID: 11, batchNumber: 'N-100', description: null },
];

beforeEach(() => {
  resetStores();
  vi.clearAllMocks();
  batchApi.getOpenChargeBatches.mockResolvedValue(OPEN);
  claimApi.editClaim.mockResolvedValue({ message: 'Claim updated.', claimID: 7, changed: ['chargeBatchID'] });
  showClaimData(7);
});

describe('Set charge batch…', () => {
  const setBatch = command('claims.setChargeBatch');

  it('has its own key and applies only on an open claim', () => {
    expect(setBatch.shortcut).toBe('Alt+b');
    expect(setBatch.disabledReason?.(context())).toBeNull();
    expect(setBatch.disabledReason?.(inList({ recordType: 'claim', ids: [7], allMatching: null }))).toBe(
      'Open a claim first.',
    );
  });

  it('offers "No charge batch" first, then the open batches of the claim’s practice by number', async () => {
    const choices = await choiceStep(setBatch.steps?.[0]).choices(context(), {});
    expect(batchApi.getOpenChargeBatches).toHaveBeenCalledWith({ claimID: 7 }, { background: true });
    expect(choices.map((choice) => [choice.value, choice.label])).toEqual([
      ['none', 'No charge batch'],
      ['12', 'N-200'],
      ['11', 'N-100'],
    ]);
  });

  it('says which batch the claim is in now', async () => {
    showClaimData(7, 11);
    const choices = await choiceStep(setBatch.steps?.[0]).choices(context(), {});
    expect(choices.map((choice) => [choice.label, choice.hint])).toEqual([
      ['No charge batch', 'Take the claim out of its batch'],
      ['N-200', 'Tuesday courier'],
      ['N-100', 'Its batch now'],
    ]);
  });

  it('saves the batch picked through the claim edit, and null for "No charge batch"', async () => {
    await choiceStep(setBatch.steps?.[0]).choices(context(), {});
    await setBatch.run(context(), { chargeBatchID: '11' });
    expect(claimApi.editClaim).toHaveBeenCalledWith({ claimID: 7, chargeBatchID: 11 }, { source: 'palette' });
    expect(toasts.success).toHaveBeenCalledWith('Claim 7 is in charge batch N-100.');
    await setBatch.run(context({ source: 'hotkey' }), { chargeBatchID: 'none' });
    expect(claimApi.editClaim).toHaveBeenLastCalledWith({ claimID: 7, chargeBatchID: null }, { source: 'hotkey' });
    expect(toasts.success).toHaveBeenLastCalledWith('Claim 7 is in no charge batch.');
  });

  it('reads an answer as a batch id only when it is one', () => {
    expect(batchOfChoice('12')).toBe(12);
    expect(batchOfChoice('none')).toBeNull();
    expect(batchOfChoice(undefined)).toBeNull();
    expect(batchOfChoice('x')).toBeNull();
  });
});

describe('Add picked claims to charge batch…', () => {
  const addPicked = command('claims.addToChargeBatch');

  it('takes the picked claims or "all N matching", never the open claim, up to the bulk limit', () => {
    expect(pickedClaims(inList({ recordType: 'claim', ids: [3, 4], allMatching: null }))).toEqual({ claimIDs: [3, 4] });
    expect(
      pickedClaims(inList({ recordType: 'claim', ids: [3], allMatching: { total: 900, query: { practiceID: 4 } } })),
    ).toEqual({ query: { practiceID: 4 } });
    expect(pickedClaims(context())).toBeNull();
    expect(pickedClaims(inList({ recordType: 'claim', ids: [], allMatching: null }))).toBeNull();
    expect(addPicked.batchLimit).toBe(20_000);
    expect(addPicked.disabledReason?.(context())).toBe(
      'Select claims in the claims list (Space, Shift+arrows or Ctrl+A).',
    );
  });

  it('offers the open batches only, and starts a bulk run it follows', async () => {
    const choices = await choiceStep(addPicked.steps?.[0]).choices(
      inList({ recordType: 'claim', ids: [3, 4], allMatching: null }),
      {},
    );
    expect(choices.map((choice) => choice.label)).toEqual(['N-200', 'N-100']);
    batchApi.addClaimsToChargeBatch.mockResolvedValue({ jobID: 55 });
    const all = inList({ recordType: 'claim', ids: [], allMatching: { total: 900, query: { claimStatusID: 1 } } });
    await addPicked.run(all, { chargeBatchID: '12' });
    expect(batchApi.addClaimsToChargeBatch).toHaveBeenCalledWith(
      { query: { claimStatusID: 1 }, chargeBatchID: 12 },
      { source: 'palette' },
    );
    expect(runs.followRun).toHaveBeenCalledWith(55);
    expect(runs.whenRunEnds).toHaveBeenCalledWith(55, expect.any(Function));
    expect(toasts.info).toHaveBeenCalledWith('Adding the claims to charge batch N-200.');
  });
});

describe('New claim…', () => {
  const newClaim = command('claims.newClaim');
  const answers = {
    patientSearch: 'smith',
    patientID: '41',
    providerID: '3',
    dosFrom: '2026-03-02',
    posCode: '',
    icds: 'E11.9 I10',
  };

  it('asks for the charge batch last, among the patient’s practice’s open batches, "No charge batch" first', async () => {
    const step = choiceStep(newClaim.steps?.at(-1));
    expect(step.key).toBe('chargeBatchID');
    const choices = await step.choices(context({ record: null }), answers);
    expect(batchApi.getOpenChargeBatches).toHaveBeenCalledWith({ patientID: 41 }, { background: true });
    expect(choices[0]?.label).toBe('No charge batch');
  });

  it('creates the claim in the batch picked, or in none when Enter skipped the step', async () => {
    claimApi.saveClaim.mockResolvedValue({ message: 'Claim 90 created.', claimID: 90 });
    await choiceStep(newClaim.steps?.at(-1)).choices(context({ record: null }), answers);
    await newClaim.run(context({ record: null }), { ...answers, chargeBatchID: '12' });
    expect(claimApi.saveClaim).toHaveBeenCalledWith(
      { patientID: 41, providerID: 3, dosFrom: '2026-03-02', posCode: '11', icds: ['E11.9', 'I10'], chargeBatchID: 12 },
      { source: 'palette' },
    );
    expect(toasts.success).toHaveBeenCalledWith('Claim 90 created. In charge batch N-200.');
    await newClaim.run(context({ record: null }), { ...answers, chargeBatchID: 'none' });
    expect(claimApi.saveClaim).toHaveBeenLastCalledWith(expect.objectContaining({ chargeBatchID: null }), {
      source: 'palette',
    });
  });
});
