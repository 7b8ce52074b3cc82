/**
 * "Check eligibility" from the palette: asks the payer about the insurance of the patient open on
 * their screen for today, and shows what it answered (active or not, co-pay, what remains of the
 * deductible and out-of-pocket, co-insurance, plan dates, or why the payer rejected the question).
 */
import type { EligibilityCheckReply } from '../../contract/eligibility.ts';
import { cents, formatCents } from '../../contract/money.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { checkEligibility } from '../../src/api/eligibility.ts';
import type { Command } from '../../src/console/types.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { discoverInsuranceCommands } from './discoverInsurance.ts';
import { eligibilityRunCommands } from './tomorrow.ts';

const openPatientID = (): number | null => targetOf('patientCoverages')?.id ?? null;

const money = (value: number | null) => (value === null ? null : formatCents(cents(value)));

/** The lines of the toast's detail, each only when the payer gave it. */
export function eligibilityDetail(reply: EligibilityCheckReply): string {
  const { summary } = reply;
  const lines = [
    `${reply.payerName}, member ID ${reply.memberID}, on ${reply.dateOfService}`,
    summary.planDescription ? `Plan: ${summary.planDescription}` : null,
    money(summary.officeVisitCopayCents) ? `Office visit co-pay: ${money(summary.officeVisitCopayCents)}` : null,
    money(summary.deductibleRemainingCents) ? `Deductible remaining: ${money(summary.deductibleRemainingCents)}` : null,
    money(summary.outOfPocketRemainingCents)
      ? `Out-of-pocket remaining: ${money(summary.outOfPocketRemainingCents)}`
      : null,
    summary.coinsurancePercent === null ? null : `Co-insurance: ${summary.coinsurancePercent}%`,
    summary.planBegins || summary.planEnds
      ? `Plan dates: ${summary.planBegins ?? '…'} to ${summary.planEnds ?? '…'}`
      : null,
    ...summary.rejections.map(
      (rejection) =>
        `Rejected (${rejection.reason.code}): ${rejection.reason.description || 'no reason given'}${rejection.followUp.description ? `; ${rejection.followUp.description.toLowerCase()}` : ''}`,
    ),
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}

const check: Command = {
  id: 'eligibility.check',
  title: 'Check eligibility',
  group: 'Patients',
  keywords: ['eligibility', '270', '271', 'coverage', 'insurance', 'benefits', 'co-pay', 'deductible', 'verify'],
  privilege: 'PATIENTS',
  when: () => openPatientID() !== null,
  disabledReason: () => (openPatientID() !== null ? null : 'Open a patient first.'),
  run: async () => {
    const patientID = openPatientID();
    if (patientID === null) return;
    try {
      const reply = await checkEligibility({ patientID }, { silent: true });
      const detail = eligibilityDetail(reply);
      if (reply.outcome === 'active') notify.successWithDetail(reply.message, detail);
      else if (reply.outcome === 'error') notify.error(reply.message, detail);
      else notify.warning(reply.message, detail);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error('Eligibility could not be checked.', thrown instanceof Error ? thrown.message : undefined);
    }
  },
};

export const eligibilityCommands: readonly Command[] = [check, ...discoverInsuranceCommands, ...eligibilityRunCommands];
