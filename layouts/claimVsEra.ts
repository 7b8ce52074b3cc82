import type { LayoutDeclaration } from './types.ts';

/**
 * Claim vs ERA: the selected claim's lines as billed beside the same lines as the payer answered
 * them, one row per charge line in both panes so they read across; lines the payer did not settle
 * are highlighted on both sides. It opens on the claim the biller is on (open, under the cursor or
 * picked), not on the top of the list.
 */
export const claimVsEra: LayoutDeclaration = {
  id: 'claim-vs-era',
  title: 'Claim vs ERA',
  description: 'What was billed beside what the payer paid and adjusted, line by line.',
  keywords: ['compare', 'remittance', 'era', 'billed', 'paid', 'adjusted', 'side by side'],
  shortcut: '$mod+Alt+2',
  opensOnClaimsInFocus: true,
  panes: [
    { id: 'claims', title: 'Claims', view: 'claimList', defaultSize: '30%', minSize: '18%' },
    {
      id: 'billed',
      title: 'Billed',
      view: 'billedLines',
      links: { claim: 'claims', chargeLine: 'remitted' },
      defaultSize: '33%',
      minSize: '20%',
    },
    {
      id: 'remitted',
      title: 'ERA: paid and adjusted',
      view: 'remittedLines',
      links: { claim: 'claims', chargeLine: 'billed' },
      defaultSize: '37%',
      minSize: '20%',
    },
  ],
};
