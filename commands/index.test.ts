import { describe, expect, it } from 'vitest';
import { findShortcutConflicts, screenKeyNote, shownKeys } from '../src/console/shortcuts.ts';
import { ALL_COMMANDS } from './index.ts';

describe('the registered commands', () => {
  it('have unique ids', () => {
    const ids = ALL_COMMANDS.map((command) => command.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('bind no key twice in one scope, and no key that starts another sequence', () => {
    const clashes = findShortcutConflicts(ALL_COMMANDS, {}).map(
      (conflict) =>
        `${conflict.commandIds.join(' and ')}: "${conflict.binding}" / "${conflict.otherBinding}" (${conflict.kind}, ${conflict.scope})`,
    );
    expect(clashes).toEqual([]);
  });

  it('list the payments and batch screens\' own keys, so the cheat sheet and the palette show them marked "on its screen"', () => {
    const shown = (id: string) => {
      const command = ALL_COMMANDS.find((each) => each.id === id);
      return command === undefined ? null : [shownKeys(command, {}).join(' / '), screenKeyNote(command, {})];
    };
    expect(
      Object.fromEntries(
        [
          // Payment batches list and detail.
          'batches.newPaymentBatch',
          'batches.reassignPaymentBatch',
          'batches.deletePaymentBatch',
          'batches.openPaymentBatch',
          'batches.reverseLedgerPosting',
          // Charge and document batches, lists and details.
          'batches.newChargeBatch',
          'batches.editChargeBatch',
          'batches.newDocumentBatch',
          'batches.editDocumentBatch',
          // Payment reconciliation.
          'batches.reconcileDeposit',
          // Advance payments.
          'payments.addAdvancePayment',
          'payments.applyAdvancePayment',
          'payments.refundAdvancePayment',
          'payments.reverseAdvancePayment',
          'payments.changeAdvancePaymentDos',
        ].map((id) => [id, shown(id)]),
      ),
    ).toEqual({
      'batches.newPaymentBatch': ['n', 'on its screen'],
      'batches.reassignPaymentBatch': ['r', 'on its screen'],
      'batches.deletePaymentBatch': ['Delete', 'on its screen'],
      'batches.openPaymentBatch': ['Enter', 'on its screen'],
      'batches.reverseLedgerPosting': ['x', 'on its screen'],
      'batches.newChargeBatch': ['n', 'on its screen'],
      'batches.editChargeBatch': ['e', 'on its screen'],
      'batches.newDocumentBatch': ['n', 'on its screen'],
      'batches.editDocumentBatch': ['e', 'on its screen'],
      'batches.reconcileDeposit': ['r', 'on its screen'],
      'payments.addAdvancePayment': ['n', 'on its screen'],
      'payments.applyAdvancePayment': ['Alt+Shift+a / a', 'A on its screen'],
      'payments.refundAdvancePayment': ['r', 'on its screen'],
      'payments.reverseAdvancePayment': ['v', 'on its screen'],
      'payments.changeAdvancePaymentDos': ['d', 'on its screen'],
    });
  });

  it('keep the navigation keys the billers learn first', () => {
    const key = (id: string) => ALL_COMMANDS.find((command) => command.id === id)?.shortcut;
    expect([
      key('nav.goToClaims'),
      key('nav.goToEra'),
      key('nav.goToPatients'),
      key('console.openPalette'),
      key('console.showShortcuts'),
    ]).toEqual(['g c', 'g e', 'g p', '$mod+k', '?']);
  });
});
