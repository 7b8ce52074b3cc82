/**
 * The ERA screen's commands: upload an 835 file (the browser's file picker; a group step only
 * when the biller's data role has several groups), delete an unposted check after a confirm
 * step, and which checks the screen lists. Its keys (U, Delete) run these same commands.
 */
import { MAX_ERA_FILE_BYTES, type EraProfileRow } from '../../contract/era.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { getPractices } from '../../src/api/crosswalks.ts';
import { deleteEraCheck, getEraProfile, getPostingValidation, postEraCheck, uploadEra } from '../../src/api/era.ts';
import { askSteps } from '../../src/console/paletteStore.ts';
import type { Command, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import {
  checkName,
  eraStatusShown,
  postedText,
  postingChoices,
  showEraStatus,
  uploadText,
  type EraStatusFilter,
} from '../../src/features/era/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { session } from '../../src/state/session.ts';
import { listsNone, targetOf, type EraCheckFacts } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { formatDate } from '../../src/ui/format.ts';
import { confirmDeleteChoices } from '../general/confirmDelete.ts';
import { ERA_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';
import { chooseFile } from '../../src/files/chooseFile.ts';

export const UPLOAD_ERA_FAILED = 'The ERA file was not uploaded.';
export const DELETE_ERA_FAILED = 'The ERA check was not deleted.';
export const POST_ERA_FAILED = 'The ERA check was not posted.';

const onScreen = (ctx: CommandContext) => ctx.route === ERA_PATH;
const inMenuReason = () => notInMenuReason(ERA_PATH, 'The ERA screen');
const onScreenReason = (ctx: CommandContext) =>
  inMenuReason() ?? (onScreen(ctx) ? null : 'Open the ERA screen first (g e).');

export interface EraGroup {
  groupID: number;
  groupName: string;
}

/** The groups of the practices the data role reaches, each once, by name. */
export function groupsOf(practices: readonly { groupID: number; groupName: string }[]): EraGroup[] {
  const groups = new Map<number, string>();
  for (const practice of practices) groups.set(practice.groupID, practice.groupName);
  return [...groups]
    .map(([groupID, groupName]) => ({ groupID, groupName }))
    .sort((a, b) => a.groupName.localeCompare(b.groupName));
}

/** The signed-in user's groups, asked once: the upload's group step depends on how many there are. */
let knownGroups: { userID: number; groups: EraGroup[] } | null = null;

async function userGroups(): Promise<EraGroup[]> {
  const userID = session.user?.userID ?? 0;
  if (knownGroups?.userID !== userID)
    knownGroups = { userID, groups: groupsOf((await getPractices({ silent: true, background: true })).practices) };
  return knownGroups.groups;
}

/** The server's reason for a refusal (a 400 names the segment and line, a 409 the earlier upload). */
export function failureText(thrown: unknown): string | undefined {
  if (thrown instanceof ApiError) return thrown.serverMessage ?? thrown.message;
  return thrown instanceof Error ? thrown.message : undefined;
}

const groupStep: CommandStep = {
  key: 'groupID',
  kind: 'choice',
  title: 'Group the payments are for (then pick the file)',
  choices: async () => (await userGroups()).map((group) => ({ value: String(group.groupID), label: group.groupName })),
};

const upload: Command = {
  id: 'era.upload',
  title: 'Upload ERA file…',
  screenKey: 'u',
  group: 'Payments',
  keywords: ['era', '835', 'remittance', 'upload', 'import', 'payments', 'eob'],
  privilege: 'PAYMENTS',
  disabledReason: inMenuReason,
  // Asked only once the groups are known to be several; run() finds that out on the first use.
  get steps() {
    return knownGroups !== null && knownGroups.groups.length > 1 ? [groupStep] : [];
  },
  run: async (ctx, args) => {
    const groups = await userGroups();
    if (groups.length > 1 && args.groupID === undefined) {
      askSteps('era.upload', ctx.source, {});
      return;
    }
    const groupID = args.groupID === undefined ? groups[0]?.groupID : Number(args.groupID);
    if (groupID === undefined) {
      notify.error(UPLOAD_ERA_FAILED, 'Your data role reaches no group to upload payments for.');
      return;
    }
    const file = await chooseFile('.835,.edi,.txt,.x12,.era,text/plain');
    if (file === null) return;
    if (file.size > MAX_ERA_FILE_BYTES) {
      notify.error(UPLOAD_ERA_FAILED, `${file.name} is larger than ${MAX_ERA_FILE_BYTES / 1024 / 1024} MB.`);
      return;
    }
    try {
      const reply = await uploadEra(
        { groupID, fileName: file.name, text: await file.text() },
        { source: ctx.source, silent: true },
      );
      notify.successWithDetail(reply.message, uploadText(reply));
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(UPLOAD_ERA_FAILED, failureText(thrown));
    }
    recordsChanged('eraCheck');
  },
};

/** The checks of the last choice list, so the confirm step and the toast can name the picked one. */
const listed = new Map<number, EraProfileRow>();

/** The check under a screen's cursor (the ERA screen's, or the ERA detail's cursor claim's: P there posts it), else as last listed. */
function knownCheck(eraCheckID: unknown): Pick<EraCheckFacts, 'traceNumber' | 'payerName' | 'totalPaid'> | undefined {
  const id = Number(eraCheckID);
  const cursorCheck = targetOf('eraCheck', (check) => check.id === id);
  if (cursorCheck !== null) return cursorCheck;
  const eraClaimCheck = targetOf('eraClaim', (claim) => claim.check.eraCheckID === id)?.check;
  return listed.get(id) ?? eraClaimCheck;
}

/** The check under the ERA screen's cursor, null off it. */
const cursorCheckID = () => targetOf('eraCheck')?.id ?? null;
/** On the ERA screen with no check listed, a command about a listed check has nothing to act on. */
const noCheckListedReason = (ctx: CommandContext) =>
  onScreen(ctx) && listsNone('eraCheck') ? 'No ERA checks are listed.' : null;

/** Unposted checks (a posted one cannot be deleted), the one under the screen's cursor first. */
export function deleteChoices(checks: readonly EraProfileRow[], cursorCheckID: number | null): CommandChoice[] {
  const unposted = checks.filter((check) => check.status !== 'posted');
  const ordered = [
    ...unposted.filter((check) => check.eraCheckID === cursorCheckID),
    ...unposted.filter((check) => check.eraCheckID !== cursorCheckID),
  ];
  return ordered.map((check) => ({
    value: String(check.eraCheckID),
    label: `${check.traceNumber} · ${check.payerName}`,
    hint: [
      check.checkDate === null ? '' : formatDate(check.checkDate),
      check.fileName,
      check.eraCheckID === cursorCheckID ? 'under the cursor' : '',
    ]
      .filter((part) => part !== '')
      .join(' · '),
  }));
}

const remove: Command = {
  id: 'era.deleteCheck',
  title: 'Delete ERA check…',
  screenKey: 'Delete',
  group: 'Payments',
  keywords: ['era', '835', 'remittance', 'check', 'delete', 'remove', 'undo upload'],
  privilege: 'PAYMENTS',
  disabledReason: (ctx) => inMenuReason() ?? noCheckListedReason(ctx),
  steps: [
    {
      key: 'eraCheckID',
      kind: 'choice',
      title: 'ERA check to delete (unposted)',
      choices: async () => {
        const checks = (await getEraProfile({ status: 'unposted', pageSize: 500 }, { silent: true, background: true }))
          .eraPaymentData;
        listed.clear();
        for (const check of checks) listed.set(check.eraCheckID, check);
        return deleteChoices(checks, cursorCheckID());
      },
    },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Delete it? Its claims and lines leave the ERA list.',
      choices: (_ctx, answers) => {
        const check = knownCheck(answers.eraCheckID);
        return confirmDeleteChoices(check === undefined ? null : checkName(check));
      },
    },
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'delete') return;
    const check = knownCheck(args.eraCheckID);
    try {
      const reply = await deleteEraCheck(Number(args.eraCheckID), { source: ctx.source, silent: true });
      notify.success(check === undefined ? reply.message : `${reply.message} ERA ${checkName(check)}.`);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(DELETE_ERA_FAILED, failureText(thrown));
    }
    recordsChanged('eraCheck', [Number(args.eraCheckID)]);
  },
};

