/**
 * "Check eligibility for tomorrow's claims": every claim of tomorrow in the data role has its
 * patient's insurance asked about as a bulk run, followed by the progress bar; the report lists
 * the claims whose coverage is not active, was rejected or could not be checked, with why.
 */
import { checkEligibilityForDay } from '../../src/api/eligibility.ts';
import type { Command } from '../../src/console/types.ts';
import { followRun, whenRunEnds } from '../../src/features/bulk/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';

const tomorrow: Command = {
  id: 'eligibility.checkTomorrow',
  title: 'Check eligibility for tomorrow’s claims',
  group: 'Claims',
  keywords: ['eligibility', 'tomorrow', 'schedule', 'coverage', 'insurance', 'verify', '270', 'bulk', 'day'],
  privilege: 'CLAIMS',
  run: async (ctx) => {
    const started = await checkEligibilityForDay({}, { source: ctx.source });
    notify.info(
      `Checking eligibility for the ${started.claims === 1 ? 'claim' : `${started.claims} claims`} of ${started.dateOfService}.`,
    );
    await followRun(started.jobID);
    // The claims' screens say the answers once the run has kept them.
    whenRunEnds(started.jobID, () => recordsChanged('claim'));
  },
};

export const eligibilityRunCommands: readonly Command[] = [tomorrow];
