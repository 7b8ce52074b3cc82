/**
 * On the claim form: the revenue code a procedure takes for the claim's practice and coverage, as
 * the CPT-revenue crosswalk gives it (the payer's entry before the practice-wide one), so the
 * biller of a UB-04 line knows what an empty revenue code will be filled with.
 */
import type { RevenueCodesForCptReply } from '../../contract/revenueCodes.ts';
import { getRevenueCodesForCPT } from '../../src/api/revenueCodes.ts';
import type { Command } from '../../src/console/types.ts';
import { openCaseOffer } from '../../src/features/medicalCases/index.ts';
import { notify } from '../../src/toasts/notify.tsx';

const CPT_OR_HCPCS = /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/i;

/** What the answer says: the code a line takes and where it came from, or that the line needs one typed. */
export function revenueCodeAnswer(reply: RevenueCodesForCptReply): { text: string; detail?: string } {
  const [first, ...others] = reply.codes;
  if (reply.revenueCode === null || first === undefined)
    return {
      text: `${reply.cptCode} has no revenue code in the practice's crosswalk.`,
      detail: 'Type the line’s revenue code, or set one: "Revenue crosswalk: set a revenue code for a code…".',
    };
  const from =
    first.source === 'payer' ? `${first.insuranceName ?? 'the payer'}’s own entry` : 'the practice-wide entry';
  return {
    text: `${reply.cptCode} takes revenue code ${reply.revenueCode}${reply.description ? ` ${reply.description}` : ''} (${from}).`,
    ...(others.length > 0
      ? { detail: `Also in the crosswalk: ${others.map((row) => `${row.revenueCode} (practice-wide)`).join(', ')}.` }
      : {}),
  };
}

const revenueCodeOfProcedure: Command = {
  id: 'claims.revenueCodeForCpt',
  title: 'Revenue code a procedure takes on this claim…',
  group: 'Claims',
  keywords: ['revenue code', 'ub-04', 'institutional', 'crosswalk', 'rev code', 'cpt'],
  shortcut: 'Alt+Shift+End',
  privilege: 'CLAIMS',
  when: () => openCaseOffer.form !== null,
  disabledReason: () => (openCaseOffer.form === null ? 'Open a claim form with its patient picked first.' : null),
  steps: [
    {
      key: 'cptCode',
      kind: 'text',
      title: 'Procedure code',
      placeholder: 'CPT or HCPCS, e.g. 96372',
      validate: (value) =>
        CPT_OR_HCPCS.test(value.trim()) ? null : 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).',
    },
  ],
  run: async (ctx, args) => {
    const form = openCaseOffer.form;
    if (form === null) return;
    const reply = await getRevenueCodesForCPT(
      {
        practiceID: form.practiceID,
        ...(form.patientInsuranceID === null ? {} : { patientInsuranceID: form.patientInsuranceID }),
        cptCode: String(args.cptCode).trim().toUpperCase(),
      },
      { source: ctx.source },
    );
    const answer = revenueCodeAnswer(reply);
    notify.info(answer.text, answer.detail);
  },
};

export const revenueCodeCommands: readonly Command[] = [revenueCodeOfProcedure];
