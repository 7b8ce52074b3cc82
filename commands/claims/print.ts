/** "Print claim form": the open claim on its paper form (CMS-1500 or UB-04) as a PDF download. */
import { fetchClaimFormOf } from '../../src/api/print.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { downloadFile } from '../../src/export/exportFile.ts';

const openClaimID = (ctx: CommandContext): number | null => (ctx.record?.type === 'claim' ? ctx.record.id : null);

const printClaimForm: Command = {
  id: 'claims.printForm',
  title: 'Print claim form',
  group: 'Claims',
  keywords: ['print', 'pdf', 'form', 'paper', 'cms-1500', 'cms1500', 'hcfa', 'ub-04', 'ub04', '1450'],
  shortcut: 'Alt+p',
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: (ctx) => (openClaimID(ctx) !== null ? null : 'Open a claim first.'),
  run: async (ctx) => {
    const claimID = openClaimID(ctx);
    if (claimID === null) return;
    downloadFile(await fetchClaimFormOf(claimID, { source: ctx.source }));
  },
};

export const printCommands: readonly Command[] = [printClaimForm];
