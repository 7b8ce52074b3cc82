/**
 * "Discover insurance" on a patient's screen: the patient's likely payers are asked whether they
 * cover the patient today, and the ones that do are offered; the one picked is added as the
 * patient's next insurance (primary, secondary or tertiary, whichever is free) with the member ID
 * and plan dates the payer gave, through the same call as adding an insurance by hand.
 */
import type { DiscoveredInsurance } from '../../contract/eligibility.ts';
import { cents, formatCents } from '../../contract/money.ts';
import { PRIORITIES, SELF, priorityLabel } from '../../contract/patientCoverage.ts';
import { discoverInsurance } from '../../src/api/eligibility.ts';
import { addPatientCoverage, getPatientCoverages } from '../../src/api/patientCoverage.ts';
import { getPatientLookups, getPatientRecord } from '../../src/api/patients.ts';
import type { Command, CommandChoice } from '../../src/console/types.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { announce, background } from '../organisation/announce.ts';

export const NOTHING_FOUND = 'none';

const openPatientID = (): number | null => targetOf('patientCoverages')?.id ?? null;

/** What the last search found, by payer: the choice step offers them, run adds the one picked. */
const offered = new Map<string, DiscoveredInsurance>();

/** One result as the biller weighs it: payer and member ID, then plan, dates and what the patient pays. */
export function discoveredChoice(found: DiscoveredInsurance): CommandChoice {
  const hint = [
    found.planDescription || null,
    found.planBegins || found.planEnds ? `${found.planBegins ?? '…'} to ${found.planEnds ?? '…'}` : null,
    found.officeVisitCopayCents === null ? null : `co-pay ${formatCents(cents(found.officeVisitCopayCents))}`,
    found.deductibleRemainingCents === null
      ? null
      : `deductible remaining ${formatCents(cents(found.deductibleRemainingCents))}`,
  ].filter((part): part is string => part !== null);
  return {
    value: String(found.insuranceID),
    label: `Add ${found.payerName}, member ID ${found.memberID}`,
    hint: hint.join(' · '),
  };
}

async function search(patientID: number): Promise<CommandChoice[]> {
  const [record, lookups] = await Promise.all([getPatientRecord(patientID, background), getPatientLookups(background)]);
  const groupID = lookups.practices.find((practice) => practice.practiceID === record.practiceID)?.groupID;
  if (groupID === undefined) throw new Error('The patient’s practice is not in your data role.');
  const reply = await discoverInsurance({ patientID, groupID }, background);
  offered.clear();
  for (const found of reply.found) offered.set(String(found.insuranceID), found);
  if (reply.found.length > 0) return reply.found.map(discoveredChoice);
  const unanswered = reply.unanswered.map((payer) => payer.payerName);
  return [
    {
      value: NOTHING_FOUND,
      label:
        reply.asked.length === 0
          ? 'No other payer to ask: the group has none with an ID for eligibility'
          : `No other payer covers the patient (${reply.asked.length} asked)`,
      hint: unanswered.length > 0 ? `Not answered: ${unanswered.join(', ')}` : reply.asked.join(', '),
    },
  ];
}

/** The first of primary, secondary, tertiary no active insurance of the patient holds. */
async function freePriority(patientID: number): Promise<number | null> {
  const held = new Set(
    (await getPatientCoverages(patientID, background))
      .filter((coverage) => coverage.active)
      .map((coverage) => coverage.priority),
  );
  return PRIORITIES.find((row) => !held.has(row.priority))?.priority ?? null;
}

const discover: Command = {
  id: 'eligibility.discoverInsurance',
  title: 'Discover insurance…',
  group: 'Patients',
  keywords: ['discover', 'find', 'insurance', 'coverage', 'eligibility', 'payer', 'search', '270'],
  privilege: 'PATIENTS',
  when: () => openPatientID() !== null,
  disabledReason: () => (openPatientID() !== null ? null : 'Open a patient first.'),
  steps: [
    {
      key: 'insuranceID',
      kind: 'choice',
      title: 'Payers covering the patient today',
      choices: async () => {
        const patientID = openPatientID();
        return patientID === null ? [] : search(patientID);
      },
    },
  ],
  run: async (ctx, args) => {
    const patientID = openPatientID();
    const found = offered.get(String(args.insuranceID));
    if (patientID === null || found === undefined) return;
    const priority = await freePriority(patientID);
    if (priority === null) {
      notify.error('The patient already has a primary, secondary and tertiary insurance: make one inactive first.');
      return;
    }
    await announce(
      'The insurance could not be added.',
      () =>
        addPatientCoverage(
          {
            patientID,
            insuranceID: found.insuranceID,
            priority,
            subscriberID: found.memberID,
            relationship: SELF,
            effectiveFrom: found.planBegins ?? new Date().toISOString().slice(0, 10),
            effectiveTo: found.planEnds,
          },
          { source: ctx.source, silent: true },
        ),
      `${priorityLabel(priority)} insurance ${found.payerName}`,
      'patientInsurance',
    );
  },
};

export const discoverInsuranceCommands: readonly Command[] = [discover];
