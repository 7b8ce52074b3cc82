/**
 * The on/off switch of a record kept for history rather than deleted (a group, practice, payer,
 * provider, user, role, data role, a patient's insurance): the A key or the palette asks "Are you
 * sure?" naming the record and what the switch means, then saves and announces the new state.
 */
import type { Command, CommandSource } from '../../src/console/types.ts';

export interface ActiveToggle<Row> {
  id: string;
  title: string;
  group: string;
  keywords: string[];
  privilege: Command['privilege'];
  disabledReason: Command['disabledReason'];
  /** The record under the cursor or open, if any. */
  current: () => Row | null;
  active: (row: Row) => boolean;
  name: (row: Row) => string;
  /** The word for switching off: 'Inactivate' for records, 'Deactivate' for people. */
  offVerb?: string;
  /** What switching off, and on, means for this record. */
  meaning: (row: Row) => { off: string; on: string };
  /** Saves the new state and says how it went. */
  save: (row: Row, active: boolean, source: CommandSource) => Promise<unknown>;
}

/** The choice step's "are you sure" for a switch. */
export const confirmChoices = (label: string, hint: string) => [
  { value: 'yes', label, hint },
  { value: 'no', label: 'Cancel' },
];

export function activeToggleCommand<Row>(toggle: ActiveToggle<Row>): Command {
  return {
    id: toggle.id,
    title: toggle.title,
    screenKey: 'a',
    group: toggle.group,
    keywords: toggle.keywords,
    privilege: toggle.privilege,
    disabledReason: toggle.disabledReason,
    steps: [
      {
        key: 'confirm',
        kind: 'choice',
        title: 'Are you sure?',
        choices: () => {
          const row = toggle.current();
          if (row === null) return [];
          const meaning = toggle.meaning(row);
          return toggle.active(row)
            ? confirmChoices(`${toggle.offVerb ?? 'Inactivate'} ${toggle.name(row)}`, meaning.off)
            : confirmChoices(`Activate ${toggle.name(row)}`, meaning.on);
        },
      },
    ],
    run: async (ctx, args) => {
      const row = toggle.current();
      if (row === null || args.confirm !== 'yes') return;
      await toggle.save(row, !toggle.active(row), ctx.source);
    },
  };
}
