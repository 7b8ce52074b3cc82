/**
 * "Run patient statements…": starts a print run on the server that bills every patient of the data
 * role who owes at least the minimum balance and was not billed lately, storing each statement; its
 * progress shows with the other bulk runs. "Open the statement run's file" downloads the run's one
 * PDF of them all once it has ended.
 */
import { formatCents } from '../../contract/money.ts';
import { STATEMENT_RULE_DEFAULTS } from '../../contract/patientStatements.ts';
import { getPatientStatement, startStatementRun, updatePatientCollections } from '../../src/api/patientStatements.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command } from '../../src/console/types.ts';
import { followRun, outcomeText, runOf, whenRunEnds } from '../../src/features/bulk/index.ts';
import {
  latestStatementRun,
  noteStatementRun,
  noteStatementRunEnded,
  openStatementRunFile,
} from '../../src/features/patients/index.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { jobFinished } from '../../contract/jobs.ts';

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The typed minimum in cents; undefined when left empty (the default). */
export function minimumOf(typed: string): number | undefined {
  return typed === '' ? undefined : (parseDollarsToCents(typed) ?? undefined);
}

/** The typed days; undefined when left empty (the default). */
export function daysOf(typed: string): number | undefined {
  return typed === '' ? undefined : Number(typed);
}

export function daysProblem(typed: string): string | null {
  return typed.trim() === '' || /^\d{1,4}$/.test(typed.trim()) ? null : 'Type a number of days, like 30.';
}

export function minimumProblem(typed: string): string | null {
  return typed.trim() === '' || parseDollarsToCents(typed) !== null ? null : 'Type an amount in dollars, like 5.00.';
}

const runStatementsCommand: Command = {
  id: 'patients.runStatements',
  title: 'Run patient statements…',
  group: 'Patients',
  keywords: ['statement', 'statements', 'patient statement', 'bill patient', 'patient balance', 'print'],
  privilege: 'PATIENTS',
  steps: [
    {
      key: 'minimumBalance',
      kind: 'text',
      title: 'Bill patients owing at least',
      placeholder: `Empty for ${formatCents(STATEMENT_RULE_DEFAULTS.minimumBalance)}`,
      validate: minimumProblem,
    },
    {
      key: 'days',
      kind: 'text',
      title: 'Not billed in the last (days)',
      placeholder: `Empty for ${STATEMENT_RULE_DEFAULTS.daysSinceLastStatement}`,
      validate: daysProblem,
    },
  ],
  run: async (ctx, args) => {
    const minimumBalance = minimumOf(textOf(args.minimumBalance));
    const daysSinceLastStatement = daysOf(textOf(args.days));
    const { jobID, runID } = await startStatementRun(
      {
        ...(minimumBalance === undefined ? {} : { minimumBalance }),
        ...(daysSinceLastStatement === undefined ? {} : { daysSinceLastStatement }),
      },
      { source: ctx.source },
    );
    noteStatementRun(jobID, runID);
    await followRun(jobID);
    whenRunEnds(jobID, () => {
      const job = runOf(jobID);
      if (job !== null) noteStatementRunEnded(jobID, outcomeText(job));
    });
    notify.info(`Statement run ${runID} started; its progress shows at the bottom.`);
  },
};

const openPatientID = (): number | null => targetOf('patientCoverages')?.id ?? null;

/** The run to open: the one started here last, else the newest run that billed the patient open. */
async function runToOpen(): Promise<number | null> {
  const latest = latestStatementRun();
  if (latest !== null) return latest.runID;
  const patientID = openPatientID();
  if (patientID === null) return null;
  const statement = await getPatientStatement(patientID, { silent: true });
  return statement?.statements.find((each) => each.runID !== null)?.runID ?? null;
}

const openRunFileCommand: Command = {
  id: 'patients.openStatementRunFile',
  title: "Open the statement run's file",
  group: 'Patients',
  keywords: ['statement', 'statements', 'print', 'combined', 'pdf', 'run', 'file', 'mail'],
  privilege: 'PATIENTS',
  screenKey: 'o',
  disabledReason: () =>
    latestStatementRun() !== null || openPatientID() !== null ? null : 'Run patient statements first.',
  run: async (ctx) => {
    const latest = latestStatementRun();
    const job = latest === null ? null : runOf(latest.jobID);
    if (job !== null && !jobFinished(job.status)) {
      notify.info('The statement run is still going: its file opens once it has ended.');
      return;
    }
    const runID = await runToOpen();
    if (runID === null) {
      notify.info('No statement run to open yet: run patient statements first.');
      return;
    }
    await openStatementRunFile(runID, ctx.source);
  },
};

const openPatientReason = () => (openPatientID() !== null ? null : 'Open a patient first.');

/** "Send to collections" and "Return from collections": the flag statement runs skip patients by. */
function collectionsCommand(inCollections: boolean): Command {
  return {
    id: inCollections ? 'patients.sendToCollections' : 'patients.returnFromCollections',
    title: inCollections ? 'Send to collections' : 'Return from collections',
    group: 'Patients',
    keywords: inCollections
      ? ['collections', 'collection agency', 'bad debt', 'stop statements']
      : ['collections', 'return', 'resume statements', 'bill again'],
    privilege: 'PATIENTS',
    when: () => openPatientID() !== null,
    disabledReason: openPatientReason,
    run: async (ctx) => {
      const patientID = openPatientID();
      if (patientID === null) return;
      const reply = await updatePatientCollections({ patientID, inCollections }, { source: ctx.source });
      recordsChanged('patientCoverages', [patientID]);
      notify.success(reply.message);
    },
  };
}

export const patientStatementCommands: readonly Command[] = [
  runStatementsCommand,
  openRunFileCommand,
  collectionsCommand(true),
  collectionsCommand(false),
];
