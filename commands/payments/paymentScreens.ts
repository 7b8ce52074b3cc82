/**
 * The payments screens: going to them (g a, g r), which advance payments and which deposits they
 * list. Their rows' actions are the advance-payment and batch commands themselves.
 */
import type { AdvanceListFilter } from '../../contract/advancePaymentList.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { advanceFilterShown, showAdvanceFilter } from '../../src/features/advancePayments/index.ts';
import { depositFilterShown, showDeposits, type DepositFilter } from '../../src/features/reconciliation/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { ADVANCE_PAYMENTS_PATH, PAYMENT_RECONCILIATION_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

const onAdvances = (ctx: CommandContext) => ctx.route === ADVANCE_PAYMENTS_PATH;
const onReconciliation = (ctx: CommandContext) => ctx.route === PAYMENT_RECONCILIATION_PATH;

function goToScreen(
  id: string,
  title: string,
  shortcut: string,
  path: string,
  screenName: string,
  keywords: string[],
): Command {
  return {
    id,
    title,
    group: 'Navigation',
    keywords,
    shortcut,
    disabledReason: () => notInMenuReason(path, screenName),
    run: () => goTo(path),
  };
}

function showAdvances(id: string, title: string, filter: AdvanceListFilter, keywords: string[]): Command {
  return {
    id,
    title,
    group: 'Payments',
    keywords: ['advance', 'advance payments', 'filter', ...keywords],
    privilege: 'PAYMENTS',
    when: onAdvances,
    disabledReason: (ctx) =>
      notInMenuReason(ADVANCE_PAYMENTS_PATH, 'The advance payments screen') ??
      (onAdvances(ctx)
        ? advanceFilterShown() === filter
          ? 'They are the ones listed now.'
          : null
        : 'Open the advance payments screen first (g a).'),
    run: () => showAdvanceFilter(filter),
  };
}

function showDepositList(id: string, title: string, filter: DepositFilter, keywords: string[]): Command {
  return {
    id,
    title,
    group: 'Payments',
    keywords: ['deposits', 'reconciliation', 'filter', ...keywords],
    privilege: 'PAYMENTS',
    when: onReconciliation,
    disabledReason: (ctx) =>
      notInMenuReason(PAYMENT_RECONCILIATION_PATH, 'The payment reconciliation screen') ??
      (onReconciliation(ctx)
        ? depositFilterShown() === filter
          ? 'They are the ones listed now.'
          : null
        : 'Open the payment reconciliation screen first (g r).'),
    run: () => showDeposits(filter),
  };
}

export const paymentScreenCommands: readonly Command[] = [
  goToScreen(
    'nav.goToAdvancePayments',
    'Go to advance payments',
    'g a',
    ADVANCE_PAYMENTS_PATH,
    'The advance payments screen',
    ['advance', 'deposit', 'prepayment', 'credit'],
  ),
  goToScreen(
    'nav.goToPaymentReconciliation',
    'Go to payment reconciliation',
    'g r',
    PAYMENT_RECONCILIATION_PATH,
    'The payment reconciliation screen',
    ['reconcile', 'deposits', 'ledger', 'bank'],
  ),
  showAdvances('payments.showAdvancesWithCredit', 'Show advance payments with credit left', 'credit', [
    'credit',
    'unapplied',
    'open',
  ]),
  showAdvances('payments.showReversedAdvances', 'Show reversed advance payments', 'reversed', ['reversed', 'bounced']),
  showAdvances('payments.showRefundedAdvances', 'Show refunded advance payments', 'refunded', ['refunded']),
  showAdvances('payments.showAllAdvances', 'Show all advance payments', 'all', ['all', 'reset', 'clear filter']),
  showDepositList('payments.showOpenDeposits', 'Show deposits to reconcile', 'open', ['open', 'unreconciled', 'to do']),
  showDepositList('payments.showReconciledDeposits', 'Show reconciled deposits', 'reconciled', ['reconciled', 'done']),
  showDepositList('payments.showAllDeposits', 'Show all deposits', 'all', ['all', 'reset', 'clear filter']),
];
