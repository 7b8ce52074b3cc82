/**
 * The practices' crosswalks by keyboard: a code's NDC and a code's revenue code, which saveCharge
 * puts on the lines added after. The practice step offers the open claim's practice first, since
 * that is the one a biller coding a drug line is looking at.
 */
import { NDC_UNIT_TYPE_NAMES, NDC_UNIT_TYPES, type PracticeChoice } from '../contract/crosswalks.ts';
import { addUpdateCptNdcCrosswalk, addUpdateCptRevenueCrosswalk, getPractices, getRevenueCrossWalkSearch } from '../src/api/crosswalks.ts';
import type { Command, CommandChoice, CommandStep } from '../src/console/types.ts';
import { claimOnScreen } from '../src/features/claimDetail/claimOnScreen.ts';
import { getClaimDetailData } from '../src/features/panes/paneApi.ts';
import { notify } from '../src/toasts/notify.tsx';

/** The claim header names its practice but does not carry its id, so the name picks it out of the data role's practices. */
export function practiceChoices(practices: readonly PracticeChoice[], openClaimPractice: string | null): CommandChoice[] {
  const choices = practices.map((practice) => ({
    value: String(practice.practiceID),
    label: practice.name,
    hint: practice.name === openClaimPractice ? `${practice.groupName} · the open claim's practice` : practice.groupName,
  }));
  return [...choices.filter((choice) => choice.label === openClaimPractice), ...choices.filter((choice) => choice.label !== openClaimPractice)];
}

const practiceStep: CommandStep = {
  key: 'practiceID',
  kind: 'choice',
  title: 'Practice',
  choices: async () => {
    const claimID = claimOnScreen.claimID;
    const [{ practices }, openClaimPractice] = await Promise.all([getPractices(), claimID === null ? null : getClaimDetailData(claimID).then((detail) => detail.header.practiceName)]);
    return practiceChoices(practices, openClaimPractice);
  },
};

const cptStep: CommandStep = {
  key: 'cptCode',
  kind: 'text',
  title: 'Procedure code',
  placeholder: 'CPT or HCPCS, e.g. J1100',
  validate: (value) => (/^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/i.test(value.trim()) ? null : 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).'),
};

export function validNdcUnits(value: string): string | null {
  const units = Number(value.trim());
  return /^\d+(\.\d{1,3})?$/.test(value.trim()) && units > 0 ? null : 'Units more than 0, at most 3 decimals, e.g. 1 or 2.5.';
}

const addNdc: Command = {
  id: 'claims.addNdcCrosswalk',
  title: 'NDC crosswalk: add an NDC for a code…',
  group: 'Claims',
  keywords: ['ndc', 'national drug code', 'drug', 'crosswalk', 'j code', 'units'],
  privilege: 'CLAIMS',
  steps: [
    practiceStep,
    cptStep,
    {
      key: 'ndcCode',
      kind: 'text',
      title: 'NDC',
      placeholder: '11 digits, 5-4-2, e.g. 12345-6789-01',
      validate: (value) => (/^(\d{11}|\d{5}-\d{4}-\d{2})$/.test(value.trim()) ? null : 'An NDC is 11 digits in the 5-4-2 form, like 12345-6789-01.'),
    },
    { key: 'ndcUnits', kind: 'text', title: 'NDC units', placeholder: 'e.g. 1 or 2.5', validate: validNdcUnits },
    {
      key: 'ndcUnitType',
      kind: 'choice',
      title: 'Unit type',
      choices: () => NDC_UNIT_TYPES.map((type) => ({ value: type, label: type, hint: NDC_UNIT_TYPE_NAMES[type] })),
    },
  ],
  run: async (ctx, args) => {
    const cptCode = String(args.cptCode).trim().toUpperCase();
    const ndcCode = String(args.ndcCode).trim();
    const unitType = NDC_UNIT_TYPES.find((type) => type === args.ndcUnitType);
    if (!unitType) return;
    await addUpdateCptNdcCrosswalk({ practiceID: Number(args.practiceID), cptCode, ndcCode, ndcUnits: Number(String(args.ndcUnits).trim()), ndcUnitType: unitType }, { source: ctx.source });
    notify.success(`${cptCode} now crosswalks to NDC ${ndcCode}.`, 'New lines of the code get it when it is the code’s only NDC.');
  },
};

const setRevenueCode: Command = {
  id: 'claims.setRevenueCrosswalk',
  title: 'Revenue crosswalk: set a revenue code for a code…',
  group: 'Claims',
  keywords: ['revenue code', 'ub-04', 'institutional', 'crosswalk', 'rev code'],
  privilege: 'CLAIMS',
  steps: [
    practiceStep,
    cptStep,
    { key: 'revenueCode', kind: 'text', title: 'Revenue code', placeholder: '4 digits, e.g. 0250', validate: (value) => (/^\d{4}$/.test(value.trim()) ? null : 'A revenue code is 4 digits, like 0250.') },
  ],
  run: async (ctx, args) => {
    const practiceID = Number(args.practiceID);
    const cptCode = String(args.cptCode).trim().toUpperCase();
    const revenueCode = String(args.revenueCode).trim();
    // "Set" replaces the practice-wide entry when the code has one; payer-specific entries stay as they are.
    const { rows } = await getRevenueCrossWalkSearch({ practiceID, cptCode, pageSize: 500 });
    const existing = rows.find((row) => row.cptCode === cptCode && row.insuranceID === null);
    await addUpdateCptRevenueCrosswalk({ cptRevenueCrosswalkID: existing?.cptRevenueCrosswalkID, practiceID, insuranceID: null, cptCode, revenueCode }, { source: ctx.source });
    notify.success(`${cptCode} bills under revenue code ${revenueCode}.`, 'New lines of institutional claims of the practice get it, unless the payer has its own.');
  },
};

export const crosswalkCommands: readonly Command[] = [addNdc, setRevenueCode];
