import type { LayoutDeclaration } from './types.ts';

/** One patient at a time: who they are and what they owe, their claims, and their whole ledger. */
export const patientLedger: LayoutDeclaration = {
  id: 'patient-ledger',
  title: 'Patient | Claims | Ledger',
  description: "A patient's details, their claims, and their ledger with the selected claim's rows marked.",
  keywords: ['patient', 'account', 'ledger', 'balance', 'statement'],
  shortcut: '$mod+Alt+3',
  panes: [
    { id: 'patient', title: 'Patient', view: 'patient', defaultSize: '26%', minSize: '18%' },
    {
      id: 'claims',
      title: 'Claims',
      view: 'claimList',
      links: { patient: 'patient' },
      defaultSize: '40%',
      minSize: '20%',
    },
    {
      id: 'ledger',
      title: 'Ledger',
      view: 'patientLedger',
      links: { patient: 'patient', claim: 'claims' },
      defaultSize: '34%',
      minSize: '18%',
    },
  ],
};
