/**
 * Whether a command can run in a context, and if not, why, in the biller's words (STYLE point 3:
 * say why instead of hiding it). The palette greys a command with this reason; runCommand refuses
 * with it.
 */
import type { ModuleCode } from '../../contract/endpoints.ts';
import type { Command, CommandContext, CommandSelection } from './types.ts';

export interface Availability {
  /** False when `when` says the command does not apply here (listed after the ones that do). */
  applies: boolean;
  /** Why it cannot run now, or null when it can. */
  reason: string | null;
}

function moduleName(code: ModuleCode): string {
  const words = code.toLowerCase().split('_');
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** How many records a run would take: "all N matching" counts as N. */
export function selectedCount(selection: CommandSelection): number {
  return selection.allMatching ? selection.allMatching.total : selection.ids.length;
}

function recordNoun(selection: CommandSelection): string {
  return `${selection.recordType ?? 'record'}s`;
}

export function commandAvailability(command: Command, ctx: CommandContext): Availability {
  if (command.privilege !== undefined && !ctx.modules.has(command.privilege)) {
    return { applies: false, reason: `Your role does not include the ${moduleName(command.privilege)} module.` };
  }
  const applies = command.when ? command.when(ctx) : true;
  const disabled = command.disabledReason?.(ctx) ?? null;
  if (disabled !== null) return { applies, reason: disabled };
  if (!applies) return { applies, reason: `${command.title} does not apply here.` };
  const count = selectedCount(ctx.selection);
  if (command.batchLimit !== undefined && count > command.batchLimit) {
    return {
      applies,
      reason: `Select at most ${command.batchLimit.toLocaleString('en-US')} ${recordNoun(ctx.selection)}.`,
    };
  }
  return { applies: true, reason: null };
}
