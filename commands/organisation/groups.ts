/**
 * Groups (clients) by keyboard: add one, change its name, tax ID, address, phone or e-mail,
 * activate or inactivate it, set its login page (sub-domain, title, colours) and upload its logo,
 * two images and favicon. On the Groups screen these act on the group under the cursor; on a
 * group's own screen, on that group.
 */
import { colourProblem, normalTaxId, subdomainProblem, taxIdProblem } from '../../contract/identifierRules.ts';
import type { BrandingFileKind, GroupRow } from '../../contract/organisation.ts';
import { chooseFile } from '../../src/files/chooseFile.ts';
import { addGroup, getGroupProfiles, saveBranding, setGroupActive, updateGroup } from '../../src/api/organisation.ts';
import { notify } from '../../src/toasts/notify.tsx';
import type { Command } from '../../src/console/types.ts';
import { BRANDING_ACCEPT, brandingUpload } from '../../src/features/organisation/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { GROUP, GROUPS_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { addressLine, addressLineProblem, parseAddress } from './addressText.ts';
import { announce, background, text } from './announce.ts';
import { changeOf, fieldSteps, optional, type EditableField } from './fieldEdit.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_GROUP_FAILED = 'The group was not saved.';

export const currentGroup = (): GroupRow | null => targetOf('group')?.group ?? null;
const noGroup = () => (currentGroup() === null ? 'Open Groups and put the cursor on a group.' : null);

type GroupChange = Partial<Omit<GroupRow, 'groupID' | 'active' | 'practices' | 'branding'>>;

function requestOf(group: GroupRow, change: GroupChange) {
  const merged = { ...group, ...change };
  return {
    groupID: group.groupID,
    name: merged.name,
    taxID: merged.taxID ?? '',
    address1: merged.address1,
    city: merged.city,
    state: merged.state,
    zip: merged.zip,
    phone: merged.phone,
    email: merged.email,
  };
}

export const GROUP_FIELDS: readonly EditableField<GroupRow, GroupChange>[] = [
  {
    key: 'name',
    label: 'Name',
    show: (group) => group.name,
    read: (typed) => (typed === '' ? 'Give the group a name.' : { name: typed }),
  },
  {
    key: 'taxID',
    label: 'Tax ID (EIN)',
    show: (group) => group.taxID ?? '',
    read: (typed) => taxIdProblem(typed) ?? { taxID: normalTaxId(typed) },
  },
  {
    key: 'address',
    label: 'Address',
    show: addressLine,
    read: (typed) => {
      if (typed === '') return { address1: null, city: null, state: null, zip: null };
      const problem = addressLineProblem(typed, 'mailing');
      const address = parseAddress(typed);
      return problem ?? (address === null ? 'Type the address.' : { ...address });
    },
  },
  { key: 'phone', label: 'Phone', show: (group) => group.phone ?? '', read: (typed) => ({ phone: optional(typed) }) },
  { key: 'email', label: 'E-mail', show: (group) => group.email ?? '', read: (typed) => ({ email: optional(typed) }) },
];

