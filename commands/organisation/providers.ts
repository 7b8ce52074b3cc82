/**
 * Providers by keyboard. "Add provider…" starts from the NPI: its check digit is read as it is
 * typed, then the public NPI registry is asked, and its entry (name, credential, taxonomy) can be
 * taken as it is; when the registry cannot be reached the step says so in one line and the
 * details are typed. Edit, activate or inactivate act on the provider under the cursor or open.
 */
import { npiMessage, taxonomyProblem } from '../../contract/identifierRules.ts';
import type { NpiEntry, ProviderRow } from '../../contract/providerAdmin.ts';
import {
  addProvider,
  getGroupChoices,
  lookUpNpi,
  setProviderActive,
  updateProvider,
} from '../../src/api/organisation.ts';
import type { Command, CommandChoice, CommandStep } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { PROVIDER, PROVIDERS_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { announce, background, text } from './announce.ts';
import { changeOf, fieldSteps, optional, type EditableField } from './fieldEdit.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_PROVIDER_FAILED = 'The provider was not saved.';

const currentProvider = (): ProviderRow | null => targetOf('provider')?.provider ?? null;
const noProvider = () => (currentProvider() === null ? 'Open Providers and put the cursor on a provider.' : null);

type ProviderChange = Partial<ProviderRow>;

const ROLE_CHOICES = [
  { value: 'rendering', label: 'Rendering', hint: 'sees the patients the claims bill for' },
  { value: 'rendering,supervising', label: 'Rendering and supervising' },
  { value: 'referring', label: 'Referring only', hint: 'named on claims as who sent the patient' },
  { value: 'supervising', label: 'Supervising only' },
  { value: 'rendering,referring,supervising', label: 'Rendering, referring and supervising' },
] as const;

function rolesOf(value: string) {
  const roles = value.split(',');
  return {
    isRendering: roles.includes('rendering'),
    isReferring: roles.includes('referring'),
    isSupervising: roles.includes('supervising'),
  };
}

function rolesText(provider: Pick<ProviderRow, 'isRendering' | 'isReferring' | 'isSupervising'>): string {
  return [
    provider.isRendering ? 'rendering' : null,
    provider.isReferring ? 'referring' : null,
    provider.isSupervising ? 'supervising' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** "Last, First" (or an organisation's name) as typed. */
function namesOf(typed: string, organization: boolean) {
  if (organization) return { firstName: null, lastName: typed };
  const [last = '', first = ''] = typed.split(',').map((part) => part.trim());
  return { lastName: last, firstName: first };
}

export const PROVIDER_FIELDS: readonly EditableField<ProviderRow, ProviderChange>[] = [
  {
    key: 'name',
    label: 'Name (Last, First)',
    show: (p) => p.name,
    read: (typed, p) => {
      const names = namesOf(typed, p.providerType === 'organization');
      return names.lastName === '' || (p.providerType === 'individual' && names.firstName === '')
        ? 'Type the name as Last, First.'
        : names;
    },
  },
  {
    key: 'credential',
    label: 'Credential',
    show: (p) => p.credential ?? '',
    read: (typed) => ({ credential: optional(typed) }),
  },
  {
    key: 'npi',
    label: 'NPI',
    show: (p) => p.npi,
    read: (typed, p) => npiMessage(typed, 'The NPI', p.providerType) ?? { npi: typed },
  },
  {
    key: 'taxonomyCode',
    label: 'Taxonomy code',
    show: (p) => p.taxonomyCode ?? '',
    read: (typed) =>
      typed === '' ? { taxonomyCode: null } : (taxonomyProblem(typed) ?? { taxonomyCode: typed.toUpperCase() }),
  },
  {
    key: 'roles',
    label: 'Roles (rendering, referring, supervising)',
    show: rolesText,
    read: (typed) => {
      const roles = rolesOf(typed.toLowerCase().replace(/\s+/g, ''));
      return roles.isRendering || roles.isReferring || roles.isSupervising
        ? roles
        : 'Type one or more of rendering, referring, supervising, separated by commas.';
    },
  },
  { key: 'email', label: 'E-mail', show: (p) => p.email ?? '', read: (typed) => ({ email: optional(typed) }) },
];

function providerRequest(provider: ProviderRow, change: ProviderChange) {
  const p = { ...provider, ...change };
  return {
    providerID: provider.providerID,
    groupID: p.groupID,
    practiceID: p.practiceID,
    providerType: p.providerType,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    credential: p.credential,
    npi: p.npi,
    taxonomyCode: p.taxonomyCode,
    email: p.email,
    isRendering: p.isRendering,
    isReferring: p.isReferring,
    isSupervising: p.isSupervising,
  };
}

/** What the registry says of an NPI, kept between the steps of one run. */
const looked = new Map<string, NpiEntry | null>();

function entryLabel(entry: NpiEntry): string {
  const name =
    entry.providerType === 'organization'
      ? (entry.organizationName ?? '')
      : `${entry.lastName ?? ''}, ${entry.firstName ?? ''}${entry.credential ? ` ${entry.credential}` : ''}`;
  return `${name} · ${entry.taxonomyCode ?? 'no taxonomy'} ${entry.taxonomyDescription ?? ''}`.trim();
}

const registryStep: CommandStep = {
  key: 'fromRegistry',
  kind: 'choice',
  title: 'From the NPI registry',
  choices: async (_ctx, answers): Promise<CommandChoice[]> => {
    const npi = text(answers.npi);
    const typeIt = { value: 'type', label: 'Type the details myself' };
    try {
      const reply = await lookUpNpi(npi, background);
      looked.set(npi, reply.entry);
      if (reply.entry === null) return [{ ...typeIt, hint: reply.message ?? undefined }];
      const where = [reply.entry.city, reply.entry.state].filter(Boolean).join(', ');
      return [{ value: 'registry', label: `Use ${entryLabel(reply.entry)}`, hint: where || undefined }, typeIt];
    } catch {
      looked.set(npi, null);
      return [{ ...typeIt, hint: 'The NPI registry could not be reached.' }];
    }
  },
};

const addProviderCommand: Command = {
  id: 'org.addProvider',
  title: 'Add provider…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['provider', 'doctor', 'physician', 'npi', 'rendering', 'referring', 'supervising', 'onboard'],
  privilege: 'ADMIN_PROVIDERS',
  steps: [
    {
      key: 'groupID',
      kind: 'choice',
      title: 'Group (client)',
      choices: async () =>
        (await getGroupChoices(background))
          .filter((group) => group.active)
          .map((group) => ({ value: String(group.groupID), label: group.name })),
    },
    {
      key: 'npi',
      kind: 'text',
      title: 'NPI (10 digits; a person’s starts with 1, an organization’s with 2)',
      validate: (value) => npiMessage(value.trim(), 'The NPI'),
    },
    registryStep,
    {
      key: 'name',
      kind: 'text',
      title: 'Name as Last, First (an organization: its name); Enter alone keeps the registry’s',
    },
    {
      key: 'taxonomyCode',
      kind: 'text',
      title: 'Taxonomy code (e.g. 207Q00000X); Enter alone keeps the registry’s',
      validate: (value) => (value.trim() === '' ? null : taxonomyProblem(value)),
    },
    { key: 'roles', kind: 'choice', title: 'Roles on claims', choices: () => [...ROLE_CHOICES] },
    { key: 'email', kind: 'text', title: 'E-mail (Enter alone for none)' },
  ],
  run: async (ctx, args) => {
    const npi = text(args.npi);
    const entry = args.fromRegistry === 'registry' ? (looked.get(npi) ?? null) : null;
    const organization = npi.startsWith('2');
    const typed = text(args.name);
    const names =
      typed !== ''
        ? namesOf(typed, organization)
        : entry === null
          ? null
          : organization
            ? { firstName: null, lastName: entry.organizationName ?? '' }
            : { firstName: entry.firstName, lastName: entry.lastName ?? '' };
    const provider = {
      groupID: Number(args.groupID),
      providerType: organization ? ('organization' as const) : ('individual' as const),
      firstName: names?.firstName ?? null,
      middleName: entry?.middleName ?? null,
      lastName: names?.lastName ?? '',
      credential: entry?.credential?.replace(/\./g, '') ?? null,
      npi,
      taxonomyCode: optional(text(args.taxonomyCode)) ?? entry?.taxonomyCode ?? null,
      email: optional(text(args.email)),
      ...rolesOf(String(args.roles)),
    };
    const reply = await announce(
      SAVE_PROVIDER_FAILED,
      () => addProvider(provider, { source: ctx.source, silent: true }),
      [provider.lastName, provider.firstName].filter(Boolean).join(', '),
      'provider',
    );
    if (reply) goTo(PROVIDER.path(reply.pkid));
  },
};

const goToProviders: Command = {
  id: 'org.goToProviders',
  title: 'Go to providers',
  group: 'Navigation',
  keywords: ['providers', 'doctors', 'npi', 'administration'],
  privilege: 'ADMIN_PROVIDERS',
  disabledReason: (ctx) =>
    notInMenuReason(PROVIDERS_PATH, 'Providers') ??
    (ctx.route === PROVIDERS_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(PROVIDERS_PATH),
};

const editProvider: Command = {
  id: 'org.editProvider',
  title: 'Edit provider…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['provider', 'npi', 'taxonomy', 'credential', 'rendering', 'referring', 'supervising'],
  privilege: 'ADMIN_PROVIDERS',
  disabledReason: noProvider,
  steps: fieldSteps(PROVIDER_FIELDS, currentProvider),
  run: async (ctx, args) => {
    const provider = currentProvider();
    if (provider === null) return;
    const change = await changeOf(PROVIDER_FIELDS, provider, args);
    if (change === null) return;
    await announce(
      SAVE_PROVIDER_FAILED,
      () => updateProvider(providerRequest(provider, change), { source: ctx.source, silent: true }),
      provider.name,
      'provider',
      [provider.providerID],
    );
  },
};

const toggleProvider = activeToggleCommand({
  id: 'org.toggleProviderActive',
  title: 'Activate / inactivate provider…',
  group: 'Administration',
  keywords: ['provider', 'inactivate', 'deactivate', 'activate', 'left the practice'],
  privilege: 'ADMIN_PROVIDERS',
  disabledReason: noProvider,
  current: currentProvider,
  active: (provider) => provider.active,
  name: (provider) => provider.name,
  meaning: () => ({ off: 'their claims stay; no new claim can name them', on: 'new claims can name them again' }),
  save: (provider, active, source) =>
    announce(
      SAVE_PROVIDER_FAILED,
      () => setProviderActive(provider.providerID, active, { source, silent: true }),
      provider.name,
      'provider',
      [provider.providerID],
    ),
});

export const providerCommands: readonly Command[] = [goToProviders, addProviderCommand, editProvider, toggleProvider];
