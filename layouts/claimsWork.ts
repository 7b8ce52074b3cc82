import type { LayoutDeclaration } from './types.ts';

/** Work a list: move through claims on the left, see the claim's charges and postings beside it. */
export const claimsWork: LayoutDeclaration = {
  id: 'claims-work',
  title: 'Claims | Charges | ERA postings',
  description: 'The claims list with the charges and postings of the claim under the cursor.',
  keywords: ['claims', 'charges', 'postings', 'era', 'work list'],
  shortcut: '$mod+Alt+1',
  panes: [
    { id: 'claims', title: 'Claims', view: 'claimList', defaultSize: '46%', minSize: '20%' },
    {
      id: 'charges',
      title: 'Charges',
      view: 'charges',
      links: { claim: 'claims' },
      defaultSize: '27%',
      minSize: '15%',
    },
    {
      id: 'postings',
      title: 'ERA postings',
      view: 'postings',
      links: { claim: 'claims' },
      defaultSize: '27%',
      minSize: '15%',
    },
  ],
};
