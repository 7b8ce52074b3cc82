import { describe, expect, it } from 'vitest';
import { ALL_COMMANDS } from '../../../commands/index.ts';
import { isScreenKey } from '../../console/shortcuts.ts';
import { listCommands } from '../lists/listScreen.ts';
import { CHARGE_BATCHES } from './ChargeBatchesPage.tsx';
import { DOCUMENT_BATCHES } from './DocumentBatchesPage.tsx';
import { PAYMENT_BATCHES } from './PaymentBatchesPage.tsx';

describe('the batch lists as descriptors', () => {
  const screens = [
    { title: PAYMENT_BATCHES.title, commands: listCommands(PAYMENT_BATCHES.commands) },
    { title: CHARGE_BATCHES.title, commands: listCommands(CHARGE_BATCHES.commands) },
    { title: DOCUMENT_BATCHES.title, commands: listCommands(DOCUMENT_BATCHES.commands) },
  ];

  it.each(screens)('$title: every command is registered with a key of its own on the screen', (screen) => {
    const keys = screen.commands.map((each) => {
      const command = ALL_COMMANDS.find((registered) => registered.id === each.command);
      expect(command, each.command).toBeDefined();
      expect(command?.screenKey, each.command).toBeDefined();
      return command?.screenKey ?? '';
    });
    for (const [index, key] of keys.entries())
      expect(keys.slice(index + 1).some((other) => isScreenKey(other, key))).toBe(false);
  });

  it('name the commands in the hints in the order add, update, active, then the others', () => {
    expect(listCommands(PAYMENT_BATCHES.commands).map((each) => each.hint)).toEqual([
      'new batch',
      'edit',
      'reassign',
      'delete',
    ]);
    expect(listCommands(CHARGE_BATCHES.commands).map((each) => each.hint)).toEqual(['new batch', 'edit / close']);
  });
});
