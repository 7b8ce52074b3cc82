import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { ProviderRow } from '../../../contract/providerAdmin.ts';
import { PROVIDER_FIELDS } from '../../../commands/organisation/providers.ts';
import { getProvider, getProviderProfiles } from '../../api/organisation.ts';
import { goTo } from '../../routing/navigation.ts';
import { PROVIDER } from '../../routing/paths.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { activeText } from './organisationText.ts';
import { recordFieldsScreen } from './recordFields.ts';

const roles = (provider: ProviderRow) =>
  [provider.isRendering && 'rendering', provider.isReferring && 'referring', provider.isSupervising && 'supervising']
    .filter(Boolean)
    .join(', ');

const COLUMNS: readonly RowColumn<ProviderRow>[] = [
  { id: 'name', title: 'Provider', render: (provider) => provider.name },
  {
    id: 'type',
    title: 'Type',
    render: (provider) => (provider.providerType === 'individual' ? 'Person' : 'Organization'),
  },
  { id: 'npi', title: 'NPI', render: (provider) => provider.npi },
  { id: 'taxonomy', title: 'Taxonomy', render: (provider) => provider.taxonomyCode ?? '—' },
  { id: 'roles', title: 'Roles', render: roles },
  { id: 'group', title: 'Group', render: (provider) => provider.groupName },
  { id: 'status', title: 'Status', render: (provider) => activeText(provider.active) },
];

/** /setting/providers: N adds one from its NPI, E edits, A (in)activates; Enter opens the provider. */
export const PROVIDERS: ListScreenDescriptor<ProviderRow, 'provider'> = {
  title: 'Providers',
  listTitle: 'Providers',
  rowName: 'provider',
  columns: COLUMNS,
  rowKey: (provider) => provider.providerID,
  read: async (signal) => {
    const rows = await getProviderProfiles({}, { signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { provider: 'all' },
  target: {
    owner: 'providers',
    kind: 'provider',
    of: (provider) => ({ kind: 'provider', id: provider.providerID, provider }),
  },
  open: { hint: 'open', run: (provider) => goTo(PROVIDER.path(provider.providerID)) },
  commands: {
    add: { command: 'org.addProvider', hint: 'new provider' },
    update: { command: 'org.editProvider', hint: 'edit', forRow: () => ({}) },
    active: { command: 'org.toggleProviderActive', hint: 'active', forRow: () => ({}) },
  },
  empty: 'No providers yet. N adds one from its NPI (“Add provider…” in the palette, Ctrl+K).',
};

export function ProvidersPage() {
  return <ListScreen screen={PROVIDERS} />;
}

/** /setting/providers/[provider_id]: the provider's fields; E or Enter changes the one under the cursor. */
export function ProviderPage() {
  const [path] = useLocation();
  const providerID = PROVIDER.idIn(path) ?? 0;
  const screen = useMemo(
    () =>
      recordFieldsScreen({
        title: 'Provider',
        read: (signal) => getProvider(providerID, { signal, silent: true }),
        facts: [
          { label: 'Group', show: (provider: ProviderRow) => provider.groupName },
          { label: 'Type', show: (provider) => (provider.providerType === 'individual' ? 'Person' : 'Organization') },
          { label: 'Status', show: (provider) => activeText(provider.active) },
        ],
        fields: PROVIDER_FIELDS,
        watch: { provider: [providerID] },
        owner: 'providerPage',
        kind: 'provider',
        of: (provider) => ({ kind: 'provider', id: provider.providerID, provider }),
        edit: 'org.editProvider',
        active: 'org.toggleProviderActive',
      }),
    [providerID],
  );
  return <ListScreen key={providerID} screen={screen} />;
}
