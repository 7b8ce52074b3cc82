import { describe, expect, it } from 'vitest';
import { SHOWN_AVAILABLE, rankCommands, reasonsIn } from './ranking.ts';
import type { Command, CommandContext } from './types.ts';

const ctx: CommandContext = {
  route: '/app/all-claims',
  scopes: ['global'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['CLAIMS']),
  source: 'palette',
};

const command = (id: string, title: string, extra: Partial<Command> = {}): Command => ({
  id,
  title,
  group: 'Test',
  run: () => undefined,
  ...extra,
});

const commands = [
  command('nav.claims', 'Go to claims'),
  command('claims.note', 'Add note to selected claims', { when: (c) => c.selection.ids.length > 0 }),
  command('nav.era', 'Go to ERA', { disabledReason: () => 'The ERA screen is not in your menu.' }),
  command('export', 'Export claims', { keywords: ['csv', 'spreadsheet'] }),
  command('pay', 'Post payment', { privilege: 'PAYMENTS' }),
];

function rank(query: string, recent: string[] = []) {
  const ranked = rankCommands(commands, reasonsIn(commands, ctx), query, recent);
  return {
    available: ranked.available.map((entry) => entry.command.id),
    unavailable: ranked.unavailable.map((entry) => [entry.command.id, entry.reason]),
  };
}

describe('rankCommands', () => {
  it('lists what can run first, recent runs first, then the rest with their reasons', () => {
    expect(rank('', ['export'])).toEqual({
      available: ['export', 'nav.claims'],
      unavailable: [
        ['claims.note', 'Add note to selected claims does not apply here.'],
        ['nav.era', 'The ERA screen is not in your menu.'],
        ['pay', 'Your role does not include the Payments module.'],
      ],
    });
  });

  it('matches loosely on title and keywords', () => {
    expect(rank('gtc').available).toEqual(['nav.claims']);
    expect(rank('spreadsheet').available).toEqual(['export']);
    expect(rank('era').unavailable.map(([id]) => id)).toContain('nav.era');
    expect(rank('zzzz')).toEqual({ available: [], unavailable: [] });
  });

  it('draws a bounded number of rows and counts the rest', () => {
    const many = Array.from({ length: 500 }, (_, index) => command(`bulk.${index}`, `Bulk action ${index}`));
    const ranked = rankCommands(many, reasonsIn(many, ctx), '', []);
    expect(ranked.available).toHaveLength(SHOWN_AVAILABLE);
    expect(ranked.hidden).toBe(500 - SHOWN_AVAILABLE);
  });
});

describe('rankCommands with scattered letters', () => {
  it('leaves out weak matches when a real one exists', () => {
    const list = [
      command('nav.era', 'Go to ERA'),
      command('palette', 'Open the command palette'),
      command('signout', 'Sign out', { group: 'General' }),
    ];
    const ranked = rankCommands(list, reasonsIn(list, ctx), 'era', []);
    expect(ranked.available.map((entry) => entry.command.id)).toEqual(['nav.era']);
  });
});

describe('rankCommands in the context of a selection', () => {
  const withClaims: CommandContext = { ...ctx, selection: { recordType: 'claim', ids: [4, 5], allMatching: null } };
  const claimsPicked = (c: CommandContext) => c.selection.recordType === 'claim' && c.selection.ids.length > 0;
  // Registered first, as the payments commands are: a tie on the text alone kept it on top.
  const list = [
    command('batches.reassign', 'Reassign payment batch…', {
      keywords: ['batch', 'payment batch', 'reassign', 'assign'],
    }),
    command('claims.reassign', 'Reassign claims…', { keywords: ['assign', 'reassign', 'owner'], when: claimsPicked }),
    command('claims.export', 'Export claims', { keywords: ['csv'] }),
  ];
  const order = (query: string, context = withClaims, recent: string[] = []) =>
    rankCommands(list, reasonsIn(list, context), query, recent).available.map((entry) => entry.command.id);

  it('puts the command made for the selected claims before one that runs anywhere when the texts match as well', () => {
    expect(order('reassign')).toEqual(['claims.reassign', 'batches.reassign']);
    expect(order('assign')).toEqual(['claims.reassign', 'batches.reassign']);
  });

  it('keeps a clearly better match first', () => {
    expect(order('reassign pay')).toEqual(['batches.reassign']);
    expect(order('payment batch')[0]).toBe('batches.reassign');
  });

  it('ranks by the text alone where the command does not apply, and by recent use when nothing is typed', () => {
    expect(order('reassign', ctx)).toEqual(['batches.reassign']);
    expect(order('', withClaims, ['batches.reassign'])).toEqual([
      'batches.reassign',
      'claims.reassign',
      'claims.export',
    ]);
  });
});
