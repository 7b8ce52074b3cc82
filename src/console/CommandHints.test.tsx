import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KeyHints } from '../ui/KeyHints.tsx';
import { resolveHints } from './CommandHints.tsx';
import type { Command } from './types.ts';

const command = (id: string, keys: Pick<Command, 'shortcut' | 'screenKey'>): Command => ({
  id,
  title: id,
  group: 'Test',
  run: () => undefined,
  ...keys,
});
const commands = [
  command('batch.new', { screenKey: 'n' }),
  command('batch.delete', { screenKey: 'Delete' }),
  command('file.download', { shortcut: 'Alt+d' }),
  command('advance.apply', { shortcut: 'Alt+Shift+a', screenKey: 'a' }),
];

describe('the key hints of a screen', () => {
  it('show a command by the key its screen reads, else by its binding in force', () => {
    const hints = resolveHints(
      [
        { keys: ['↑', '↓'], label: 'batch' },
        { command: 'batch.new', label: 'new batch' },
        { command: 'batch.delete', label: 'delete' },
        { command: 'file.download', label: 'download the file' },
        { command: 'advance.apply', label: 'apply' },
      ],
      commands,
      {},
    );
    expect(hints).toEqual([
      { keys: ['↑', '↓'], label: 'batch' },
      { keys: ['N'], label: 'new batch' },
      { keys: ['Del'], label: 'delete' },
      { keys: ['Alt+D'], label: 'download the file' },
      { keys: ['A'], label: 'apply' },
    ]);
  });

  it('show a rebound key as rebound, and leave out a command without a key or not registered', () => {
    expect(
      resolveHints([{ command: 'file.download', label: 'download' }], commands, { 'file.download': 'g f' }),
    ).toEqual([{ keys: ['G', 'F'], label: 'download' }]);
    expect(
      resolveHints(
        [
          { command: 'file.download', label: 'download' },
          { command: 'nowhere', label: 'x' },
        ],
        commands,
        { 'file.download': null },
      ),
    ).toEqual([]);
  });

  it('read as keys then words, one hint after another', () => {
    const html = renderToStaticMarkup(
      <KeyHints
        hints={[
          { keys: ['↑', '↓'], label: 'batch' },
          { keys: ['N'], label: 'new batch' },
        ]}
      />,
    );
    expect(html).toBe('<span class="key-hints muted"><kbd>↑</kbd><kbd>↓</kbd> batch <kbd>N</kbd> new batch</span>');
    expect(renderToStaticMarkup(<KeyHints hints={[]} />)).toBe('');
  });
});
