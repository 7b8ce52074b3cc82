import type { FacilityRow, PracticeRow } from '../../../contract/organisation.ts';
import { getFacilityProfiles, getPracticeProfiles } from '../../api/organisation.ts';
import { runCommand } from '../../console/registry.ts';
import { goTo } from '../../routing/navigation.ts';
import { PRACTICE_FACILITIES } from '../../routing/paths.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { activeText } from './organisationText.ts';

const PRACTICE_COLUMNS: readonly RowColumn<PracticeRow>[] = [
  { id: 'name', title: 'Practice', render: (practice) => practice.name },
  { id: 'group', title: 'Group', render: (practice) => practice.groupName },
  { id: 'npi', title: 'Billing NPI', render: (practice) => practice.npi },
  { id: 'taxID', title: 'Tax ID', render: (practice) => practice.taxID },
  { id: 'taxonomy', title: 'Taxonomy', render: (practice) => practice.taxonomyCode ?? '—' },
  { id: 'city', title: 'Billing address', render: (practice) => `${practice.city}, ${practice.state} ${practice.zip}` },
  { id: 'facilities', title: 'Facilities', align: 'right', render: (practice) => practice.facilities },
  { id: 'status', title: 'Status', render: (practice) => activeText(practice.active) },
];

/** The practices of one group (its own screen), or of every group of the data role. */
export function practicesScreen(groupID: number | null, title: string): ListScreenDescriptor<PracticeRow, 'practice'> {
  return {
    title,
    listTitle: 'Practices',
    rowName: 'practice',
    columns: groupID === null ? PRACTICE_COLUMNS : PRACTICE_COLUMNS.filter((column) => column.id !== 'group'),
    rowKey: (practice) => practice.practiceID,
    read: async (signal) => {
      const rows = await getPracticeProfiles(groupID === null ? {} : { groupID }, { signal, silent: true });
      return { count: rows.length, rows };
    },
    watch: { practice: 'all', facility: 'all' },
    target: {
      owner: 'practices',
      kind: 'practice',
      of: (practice) => ({ kind: 'practice', id: practice.practiceID, practice }),
    },
    open: { hint: 'facilities', run: (practice) => goTo(PRACTICE_FACILITIES.path(practice.practiceID)) },
    commands: {
      add: { command: 'org.addPractice', hint: 'new practice' },
      update: { command: 'org.editPractice', hint: 'edit', forRow: () => ({}) },
      active: { command: 'org.togglePracticeActive', hint: 'active', forRow: () => ({}) },
    },
    empty: 'No practices yet. N adds one (“Add practice…” in the palette, Ctrl+K).',
  };
}

const FACILITY_COLUMNS: readonly RowColumn<FacilityRow>[] = [
  { id: 'name', title: 'Facility', render: (facility) => facility.name },
  { id: 'practice', title: 'Practice', render: (facility) => facility.practiceName },
  {
    id: 'pos',
    title: 'Place of service',
    render: (facility) => `${facility.posCode ?? ''} ${facility.posName ?? ''}`.trim() || '—',
  },
  { id: 'billType', title: 'Type of bill', render: (facility) => facility.billType ?? '—' },
  { id: 'npi', title: 'NPI', render: (facility) => facility.npi ?? '—' },
  {
    id: 'address',
    title: 'Address',
    render: (facility) => `${facility.address1}, ${facility.city}, ${facility.state} ${facility.zip}`,
  },
  { id: 'status', title: 'Status', render: (facility) => activeText(facility.active) },
];

/** The facilities of one practice, or of every practice of the data role. */
export function facilitiesScreen(
  practiceID: number | null,
  title: string,
): ListScreenDescriptor<FacilityRow, 'facility'> {
  return {
    title,
    listTitle: 'Facilities',
    rowName: 'facility',
    columns: practiceID === null ? FACILITY_COLUMNS : FACILITY_COLUMNS.filter((column) => column.id !== 'practice'),
    rowKey: (facility) => facility.facilityID,
    read: async (signal) => {
      const rows = await getFacilityProfiles(practiceID === null ? {} : { practiceID }, { signal, silent: true });
      return { count: rows.length, rows };
    },
    watch: { facility: 'all' },
    target: {
      owner: 'facilities',
      kind: 'facility',
      of: (facility) => ({ kind: 'facility', id: facility.facilityID, facility }),
    },
    open: { hint: 'edit', run: () => void runCommand('org.editFacility', 'hotkey') },
    commands: {
      add: { command: 'org.addFacility', hint: 'new facility' },
      update: { command: 'org.editFacility', hint: 'edit', forRow: () => ({}) },
      active: { command: 'org.toggleFacilityActive', hint: 'active', forRow: () => ({}) },
    },
    empty: 'No facilities yet. N adds one (“Add facility…” in the palette, Ctrl+K).',
  };
}
