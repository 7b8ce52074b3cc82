import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { INSURANCE_TYPES, type InsuranceRow } from '../../../contract/payerAdmin.ts';
import { INSURANCE_FIELDS } from '../../../commands/organisation/insurances.ts';
import { getInsuranceProfiles } from '../../api/organisation.ts';
import { goTo } from '../../routing/navigation.ts';
import { INSURANCE } from '../../routing/paths.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { activeText } from './organisationText.ts';
import { recordFieldsScreen } from './recordFields.ts';

const typeName = (insurance: InsuranceRow) =>
  INSURANCE_TYPES.find((type) => type.code === insurance.insuranceType)?.name ?? insurance.insuranceType;

const COLUMNS: readonly RowColumn<InsuranceRow>[] = [
  { id: 'name', title: 'Payer', render: (insurance) => insurance.name },
  { id: 'payerID', title: 'Payer ID', render: (insurance) => insurance.payerID || '—' },
  { id: 'eligibility', title: 'Eligibility ID', render: (insurance) => insurance.eligibilityPayerID ?? '—' },
  { id: 'house', title: 'Clearing house', render: (insurance) => insurance.clearingHouse ?? '—' },
  { id: 'type', title: 'Type', render: typeName },
  { id: 'format', title: 'Format', render: (insurance) => insurance.claimFormat },
  { id: 'filing', title: 'Timely filing', align: 'right', render: (insurance) => `${insurance.timelyFilingDays} d` },
  { id: 'owner', title: 'Client', render: (insurance) => insurance.groupName ?? 'Every client' },
  { id: 'status', title: 'Status', render: (insurance) => activeText(insurance.active) },
];

/** /setting/insurances: N adds a payer, E edits, A (in)activates; Enter opens the payer. */
export const INSURANCES: ListScreenDescriptor<InsuranceRow, 'insurance'> = {
  title: 'Insurances',
  listTitle: 'Payers',
  rowName: 'payer',
  columns: COLUMNS,
  rowKey: (insurance) => insurance.insuranceID,
  read: async (signal) => {
    const rows = await getInsuranceProfiles({}, { signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { insurance: 'all' },
  target: {
    owner: 'insurances',
    kind: 'insurance',
    of: (insurance) => ({ kind: 'insurance', id: insurance.insuranceID, insurance }),
  },
  open: { hint: 'open', run: (insurance) => goTo(INSURANCE.path(insurance.insuranceID)) },
  commands: {
    add: { command: 'org.addInsurance', hint: 'new payer' },
    update: { command: 'org.editInsurance', hint: 'edit', forRow: () => ({}) },
    active: { command: 'org.toggleInsuranceActive', hint: 'active', forRow: () => ({}) },
  },
  empty: 'No payers yet. N adds one (“Add insurance (payer)…” in the palette, Ctrl+K).',
};

export function InsurancesPage() {
  return <ListScreen screen={INSURANCES} />;
}

/** /setting/insurances/[insurance_id]: the payer's fields; E or Enter changes the one under the cursor. */
export function InsurancePage() {
  const [path] = useLocation();
  const insuranceID = INSURANCE.idIn(path) ?? 0;
  const screen = useMemo(
    () =>
      recordFieldsScreen({
        title: 'Insurance',
        read: async (signal) => {
          const [insurance] = await getInsuranceProfiles({ insuranceID }, { signal, silent: true });
          if (!insurance) throw new Error('Not found.');
          return insurance;
        },
        facts: [
          { label: 'Client', show: (insurance: InsuranceRow) => insurance.groupName ?? 'Every client' },
          { label: 'Status', show: (insurance) => activeText(insurance.active) },
        ],
        fields: INSURANCE_FIELDS,
        watch: { insurance: [insuranceID] },
        owner: 'insurancePage',
        kind: 'insurance',
        of: (insurance) => ({ kind: 'insurance', id: insurance.insuranceID, insurance }),
        edit: 'org.editInsurance',
        active: 'org.toggleInsuranceActive',
      }),
    [insuranceID],
  );
  return <ListScreen key={insuranceID} screen={screen} />;
}
