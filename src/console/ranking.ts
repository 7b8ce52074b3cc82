/**
 * What the palette lists for a query: the commands that can run here first (recently run ones
 * first), then the others with the reason they cannot. Ranked by fuzzyScore.ts over title and
 * keywords; a command made for where the palette was opened (its `when` holds: the claims
 * selected, the claim open, its own screen) goes before one that runs anywhere when their texts
 * match about as well. The rows drawn are capped, so drawing does not grow with the registry.
 */
import { commandAvailability } from './availability.ts';
import { fuzzyScore, prepareText, type PreparedText } from './fuzzyScore.ts';
import type { Command, CommandContext } from './types.ts';

export interface RankedCommand {
  command: Command;
  /** Why it cannot run now; null when it can. */
  reason: string | null;
}

export interface RankedCommands {
  available: RankedCommand[];
  unavailable: RankedCommand[];
  /** Matches left out by the cap; the biller narrows the query to reach them. */
  hidden: number;
}

/** About two screens of rows: enough to arrow through, few enough to draw within a frame. */
export const SHOWN_AVAILABLE = 12;
export const SHOWN_UNAVAILABLE = 4;

/** A match scoring under this share of the best one is left out. */
const WEAK_MATCH = 0.2;

/**
 * A command whose `when` holds here scores this much higher: ahead of a command that runs
 * anywhere when the texts match equally or nearly ("reassign": "Reassign claims…" with claims
 * selected before "Reassign payment batch…"), never ahead of a clearly better match.
 */
export const CONTEXT_BOOST = 1.1;

/** How a command stands where the palette was opened. */
export interface CommandStanding {
  /** Why it cannot run now; null when it can. */
  reason: string | null;
  /** It is made for this context: its `when` holds here. */
  fitsContext: boolean;
}

interface Scored extends RankedCommand {
  score: number;
  recent: number;
}

function byScoreThenRecent(a: Scored, b: Scored): number {
  return b.score - a.score || a.recent - b.recent;
}

/**
 * Why each command cannot run in `ctx` (null when it can), and whether it is made for it. Worked
 * out once per palette opening, not per keystroke.
 */
export function reasonsIn(commands: readonly Command[], ctx: CommandContext): ReadonlyMap<string, CommandStanding> {
  return new Map(
    commands.map((command) => {
      const { applies, reason } = commandAvailability(command, ctx);
      return [command.id, { reason, fitsContext: reason === null && applies && command.when !== undefined }];
    }),
  );
}

/** A command's text is prepared once, not on every keystroke; commands are immutable data. */
const preparedTexts = new WeakMap<Command, PreparedText>();

function preparedTextOf(command: Command): PreparedText {
  let prepared = preparedTexts.get(command);
  if (!prepared) {
    prepared = prepareText(command.title, command.keywords);
    preparedTexts.set(command, prepared);
  }
  return prepared;
}

export function rankCommands(
  commands: readonly Command[],
  standings: ReadonlyMap<string, CommandStanding>,
  query: string,
  recentIds: readonly string[],
): RankedCommands {
  const search = query.trim();
  const available: Scored[] = [];
  const unavailable: Scored[] = [];
  const scores = commands.map((command) => (search === '' ? 1 : fuzzyScore(preparedTextOf(command), search)));
  // Once, as a plain map: recentIds may be a store snapshot, whose every read is tracked.
  const recentRank = new Map([...recentIds].map((id, index) => [id, index]));
  // Scattered letters ('era' inside "Open the command palette") are noise next to a real match.
  const floor = Math.max(...scores, 0) * WEAK_MATCH;
  for (const [index, command] of commands.entries()) {
    const score = scores[index] ?? 0;
    if (score <= 0 || score < floor) continue;
    const standing = standings.get(command.id);
    const reason = standing?.reason ?? null;
    // With nothing typed the list goes by recent use alone.
    const ranked = search !== '' && standing?.fitsContext ? score * CONTEXT_BOOST : score;
    const entry: Scored = {
      command,
      reason,
      score: ranked,
      recent: recentRank.get(command.id) ?? Number.MAX_SAFE_INTEGER,
    };
    (reason === null ? available : unavailable).push(entry);
  }
  available.sort(byScoreThenRecent);
  unavailable.sort(byScoreThenRecent);
  const strip = ({ command, reason }: Scored): RankedCommand => ({ command, reason });
  return {
    available: available.slice(0, SHOWN_AVAILABLE).map(strip),
    unavailable: unavailable.slice(0, SHOWN_UNAVAILABLE).map(strip),
    hidden: Math.max(0, available.length - SHOWN_AVAILABLE) + Math.max(0, unavailable.length - SHOWN_UNAVAILABLE),
  };
}
