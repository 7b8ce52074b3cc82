/**
 * The practices' crosswalks by keyboard: a code's NDC and a code's revenue code, which saveCharge
 * puts on the lines added after; list them and delete one. The practice step offers the open
 * claim's practice first, since that is the one a biller coding a drug line is looking at.
 */
import {
  NDC_UNIT_TYPE_NAMES,
  NDC_UNIT_TYPES,
  type CptNdcCrosswalkRow,
  type PracticeChoice,
  type RevenueCrosswalkRow,
} from '../../contract/crosswalks.ts';
import {
  addUpdateCptNdcCrosswalk,
  addUpdateCptRevenueCrosswalk,
  deleteCptNdcCrosswalk,
  deleteCptRevenueCrosswalk,
  getCptNdcCrosswalkData,
  getPractices,
  getRevenueCrossWalkSearch,
} from '../../src/api/crosswalks.ts';
import type { Command, CommandChoice, CommandStep } from '../../src/console/types.ts';
import { getClaimDetailData } from '../../src/features/panes/index.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { confirmDeleteChoices } from '../general/confirmDelete.ts';
import { shownClaim } from './openClaim.ts';
import { getRevenueCodes } from '../../src/api/revenueCodes.ts';

/** The claim header names its practice but does not carry its id, so the name picks it out of the data role's practices. */
export function practiceChoices(
  practices: readonly PracticeChoice[],
  openClaimPractice: string | null,
): CommandChoice[] {
  const choices = practices.map((practice) => ({
    value: String(practice.practiceID),
    label: practice.name,
    hint:
      practice.name === openClaimPractice ? `${practice.groupName} · the open claim's practice` : practice.groupName,
  }));
  return [
    ...choices.filter((choice) => choice.label === openClaimPractice),
    ...choices.filter((choice) => choice.label !== openClaimPractice),
  ];
}

const practiceStep: CommandStep = {
  key: 'practiceID',
  kind: 'choice',
  title: 'Practice',
  choices: async () => {
    const claimID = shownClaim()?.id ?? null;
    const [{ practices }, openClaimPractice] = await Promise.all([
      getPractices(),
      claimID === null ? null : getClaimDetailData(claimID).then((detail) => detail.header.practiceName),
    ]);
    return practiceChoices(practices, openClaimPractice);
  },
};

const cptStep: CommandStep = {
  key: 'cptCode',
  kind: 'text',
  title: 'Procedure code',
  placeholder: 'CPT or HCPCS, e.g. J1100',
  validate: (value) =>
    /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/i.test(value.trim())
      ? null
      : 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).',
};

export function validNdcUnits(value: string): string | null {
  const units = Number(value.trim());
  return /^\d+(\.\d{1,3})?$/.test(value.trim()) && units > 0
    ? null
    : 'Units more than 0, at most 3 decimals, e.g. 1 or 2.5.';
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
      validate: (value) =>
        /^(\d{11}|\d{5}-\d{4}-\d{2})$/.test(value.trim())
          ? null
          : 'An NDC is 11 digits in the 5-4-2 form, like 12345-6789-01.',
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
    await addUpdateCptNdcCrosswalk(
      {
        practiceID: Number(args.practiceID),
        cptCode,
        ndcCode,
        ndcUnits: Number(String(args.ndcUnits).trim()),
        ndcUnitType: unitType,
      },
      { source: ctx.source },
    );
    notify.success(`${cptCode} now crosswalks to NDC ${ndcCode}.`);
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
    {
      key: 'revenueCode',
      kind: 'choice',
      title: 'Revenue code (type its digits or words, e.g. 0250 or pharmacy)',
      choices: async (): Promise<CommandChoice[]> =>
        (await getRevenueCodes()).map((code) => ({ value: code.code, label: `${code.code} ${code.description}` })),
    },
  ],
  run: async (ctx, args) => {
    const practiceID = Number(args.practiceID);
    const cptCode = String(args.cptCode).trim().toUpperCase();
    const revenueCode = String(args.revenueCode).trim();
    // "Set" replaces the practice-wide entry when the code has one; payer-specific entries stay as they are.
    const { rows } = await getRevenueCrossWalkSearch({ practiceID, cptCode, pageSize: 500 });
    const existing = rows.find((row) => row.cptCode === cptCode && row.insuranceID === null);
    await addUpdateCptRevenueCrosswalk(
      { cptRevenueCrosswalkID: existing?.cptRevenueCrosswalkID, practiceID, insuranceID: null, cptCode, revenueCode },
      { source: ctx.source },
    );
    notify.success(`${cptCode} bills under revenue code ${revenueCode}.`);
  },
};

