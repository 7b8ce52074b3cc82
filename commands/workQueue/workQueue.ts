/**
 * The claim work queue by keyboard: tasks (add on the open claim or the picked claims, resolve,
 * delete), who works a claim (reassign, or deal claims out over several billers), and archiving
 * a note. One claim is changed at once; more run on the server as a bulk run with its progress bar
 * and report, and the claims on screen are read again when the run ends.
 */
import { ASSIGN_NOTE_LIMIT, type Assignee, type ReassignRequest } from '../../contract/assignment.ts';
import type { RefusedClaim } from '../../contract/scrub.ts';
import { TASK_TEXT_LIMIT, type BulkTasksRequest, type ClaimTask } from '../../contract/tasks.ts';
import {
  addAssignees,
  archiveNote,
  deleteClaimTask,
  getAssignees,
  getClaimNotes,
  getClaimTasks,
  getTaskTypes,
  reassignClaims,
  resolveClaimTask,
  saveBulkClaimTasks,
  saveClaimTask,
} from '../../src/api/workQueue.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { followRun, whenRunEnds } from '../../src/features/bulk/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';

const BULK_LIMIT = 20_000;
const DEFAULT_DUE_IN_DAYS = 3;
const UNASSIGNED = 'unassigned';

type Target = Pick<BulkTasksRequest, 'claimIDs' | 'query'>;

/** The claim open on screen; else the claims picked in the list, or "all N matching" as its search. */
export function workTarget(ctx: CommandContext): Target | null {
  if (ctx.record?.type === 'claim') return { claimIDs: [ctx.record.id] };
  if (ctx.selection.recordType !== 'claim') return null;
  if (ctx.selection.allMatching) return { query: ctx.selection.allMatching.query };
  return ctx.selection.ids.length > 0 ? { claimIDs: [...ctx.selection.ids] } : null;
}

const NO_TARGET = 'Open a claim, or select claims in the claims list (Space, Shift+arrows or Ctrl+A).';
const noTargetReason = (ctx: CommandContext) => (workTarget(ctx) ? null : NO_TARGET);
const onClaim = (ctx: CommandContext) => ctx.record?.type === 'claim';
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');

/** The one claim a command acts on directly; null when the work is a bulk run. */
function singleClaim(target: Target): number | null {
  return target.claimIDs?.length === 1 ? (target.claimIDs[0] ?? null) : null;
}

