/**
 * The batch screens from the palette: go to the payment, charge or document batches (no 'g' key:
 * 'g b' is the submission batches and 'g p' is kept for the patients), and open the payment
 * batch under the list's cursor (Enter on the list runs it).
 */
import type { Command, CommandContext } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import {
  CHARGE_BATCHES_PATH,
  DOCUMENT_BATCHES_PATH,
  PAYMENT_BATCHES_PATH,
  paymentBatchPath,
} from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';

function goToBatches(id: string, title: string, path: string, screenName: string, keywords: string[]): Command {
  return {
    id,
    title,
    group: 'Navigation',
    keywords: ['batch', 'batches', ...keywords],
    privilege: 'PAYMENTS',
    disabledReason: (ctx) =>
      notInMenuReason(path, screenName) ?? (ctx.route === path ? 'It is the screen open now.' : null),
    run: () => goTo(path),
  };
}

const onList = (ctx: CommandContext) => ctx.route === PAYMENT_BATCHES_PATH;
/** The batch under the list's cursor. */
const cursorBatchID = () => targetOf('paymentBatch', (batch) => !batch.open)?.id ?? null;

const openBatch: Command = {
  id: 'batches.openPaymentBatch',
  title: 'Open payment batch',
  screenKey: 'Enter',
  group: 'Payments',
  keywords: ['batch', 'payment batch', 'detail', 'open', 'postings', 'ledger'],
  privilege: 'PAYMENTS',
  when: onList,
  disabledReason: (ctx) => {
    if (!onList(ctx)) return 'Open the payment batches screen first ("Go to payment batches").';
    return cursorBatchID() === null ? 'No payment batch is listed.' : null;
  },
  run: () => {
    const batchID = cursorBatchID();
    if (batchID !== null) goTo(paymentBatchPath(batchID));
  },
};

export const batchScreenCommands: readonly Command[] = [
  goToBatches('nav.goToPaymentBatches', 'Go to payment batches', PAYMENT_BATCHES_PATH, 'Payment batches', [
    'payment batch',
    'deposit',
    'lockbox',
    'eob',
    'posting',
  ]),
  goToBatches('nav.goToChargeBatches', 'Go to charge batches', CHARGE_BATCHES_PATH, 'Charge batches', [
    'charge batch',
    'superbill',
    'charge entry',
  ]),
  goToBatches('nav.goToDocumentBatches', 'Go to document batches', DOCUMENT_BATCHES_PATH, 'Document batches', [
    'document batch',
    'scanned',
    'mail',
    'correspondence',
  ]),
  openBatch,
];