const CPT_OR_HCPCS = /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/i;

const codeFilterStep: CommandStep = {
  key: 'cptCode',
  kind: 'text',
  title: 'Procedure code (empty: every code of the practice)',
  placeholder: 'CPT or HCPCS, e.g. J1100',
  validate: (value) =>
    value.trim() === '' || CPT_OR_HCPCS.test(value.trim())
      ? null
      : 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits), or nothing for all.',
};

/** The 5-4-2 form billers read on the package. */
export function ndcWithDashes(ndc: string): string {
  return /^\d{11}$/.test(ndc) ? `${ndc.slice(0, 5)}-${ndc.slice(5, 9)}-${ndc.slice(9)}` : ndc;
}

export function ndcChoices(rows: readonly CptNdcCrosswalkRow[], cptCode: string): CommandChoice[] {
  if (rows.length === 0)
    return [{ value: 'none', label: `No NDC crosswalk${cptCode === '' ? '' : ` for ${cptCode}`} in this practice.` }];
  return rows.map((row) => ({
    value: String(row.cptNdcCrosswalkID),
    label: `${row.cptCode} → NDC ${ndcWithDashes(row.ndcCode)}`,
    hint: [`${row.ndcUnits} ${row.ndcUnitType} (${NDC_UNIT_TYPE_NAMES[row.ndcUnitType]})`, row.description]
      .filter(Boolean)
      .join(' · '),
  }));
}

export function revenueChoices(rows: readonly RevenueCrosswalkRow[], cptCode: string): CommandChoice[] {
  if (rows.length === 0)
    return [
      { value: 'none', label: `No revenue crosswalk${cptCode === '' ? '' : ` for ${cptCode}`} in this practice.` },
    ];
  return rows.map((row) => ({
    value: String(row.cptRevenueCrosswalkID),
    label: `${row.cptCode} → revenue code ${row.revenueCode}`,
    hint: `${row.revenueDescription} · ${row.insuranceName ?? 'every payer of the practice'}`,
  }));
}

const codeOf = (answers: Readonly<Record<string, unknown>>) =>
  typeof answers.cptCode === 'string' ? answers.cptCode.trim().toUpperCase() : '';

/** What the last list showed, so the run can name the picked entry without asking again. */
const listedNdc = new Map<number, CptNdcCrosswalkRow>();
const listedRevenue = new Map<number, RevenueCrosswalkRow>();

async function ndcList(answers: Readonly<Record<string, unknown>>): Promise<CommandChoice[]> {
  const cptCode = codeOf(answers);
  const rows = await getCptNdcCrosswalkData({
    practiceID: Number(answers.practiceID),
    ...(cptCode === '' ? {} : { cptCode }),
  });
  listedNdc.clear();
  for (const row of rows) listedNdc.set(row.cptNdcCrosswalkID, row);
  return ndcChoices(rows, cptCode);
}

async function revenueList(answers: Readonly<Record<string, unknown>>): Promise<CommandChoice[]> {
  const cptCode = codeOf(answers);
  const { rows } = await getRevenueCrossWalkSearch({
    practiceID: Number(answers.practiceID),
    pageSize: 500,
    ...(cptCode === '' ? {} : { cptCode }),
  });
  listedRevenue.clear();
  for (const row of rows) listedRevenue.set(row.cptRevenueCrosswalkID, row);
  return revenueChoices(rows, cptCode);
}

const ndcName = (row: CptNdcCrosswalkRow | undefined) =>
  row ? `the NDC ${ndcWithDashes(row.ndcCode)} of ${row.cptCode}` : null;
const revenueName = (row: RevenueCrosswalkRow | undefined) =>
  row ? `revenue code ${row.revenueCode} of ${row.cptCode} (${row.insuranceName ?? 'every payer'})` : null;