const unpostedChecks = async () => {
  const checks = (await getEraProfile({ status: 'unposted', pageSize: 500 }, { silent: true, background: true }))
    .eraPaymentData;
  listed.clear();
  for (const check of checks) listed.set(check.eraCheckID, check);
  return deleteChoices(checks, cursorCheckID());
};

const post: Command = {
  id: 'era.postCheck',
  title: 'Post ERA check…',
  screenKey: 'p',
  group: 'Payments',
  keywords: ['era', '835', 'remittance', 'check', 'post', 'posting', 'apply payment', 'insurance payment'],
  privilege: 'PAYMENTS',
  disabledReason: (ctx) => inMenuReason() ?? noCheckListedReason(ctx),
  steps: [
    { key: 'eraCheckID', kind: 'choice', title: 'ERA check to post (unposted)', choices: unpostedChecks },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Post it? Payments and adjustments go on the matched lines, all at once.',
      choices: async (_ctx, answers) => {
        // Posted from elsewhere (Claim vs ERA), the check was never listed here: list them now.
        if (knownCheck(answers.eraCheckID) === undefined) await unpostedChecks();
        return postingChoices(
          knownCheck(answers.eraCheckID) ?? null,
          await getPostingValidation(Number(answers.eraCheckID), { silent: true, background: true }),
        );
      },
    },
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'post' && args.confirm !== 'post-accepting') return;
    const check = knownCheck(args.eraCheckID);
    try {
      const reply = await postEraCheck(Number(args.eraCheckID), args.confirm === 'post-accepting', {
        source: ctx.source,
        silent: true,
      });
      notify.successWithDetail(
        check === undefined ? reply.message : `ERA ${checkName(check)} posted.`,
        postedText(reply),
      );
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(POST_ERA_FAILED, failureText(thrown));
    }
    // The check, its claims and their postings; the claims it posted on are not named in the reply.
    recordsChanged('eraCheck', [Number(args.eraCheckID)]);
    recordsChanged('posting');
    recordsChanged('claim');
  },
};

function showChecks(id: string, title: string, status: EraStatusFilter, keywords: string[]): Command {
  return {
    id,
    title,
    group: 'Payments',
    keywords: ['era', 'checks', 'filter', ...keywords],
    privilege: 'PAYMENTS',
    when: onScreen,
    disabledReason: (ctx) =>
      onScreenReason(ctx) ?? (eraStatusShown() === status ? 'They are the ones listed now.' : null),
    run: () => showEraStatus(status),
  };
}

export const eraCommands: readonly Command[] = [
  upload,
  post,
  remove,
  showChecks('era.showUnposted', 'Show unposted ERA checks', 'unposted', ['unposted', 'to post', 'open']),
  showChecks('era.showPosted', 'Show posted ERA checks', 'posted', ['posted', 'done']),
  showChecks('era.showAll', 'Show all ERA checks', 'all', ['all', 'reset', 'clear filter']),
];
