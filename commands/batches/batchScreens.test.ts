import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentBatch } from '../../contract/batches.ts';
import type { CommandContext } from '../../src/console/types.ts';

const navigation = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../src/routing/navigation.ts', () => navigation);
const { batchScreenCommands } = await import('./batchScreens.ts');
const { publishTarget } = await import('../../src/state/target.ts');
const { resetStores } = await import('../../src/state/store.ts');

const context: CommandContext = {
  route: '/app/payment-batches',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PAYMENTS']),
  source: 'hotkey',
};
const openBatch = batchScreenCommands.find((command) => command.id === 'batches.openPaymentBatch');

beforeEach(() => {
  vi.clearAllMocks();
  resetStores();
});

describe('Open payment batch', () => {
  it('opens the detail of the batch under the list cursor', async () => {
    publishTarget('paymentBatches', 'paymentBatch', {
      kind: 'paymentBatch',
      id: 12,
      batch: { paymentBatchID: 12 } as PaymentBatch,
      open: false,
    });
    expect(openBatch?.disabledReason?.(context)).toBeNull();
    await openBatch?.run(context, {});
    expect(navigation.goTo).toHaveBeenCalledWith('/app/payment-batch/12');
  });

  it('applies only on the list, and says why elsewhere or with nothing listed', () => {
    expect(openBatch?.when?.({ ...context, route: '/app/era-search' })).toBe(false);
    expect(openBatch?.disabledReason?.({ ...context, route: '/app/era-search' })).toBe(
      'Open the payment batches screen first ("Go to payment batches").',
    );
    publishTarget('paymentBatches', 'paymentBatch', null);
    expect(openBatch?.disabledReason?.(context)).toBe('No payment batch is listed.');
  });
});