const listNdc: Command = {
  id: 'claims.listNdcCrosswalks',
  title: 'NDC crosswalks of a code…',
  group: 'Claims',
  keywords: ['ndc', 'national drug code', 'drug', 'crosswalk', 'list', 'show'],
  privilege: 'CLAIMS',
  steps: [
    practiceStep,
    codeFilterStep,
    {
      key: 'cptNdcCrosswalkID',
      kind: 'choice',
      title: 'NDC crosswalks (Enter shows one)',
      choices: (_ctx, answers) => ndcList(answers),
    },
  ],
  run: (_ctx, args) => {
    const row = listedNdc.get(Number(args.cptNdcCrosswalkID));
    if (!row) return;
    notify.info(
      `${row.cptCode} → NDC ${ndcWithDashes(row.ndcCode)}, ${row.ndcUnits} ${row.ndcUnitType} (${row.practiceName}).`,
      'Remove it: "Delete an NDC crosswalk…".',
    );
  },
};

const deleteNdc: Command = {
  id: 'claims.deleteNdcCrosswalk',
  title: 'Delete an NDC crosswalk…',
  group: 'Claims',
  keywords: ['ndc', 'national drug code', 'crosswalk', 'delete', 'remove'],
  privilege: 'CLAIMS',
  steps: [
    practiceStep,
    codeFilterStep,
    {
      key: 'cptNdcCrosswalkID',
      kind: 'choice',
      title: 'NDC crosswalk to delete',
      choices: (_ctx, answers) => ndcList(answers),
    },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Delete it?',
      choices: (_ctx, answers) => confirmDeleteChoices(ndcName(listedNdc.get(Number(answers.cptNdcCrosswalkID)))),
    },
  ],
  run: async (ctx, args) => {
    const row = listedNdc.get(Number(args.cptNdcCrosswalkID));
    if (args.confirm !== 'delete' || !row) return;
    await deleteCptNdcCrosswalk(row.cptNdcCrosswalkID, { source: ctx.source });
    notify.success(
      `${row.cptCode} no longer crosswalks to NDC ${ndcWithDashes(row.ndcCode)}; lines already coded keep theirs.`,
    );
  },
};

const listRevenue: Command = {
  id: 'claims.listRevenueCrosswalks',
  title: 'Revenue crosswalks…',
  group: 'Claims',
  keywords: ['revenue code', 'ub-04', 'institutional', 'crosswalk', 'rev code', 'list', 'show'],
  privilege: 'CLAIMS',
  steps: [
    practiceStep,
    codeFilterStep,
    {
      key: 'cptRevenueCrosswalkID',
      kind: 'choice',
      title: 'Revenue crosswalks (Enter shows one)',
      choices: (_ctx, answers) => revenueList(answers),
    },
  ],
  run: (_ctx, args) => {
    const row = listedRevenue.get(Number(args.cptRevenueCrosswalkID));
    if (!row) return;
    notify.info(
      `${row.cptCode} → revenue code ${row.revenueCode} ${row.revenueDescription} (${row.insuranceName ?? 'every payer'}, ${row.practiceName}).`,
      'Remove it: "Delete a revenue crosswalk…".',
    );
  },
};

const deleteRevenue: Command = {
  id: 'claims.deleteRevenueCrosswalk',
  title: 'Delete a revenue crosswalk…',
  group: 'Claims',
  keywords: ['revenue code', 'ub-04', 'crosswalk', 'rev code', 'delete', 'remove'],
  privilege: 'CLAIMS',
  steps: [
    practiceStep,
    codeFilterStep,
    {
      key: 'cptRevenueCrosswalkID',
      kind: 'choice',
      title: 'Revenue crosswalk to delete',
      choices: (_ctx, answers) => revenueList(answers),
    },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Delete it?',
      choices: (_ctx, answers) =>
        confirmDeleteChoices(revenueName(listedRevenue.get(Number(answers.cptRevenueCrosswalkID)))),
    },
  ],
  run: async (ctx, args) => {
    const row = listedRevenue.get(Number(args.cptRevenueCrosswalkID));
    if (args.confirm !== 'delete' || !row) return;
    await deleteCptRevenueCrosswalk(row.cptRevenueCrosswalkID, { source: ctx.source });
    notify.success(`New lines of ${row.cptCode} no longer get revenue code ${row.revenueCode}.`);
  },
};

export const crosswalkCommands: readonly Command[] = [
  addNdc,
  setRevenueCode,
  listNdc,
  deleteNdc,
  listRevenue,
  deleteRevenue,
];