const goToGroups: Command = {
  id: 'org.goToGroups',
  title: 'Go to groups',
  group: 'Navigation',
  keywords: ['groups', 'clients', 'administration', 'onboard', 'branding', 'white label'],
  privilege: 'ADMIN_GROUPS',
  disabledReason: (ctx) =>
    notInMenuReason(GROUPS_PATH, 'Groups') ?? (ctx.route === GROUPS_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(GROUPS_PATH),
};

const addGroupCommand: Command = {
  id: 'org.addGroup',
  title: 'Add group (client)…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['group', 'client', 'new client', 'onboard', 'add group'],
  privilege: 'ADMIN_GROUPS',
  steps: [
    {
      key: 'name',
      kind: 'text',
      title: 'Group name (the client)',
      validate: (value) => (value.trim() === '' ? 'Give the group a name.' : null),
    },
    { key: 'taxID', kind: 'text', title: 'Tax ID (EIN, 12-3456789)', validate: taxIdProblem },
  ],
  run: async (ctx, args) => {
    const name = text(args.name);
    const reply = await announce(
      SAVE_GROUP_FAILED,
      () => addGroup({ name, taxID: text(args.taxID) }, { source: ctx.source, silent: true }),
      name,
      'group',
    );
    // The new client's screen, where its practices are added next.
    if (reply) goTo(GROUP.path(reply.pkid));
  },
};

const editGroup: Command = {
  id: 'org.editGroup',
  title: 'Edit group…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['group', 'client', 'rename', 'tax id', 'ein', 'address'],
  privilege: 'ADMIN_GROUPS',
  disabledReason: noGroup,
  steps: fieldSteps(GROUP_FIELDS, currentGroup),
  run: async (ctx, args) => {
    const group = currentGroup();
    if (group === null) return;
    const change = await changeOf(GROUP_FIELDS, group, args);
    if (change === null) return;
    await announce(
      SAVE_GROUP_FAILED,
      () => updateGroup(requestOf(group, change), { source: ctx.source, silent: true }),
      change.name ?? group.name,
      'group',
      [group.groupID],
    );
  },
};

const toggleGroup = activeToggleCommand({
  id: 'org.toggleGroupActive',
  title: 'Activate / inactivate group…',
  group: 'Administration',
  keywords: ['group', 'client', 'inactivate', 'deactivate', 'activate', 'offboard'],
  privilege: 'ADMIN_GROUPS',
  disabledReason: noGroup,
  current: currentGroup,
  active: (group) => group.active,
  name: (group) => group.name,
  meaning: () => ({
    off: 'its claims stay; no new claim can be billed under it',
    on: 'new claims can be billed under it again',
  }),
  save: (group, active, source) =>
    announce(
      SAVE_GROUP_FAILED,
      () => setGroupActive(group.groupID, active, { source, silent: true }),
      group.name,
      'group',
      [group.groupID],
    ),
});

const colour = (which: string) => (value: string) => colourProblem(value, which);

const setBranding: Command = {
  id: 'org.setBranding',
  title: 'Set group login page (sub-domain, title, colours)…',
  screenKey: 'b',
  group: 'Administration',
  keywords: ['branding', 'white label', 'login page', 'sub-domain', 'subdomain', 'colours', 'colors', 'title'],
  privilege: 'ADMIN_GROUPS',
  disabledReason: noGroup,
  steps: [
    {
      key: 'subdomain',
      kind: 'text',
      title: 'Sub-domain (lakeside in lakeside.example.com)',
      validate: subdomainProblem,
    },
    {
      key: 'title',
      kind: 'text',
      title: 'Title on the login page',
      validate: (value) => (value.trim() ? null : 'Give a title.'),
    },
    { key: 'primaryColor', kind: 'text', title: 'Primary colour (#RRGGBB)', validate: colour('primary') },
    { key: 'secondaryColor', kind: 'text', title: 'Background colour (#RRGGBB)', validate: colour('secondary') },
  ],
  run: async (ctx, args) => {
    const group = currentGroup();
    if (group === null) return;
    const subdomain = text(args.subdomain).toLowerCase();
    await announce(
      SAVE_GROUP_FAILED,
      () =>
        saveBranding(
          {
            groupID: group.groupID,
            subdomain,
            title: text(args.title),
            primaryColor: text(args.primaryColor),
            secondaryColor: text(args.secondaryColor),
          },
          { source: ctx.source, silent: true },
        ),
      `${group.name} signs in at ${subdomain}.`,
      'group',
      [group.groupID],
    );
  },
};

const FILE_CHOICES: readonly { value: BrandingFileKind; label: string; hint: string }[] = [
  { value: 'logo', label: 'Logo', hint: 'PNG, JPEG, WebP or GIF, at most 1 MB' },
  { value: 'image1', label: 'Image 1 (beside the sign-in card)', hint: 'at most 1 MB' },
  { value: 'image2', label: 'Image 2 (under image 1)', hint: 'at most 1 MB' },
  { value: 'favicon', label: 'Favicon (browser tab icon)', hint: 'PNG or ICO, at most 100 KB' },
];

const uploadBrandingFile: Command = {
  id: 'org.uploadBrandingFile',
  title: 'Upload group logo, images or favicon…',
  screenKey: 'u',
  group: 'Administration',
  keywords: ['branding', 'logo', 'image', 'favicon', 'upload', 'white label', 'login page'],
  privilege: 'ADMIN_GROUPS',
  disabledReason: noGroup,
  steps: [
    {
      key: 'kind',
      kind: 'choice',
      title: 'Which file (then pick it)',
      choices: () => {
        const branding = currentGroup()?.branding;
        return [
          ...FILE_CHOICES.map((choice) => ({
            ...choice,
            hint: `${branding?.[`${choice.value}Name`] ?? 'none yet'} · ${choice.hint}`,
          })),
          ...FILE_CHOICES.filter((choice) => branding?.[choice.value]).map((choice) => ({
            value: `remove:${choice.value}`,
            label: `Remove the ${choice.label.split(' (')[0]?.toLowerCase()}`,
          })),
        ];
      },
    },
  ],
  run: async (ctx, args) => {
    const shown = currentGroup();
    if (shown === null) return;
    // Read again: the login page may have been set a moment ago, after the screen read the group.
    const [group] = await getGroupProfiles({ groupID: shown.groupID }, background);
    const branding = group?.branding;
    if (!group || !branding) {
      notify.error('Set the group’s login page first (B: sub-domain, title, colours).', 'No file was uploaded.');
      return;
    }
    const asked = String(args.kind);
    const removing = asked.startsWith('remove:');
    const kind = (removing ? asked.slice('remove:'.length) : asked) as BrandingFileKind;
    let upload = null;
    if (!removing) {
      const file = await chooseFile(BRANDING_ACCEPT);
      if (file === null) return;
      upload = await brandingUpload(file);
    }
    const { subdomain, title, primaryColor, secondaryColor } = branding;
    await announce(
      SAVE_GROUP_FAILED,
      () =>
        saveBranding(
          { groupID: group.groupID, subdomain, title, primaryColor, secondaryColor, [kind]: upload },
          { source: ctx.source, silent: true },
        ),
      removing ? `${kind} removed` : `${upload?.fileName ?? ''} is the ${kind} of ${subdomain}`,
      'group',
      [group.groupID],
    );
  },
};

export const groupCommands: readonly Command[] = [
  goToGroups,
  addGroupCommand,
  editGroup,
  toggleGroup,
  setBranding,
  uploadBrandingFile,
];
