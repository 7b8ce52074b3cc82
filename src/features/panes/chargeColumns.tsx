import type { ChargeLine } from '../../../contract/claimDetail.ts';
import { formatDateRange } from '../../ui/format.ts';
import { procedureText } from './billingText.ts';
import { Money } from './Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';

/** The charge line columns the Charges pane and the claim detail share. */
export const CHARGE_COLUMNS: readonly RowColumn<ChargeLine>[] = [
  { id: 'line', title: '#', align: 'right', render: (line) => line.lineNumber },
  { id: 'dos', title: 'DOS', render: (line) => formatDateRange(line.dosFrom, line.dosTo) },
  { id: 'cpt', title: 'CPT-Mod', render: (line) => procedureText(line.cptCode, line.modifiers) },
  { id: 'units', title: 'Units', align: 'right', render: (line) => line.units },
  { id: 'dx', title: 'DX ptr', render: (line) => line.diagnosisPointers.join(',') },
  { id: 'charge', title: 'Charge', align: 'right', render: (line) => <Money cents={line.charge} /> },
  { id: 'paid', title: 'Paid', align: 'right', render: (line) => <Money cents={line.paid} /> },
  { id: 'adjusted', title: 'Adjusted', align: 'right', render: (line) => <Money cents={line.adjusted} /> },
  { id: 'balance', title: 'Balance', align: 'right', render: (line) => <Money cents={line.balance} /> },
  { id: 'status', title: 'Status', render: (line) => line.status },
];