const textOf = (answer: unknown) => (typeof answer === 'string' ? answer : '');
const plural = (count: number, one: string) => (count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${one}s`);

/** The claims changed; none named ("all N matching") is some claims, which not said. */
function changed(claimIDs: readonly number[]): void {
  recordsChanged('claim', claimIDs.length > 0 ? claimIDs : undefined);
}

/** Reads the claims on screen again once the run ends; its report says what happened. */
function changedWhenFinished(jobID: number, claimIDs: readonly number[]): void {
  whenRunEnds(jobID, () => changed(claimIDs));
}

function dayText(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The due date typed (YYYY-MM-DD), or in three days when nothing is typed; null when it is no date. */
export function dueDateOf(typed: string, today: Date): string | null {
  const text = typed.trim();
  if (text === '')
    return dayText(new Date(today.getFullYear(), today.getMonth(), today.getDate() + DEFAULT_DUE_IN_DAYS));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 0);
  return dayText(date) === text ? text : null;
}

function assigneeChoices(assignees: readonly Assignee[]): CommandChoice[] {
  return assignees.map((user) => ({
    value: String(user.userID),
    label: user.name,
    hint: user.coversAll ? user.email : `${user.email} · sees only some of these practices`,
  }));
}

async function assigneesFor(ctx: CommandContext): Promise<Assignee[]> {
  const target = workTarget(ctx);
  return getAssignees(target ? singleClaim(target) : null, { background: true });
}

/**
 * The billers named in `typed` (names or e-mails, comma-separated; "all" for everyone who sees
 * every practice asked about), or why they cannot be told apart.
 */
export function resolveBillers(
  typed: string,
  assignees: readonly Assignee[],
): { users: Assignee[] } | { error: string } {
  const words = typed
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
  if (words.length === 1 && words[0] === 'all') {
    const everyone = assignees.filter((user) => user.coversAll);
    return everyone.length > 0 ? { users: everyone } : { error: 'Nobody sees all of these claims: name the billers.' };
  }
  const users: Assignee[] = [];
  for (const word of words) {
    const exact = assignees.filter((user) => user.name.toLowerCase() === word || user.email.toLowerCase() === word);
    const partial = assignees.filter(
      (user) =>
        user.email.toLowerCase().startsWith(word) ||
        user.name
          .toLowerCase()
          .split(/\s+/)
          .some((part) => part.startsWith(word)),
    );
    const found = exact.length === 1 ? exact : partial;
    const [user] = found;
    if (!user) return { error: `Nobody called “${word}” can take these claims.` };
    if (found.length > 1)
      return { error: `“${word}” could be ${found.map((each) => each.name).join(' or ')}: type more of the name.` };
    if (!users.includes(user)) users.push(user);
  }
  return users.length > 0 ? { users } : { error: 'Name at least one biller.' };
}

function reasonsText(refused: readonly RefusedClaim[], total: number): string {
  const lines = refused.slice(0, 3).map((claim) => `Claim ${claim.claimID}: ${claim.reason}`);
  if (total > lines.length) lines.push(`…and ${plural(total - lines.length, 'more claim')}.`);
  return lines.join('\n');
}

const addTask: Command = {
  id: 'claims.addTask',
  title: 'Add task…',
  group: 'Work queue',
  keywords: ['task', 'to do', 'follow-up', 'appeal', 'due', 'assign'],
  privilege: 'CLAIMS',
  batchLimit: BULK_LIMIT,
  when: (ctx) => workTarget(ctx) !== null,
  disabledReason: noTargetReason,
  steps: [
    {
      key: 'taskTypeID',
      kind: 'choice',
      title: 'Task type',
      choices: async () =>
        (await getTaskTypes({ background: true })).map((type) => ({
          value: String(type.taskTypeID),
          label: type.name,
        })),
    },
    {
      key: 'assignedUserID',
      kind: 'choice',
      title: 'For',
      choices: async (ctx) => assigneeChoices(await assigneesFor(ctx)),
    },
    {
      key: 'dueDate',
      kind: 'text',
      title: 'Due',
      placeholder: `YYYY-MM-DD, or Enter for in ${DEFAULT_DUE_IN_DAYS} days`,
      validate: (value) =>
        dueDateOf(value, new Date()) === null ? 'Enter a date as YYYY-MM-DD, e.g. 2026-03-18, or nothing.' : null,
    },
    {
      key: 'text',
      kind: 'text',
      title: 'Task',
      placeholder: 'What is to be done, then Enter',
      multiline: true,
      validate: (value) =>
        value.trim() === ''
          ? 'Type what is to be done.'
          : value.length > TASK_TEXT_LIMIT
            ? `At most ${TASK_TEXT_LIMIT} characters.`
            : null,
    },
  ],
  run: async (ctx, args) => {
    const target = workTarget(ctx);
    const dueDate = dueDateOf(textOf(args.dueDate), new Date());
    if (!target || dueDate === null) return;
    const task = {
      taskTypeID: Number(args.taskTypeID),
      assignedUserID: Number(args.assignedUserID),
      dueDate,
      text: String(args.text),
    };
    const claimID = singleClaim(target);
    if (claimID !== null) {
      await saveClaimTask({ claimID, ...task }, { source: ctx.source });
      changed([claimID]);
      notify.success(`Task added on claim ${claimID}, due ${dueDate}.`);
      return;
    }
    const { jobID } = await saveBulkClaimTasks({ ...target, ...task }, { source: ctx.source });
    await followRun(jobID);
    changedWhenFinished(jobID, target.claimIDs ?? []);
  },
};

function taskChoice(task: ClaimTask): CommandChoice {
  const who = task.assignedTo ?? 'nobody';
  const when =
    task.status === 'resolved'
      ? `resolved ${task.resolvedAt?.slice(0, 10) ?? ''}`
      : `due ${task.dueDate ?? 'any time'}`;
  return { value: String(task.taskID), label: `${task.taskType}: ${task.text.slice(0, 80)}`, hint: `${who} · ${when}` };
}

function taskCommand(action: 'resolve' | 'delete'): Command {
  const resolve = action === 'resolve';
  return {
    id: resolve ? 'claims.resolveTask' : 'claims.deleteTask',
    title: resolve ? 'Resolve task…' : 'Delete task…',
    group: 'Work queue',
    keywords: resolve ? ['task', 'done', 'complete', 'close', 'resolve'] : ['task', 'remove', 'delete', 'drop'],
    privilege: 'CLAIMS',
    when: onClaim,
    disabledReason: openClaimReason,
    steps: [
      {
        key: 'taskID',
        kind: 'choice',
        title: resolve ? 'Open task' : 'Task',
        choices: async (ctx) => {
          if (ctx.record?.type !== 'claim') return [];
          const tasks = await getClaimTasks(ctx.record.id, { background: true });
          return tasks.filter((task) => !resolve || task.status === 'open').map(taskChoice);
        },
      },
    ],
    run: async (ctx, args) => {
      const taskID = Number(args.taskID);
      const reply = resolve
        ? await resolveClaimTask(taskID, { source: ctx.source })
        : await deleteClaimTask(taskID, { source: ctx.source });
      if (reply.claimID !== null) changed([reply.claimID]);
      notify.success(reply.message);
    },
  };
}

const reassign: Command = {
  id: 'claims.reassign',
  title: 'Reassign claims…',
  group: 'Work queue',
  keywords: ['assign', 'reassign', 'owner', 'biller', 'unassign', 'work queue'],
  privilege: 'CLAIMS',
  batchLimit: BULK_LIMIT,
  when: (ctx) => workTarget(ctx) !== null,
  disabledReason: noTargetReason,
  steps: [
    {
      key: 'assignedUserID',
      kind: 'choice',
      title: 'Assign to',
      choices: async (ctx) => [
        { value: UNASSIGNED, label: 'Unassigned', hint: 'Take the claims off everyone’s list' },
        ...assigneeChoices(await assigneesFor(ctx)),
      ],
    },
    {
      key: 'note',
      kind: 'text',
      title: 'Note for the assignee',
      placeholder: 'Optional: Enter to skip',
      validate: (value) => (value.length > ASSIGN_NOTE_LIMIT ? `At most ${ASSIGN_NOTE_LIMIT} characters.` : null),
    },
  ],
  run: async (ctx, args) => {
    const target = workTarget(ctx);
    if (!target) return;
    const chosen = String(args.assignedUserID);
    const body: ReassignRequest = {
      ...target,
      assignedUserID: chosen === UNASSIGNED ? null : Number(chosen),
      note: textOf(args.note),
    };
    const reply = await reassignClaims(body, { source: ctx.source });
    changed(target.claimIDs ?? []);
    if (reply.refusedCount > 0) notify.warning(reply.message, reasonsText(reply.refused, reply.refusedCount));
    else notify.success(reply.message);
  },
};

const assignToSeveral: Command = {
  id: 'claims.assignToSeveral',
  title: 'Assign claims to several billers…',
  group: 'Work queue',
  keywords: ['assign', 'distribute', 'spread', 'round robin', 'share', 'team', 'billers'],
  privilege: 'CLAIMS',
  batchLimit: BULK_LIMIT,
  when: (ctx) => workTarget(ctx) !== null,
  disabledReason: noTargetReason,
  steps: [
    {
      key: 'billers',
      kind: 'text',
      title: 'Billers',
      placeholder: 'Names or e-mails separated by commas (cal, dee), or all',
      validate: (value) => (value.trim() === '' ? 'Name at least one biller, or type all.' : null),
    },
    {
      key: 'note',
      kind: 'text',
      title: 'Note for the billers',
      placeholder: 'Optional: Enter to skip',
      validate: (value) => (value.length > ASSIGN_NOTE_LIMIT ? `At most ${ASSIGN_NOTE_LIMIT} characters.` : null),
    },
  ],
  run: async (ctx, args) => {
    const target = workTarget(ctx);
    if (!target) return;
    const billers = resolveBillers(String(args.billers), await assigneesFor(ctx));
    if ('error' in billers) {
      notify.error(billers.error);
      return;
    }
    const { jobID } = await addAssignees(
      { ...target, assignedUserIDs: billers.users.map((user) => user.userID), note: textOf(args.note) },
      { source: ctx.source },
    );
    notify.info(`Dealing the claims out over ${billers.users.map((user) => user.name).join(', ')}.`);
    await followRun(jobID);
    changedWhenFinished(jobID, target.claimIDs ?? []);
  },
};

const archiveClaimNote: Command = {
  id: 'claims.archiveNote',
  title: 'Archive note…',
  group: 'Work queue',
  keywords: ['note', 'archive', 'hide', 'old'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'noteID',
      kind: 'choice',
      title: 'Note',
      choices: async (ctx) => {
        if (ctx.record?.type !== 'claim') return [];
        const notes = await getClaimNotes(ctx.record.id, { background: true });
        return notes.map((note) => ({
          value: String(note.noteID),
          label: `${note.noteType}: ${note.text.slice(0, 80)}`,
          hint: `${note.lineNumber === null ? '' : `Line ${note.lineNumber} · `}${note.createdBy ?? 'System'} · ${note.createdAt.slice(0, 10)}`,
        }));
      },
    },
  ],
  run: async (ctx, args) => {
    const reply = await archiveNote(Number(args.noteID), { source: ctx.source });
    if (reply.claimID !== null) changed([reply.claimID]);
    notify.success(reply.message);
  },
};

export const workQueueCommands: readonly Command[] = [
  addTask,
  taskCommand('resolve'),
  taskCommand('delete'),
  reassign,
  assignToSeveral,
  archiveClaimNote,
];
