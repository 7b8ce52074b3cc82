/**
 * "Run patient statements…": bills every patient of the data role who owes at least the minimum
 * balance and was not billed lately, stores each statement and downloads the one PDF to print.
 */
import { formatCents } from '../../contract/money.ts';
import { STATEMENT_RULE_DEFAULTS } from '../../contract/patientStatements.ts';
import { runPatientStatements } from '../../src/api/patientStatements.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command } from '../../src/console/types.ts';
import { downloadFile } from '../../src/export/exportFile.ts';
import { notify } from '../../src/toasts/notify.tsx';

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
    const today = new Date().toISOString().slice(0, 10);
    const file = await runPatientStatements(
      {
        ...(minimumBalance === undefined ? {} : { minimumBalance }),
        ...(daysSinceLastStatement === undefined ? {} : { daysSinceLastStatement }),
      },
      today,
      { source: ctx.source },
    );
    downloadFile(file);
    notify.success('Patient statements stored; the file to print is downloaded.');
  },
};

export const patientStatementCommands: readonly Command[] = [runStatementsCommand];
