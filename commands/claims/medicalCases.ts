/**
 * Medical cases of the open claim's patient and the practices' fee schedules, by keyboard. The
 * patient comes from the claim's detail (the screen's store keeps lines and diagnoses only), read
 * when the command asks, so it is the server's current answer.
 */
import type { FeeScheduleItem } from '../../contract/feeSchedules.ts';
import { formatCents } from '../../contract/money.ts';
import { addUpdateFeeSchedule, getFeeScheduleData } from '../../src/api/feeSchedules.ts';
import type { MedicalCase, MedicalCaseDetail } from '../../contract/medicalCases.ts';
import type { CaseType, LinkableClaim, OpenMedicalCase } from '../../contract/medicalCaseLookups.ts';
import {
  deleteMedicalCase,
  getLinkableClaimsForMedicalCase,
  getMedicalCaseDetail,
  getMedicalCaseLookups,
  getOpenMedicalCaseForClaim,
  getPatientMedicalCases,
  linkMedicalCaseWithClaims,
  saveMedicalCase,
  unlinkMedicalCase,
  updateMedicalCase,
} from '../../src/api/medicalCases.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { focusClaimSection } from '../../src/features/claimDetail/index.ts';
import { openCaseOffer, openCaseOfferTaken } from '../../src/features/medicalCases/index.ts';
import { getClaimDetailData } from '../../src/features/panes/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { confirmDeleteChoices } from '../general/confirmDelete.ts';
import { openClaim, shownClaim } from './openClaim.ts';

const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;

/** The claim's medical case changed (`medicalCaseIDs` when known): the claim and its case section read again. */
function caseChanged(claimID: number, medicalCaseIDs?: readonly number[]): void {
  recordsChanged('claim', [claimID]);
  recordsChanged('medicalCase', medicalCaseIDs);
}
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');
const isoDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? null : 'A date as YYYY-MM-DD.');
const isoDateOrKeep = (value: string) => (value.trim() === '' ? null : isoDate(value));

/** How a case reads in a choice list and on the claim screen: its dates and how many claims it holds. */
export function caseHint(medicalCase: Pick<MedicalCase, 'startDate' | 'endDate' | 'claimCount'>): string {
  return `${medicalCase.startDate} to ${medicalCase.endDate ?? 'open'} · ${medicalCase.claimCount} claim${medicalCase.claimCount === 1 ? '' : 's'}`;
}

/** The case types as choices: the standard ones, then the group's own, each with how many cases have it. */
export function caseTypeChoices(types: readonly CaseType[]): CommandChoice[] {
  return types.map((type) => ({
    value: type.name,
    label: type.name,
    hint: `${type.standard ? '' : 'the group’s own · '}${type.caseCount} case${type.caseCount === 1 ? '' : 's'}`,
  }));
}

/** A claim the case can take, as a choice: its DOS, status, balance and the case it would leave. */
export function linkableClaimChoice(claim: LinkableClaim): CommandChoice {
  return {
    value: String(claim.claimID),
    label: `Claim ${claim.claimID} · DOS ${claim.dosFrom} · ${claim.claimStatus}`,
    hint: `${formatCents(claim.balanceCents)} due${claim.medicalCaseName === null ? '' : ` · now in ${claim.medicalCaseName}: linking moves it`}`,
  };
}

/** How the offered open case reads: where it matches the claim. */
export function openCaseText(medicalCase: OpenMedicalCase): string {
  const matches = [
    medicalCase.sameFacility ? 'same facility' : null,
    medicalCase.sameCoverage ? 'same coverage' : null,
  ].filter(Boolean);
  return `${medicalCase.name} (${medicalCase.caseType}), ${caseHint(medicalCase)}${matches.length > 0 ? ` · ${matches.join(', ')}` : ''}`;
}

/** The case with the biller's answers over it: an empty answer keeps the field, "open" clears the end date. */
export function editedCase(
  current: Pick<MedicalCaseDetail, 'medicalCaseID' | 'name' | 'caseType' | 'startDate' | 'endDate'>,
  answers: Readonly<Record<string, unknown>>,
) {
  const typed = (key: string) => (typeof answers[key] === 'string' ? answers[key].trim() : '');
  const endDate = typed('endDate');
  return {
    medicalCaseID: current.medicalCaseID,
    name: typed('name') || current.name,
    caseType: typed('caseType') || current.caseType,
    startDate: typed('startDate') || current.startDate,
    endDate: endDate === '' ? current.endDate : endDate.toLowerCase() === 'open' ? null : endDate,
  };
}

async function patientOfOpenClaim(): Promise<number | null> {
  const claimID = shownClaim()?.id ?? null;
  return claimID === null ? null : (await getClaimDetailData(claimID)).header.patientID;
}

const linkToMedicalCase: Command = {
  id: 'claims.linkMedicalCase',
  title: 'Link claim to a medical case…',
  group: 'Claims',
  keywords: ['medical case', 'case', 'episode', 'accident', 'link', 'group claims'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'medicalCaseID',
      kind: 'choice',
      title: 'Medical case of the patient (none yet: "New medical case for this patient…")',
      choices: async (): Promise<CommandChoice[]> => {
        const patientID = await patientOfOpenClaim();
        if (patientID === null) return [];
        return (await getPatientMedicalCases(patientID)).map((medicalCase) => ({
          value: String(medicalCase.medicalCaseID),
          label: `${medicalCase.name} (${medicalCase.caseType})`,
          hint: caseHint(medicalCase),
        }));
      },
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const reply = await linkMedicalCaseWithClaims(Number(args.medicalCaseID), [claimID], { source: ctx.source });
    caseChanged(claimID);
    notify.success(reply.message);
  },
};

const newMedicalCase: Command = {
  id: 'claims.newMedicalCase',
  title: 'New medical case for this patient…',
  group: 'Claims',
  keywords: ['medical case', 'case', 'episode', 'accident', 'pregnancy', 'therapy', 'create', 'add'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'name',
      kind: 'text',
      title: 'Case name',
      placeholder: 'e.g. Car accident 2026',
      validate: (value) => (value.trim() === '' ? 'Name the medical case.' : null),
    },
    {
      key: 'caseType',
      kind: 'choice',
      title: 'Case type',
      choices: async (): Promise<CommandChoice[]> =>
        caseTypeChoices(await getMedicalCaseLookups((await patientOfOpenClaim()) ?? undefined)),
    },
    { key: 'startDate', kind: 'text', title: 'Start date (YYYY-MM-DD)', validate: isoDate },
    {
      key: 'link',
      kind: 'choice',
      title: 'And this claim?',
      choices: () => [
        { value: 'link', label: 'Link this claim to the new case' },
        { value: 'keep', label: 'Only create the case' },
      ],
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaim()?.id ?? null;
    const patientID = await patientOfOpenClaim();
    if (claimID === null || patientID === null) return;
    const reply = await saveMedicalCase(
      { patientID, name: String(args.name), caseType: String(args.caseType), startDate: String(args.startDate).trim() },
      { source: ctx.source },
    );
    if (args.link !== 'link') {
      notify.success(reply.message);
      return;
    }
    const linked = await linkMedicalCaseWithClaims(reply.pkid, [claimID], { source: ctx.source });
    caseChanged(claimID);
    notify.success(`${reply.message} ${linked.message}`);
  },
};

const unlinkFromMedicalCase: Command = {
  id: 'claims.unlinkMedicalCase',
  title: 'Unlink claim from its medical case',
  group: 'Claims',
  keywords: ['medical case', 'case', 'unlink', 'remove', 'detach'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  run: async (ctx) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const reply = await unlinkMedicalCase(claimID, { source: ctx.source });
    caseChanged(claimID);
    notify.success(reply.message);
  },
};

const editMedicalCase: Command = {
  id: 'claims.editMedicalCase',
  title: 'Edit the claim’s medical case…',
  group: 'Claims',
  keywords: ['medical case', 'case', 'update', 'rename', 'end date', 'close case'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    { key: 'name', kind: 'text', title: 'Case name (empty keeps it)' },
    { key: 'caseType', kind: 'text', title: 'Case type (empty keeps it)' },
    { key: 'startDate', kind: 'text', title: 'Start date YYYY-MM-DD (empty keeps it)', validate: isoDateOrKeep },
    {
      key: 'endDate',
      kind: 'text',
      title: 'End date YYYY-MM-DD, "open" for none (empty keeps it)',
      validate: (value) => (value.trim().toLowerCase() === 'open' ? null : isoDateOrKeep(value)),
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const current = await getMedicalCaseDetail({ claimID }, { source: ctx.source });
    if (current === null) {
      notify.warning(
        `Claim ${claimID} is in no medical case.`,
        'Link it first: "Link claim to a medical case…" or "New medical case for this patient…".',
      );
      return;
    }
    const reply = await updateMedicalCase(editedCase(current, args), { source: ctx.source });
    caseChanged(claimID);
    notify.success(reply.message);
  },
};

/** The patient's cases, ones with claims marked since the server refuses to delete them. */
const deletableCases = async (): Promise<CommandChoice[]> => {
  const patientID = await patientOfOpenClaim();
  if (patientID === null) return [];
  return (await getPatientMedicalCases(patientID)).map((medicalCase) => ({
    value: String(medicalCase.medicalCaseID),
    label: `${medicalCase.name} (${medicalCase.caseType})`,
    hint: medicalCase.claimCount > 0 ? `${caseHint(medicalCase)}: unlink them first` : caseHint(medicalCase),
  }));
};

const removeMedicalCase: Command = {
  id: 'claims.deleteMedicalCase',
  title: 'Delete a medical case of this patient…',
  group: 'Claims',
  keywords: ['medical case', 'case', 'delete', 'remove'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    { key: 'medicalCaseID', kind: 'choice', title: 'Medical case to delete', choices: deletableCases },
    { key: 'confirm', kind: 'choice', title: 'Delete it?', choices: () => confirmDeleteChoices('the medical case') },
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'delete') return;
    const reply = await deleteMedicalCase(Number(args.medicalCaseID), { source: ctx.source });
    const claimID = shownClaim()?.id ?? null;
    if (claimID !== null) caseChanged(claimID, [Number(args.medicalCaseID)]);
    else recordsChanged('medicalCase', [Number(args.medicalCaseID)]);
    notify.success(reply.message);
  },
};

/** Every claim the case can take, "all" first when there are several not in any case. */
async function linkableChoices(): Promise<CommandChoice[]> {
  const claimID = shownClaim()?.id ?? null;
  if (claimID === null) return [];
  const current = await getMedicalCaseDetail({ claimID });
  if (current === null) return [];
  const { claims } = await getLinkableClaimsForMedicalCase({ medicalCaseID: current.medicalCaseID, pageSize: 500 });
  const loose = claims.filter((claim) => claim.medicalCaseID === null);
  return [
    ...(loose.length > 1
      ? [{ value: loose.map((claim) => claim.claimID).join(','), label: `All ${loose.length} claims in no case` }]
      : []),
    ...claims.map(linkableClaimChoice),
  ];
}

const addClaimsToMedicalCase: Command = {
  id: 'claims.addClaimsToMedicalCase',
  title: 'Add the patient’s other claims to the claim’s medical case…',
  group: 'Claims',
  keywords: ['medical case', 'case', 'link', 'add claims', 'group claims', 'episode'],
  shortcut: 'Alt+Shift+Insert',
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'claimIDS',
      kind: 'choice',
      title: 'Claim of the patient to add (Enter takes it)',
      choices: linkableChoices,
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const current = await getMedicalCaseDetail({ claimID }, { source: ctx.source });
    if (current === null) {
      notify.warning(`Claim ${claimID} is in no medical case.`, 'Link it first: L on its Medical case section.');
      return;
    }
    const claimIDS = String(args.claimIDS).split(',').map(Number);
    const reply = await linkMedicalCaseWithClaims(current.medicalCaseID, claimIDS, { source: ctx.source });
    caseChanged(claimID, [current.medicalCaseID]);
    recordsChanged('claim', claimIDS);
    notify.success(reply.message);
  },
};

/** The open case offered for the shown claim (the claim form's offer, or read for the claim screen). */
async function offeredCase(claimID: number): Promise<OpenMedicalCase | null> {
  const offer = openCaseOffer.offer;
  if (offer !== null && offer.claimID === claimID) return offer.medicalCase;
  const detail = await getClaimDetailData(claimID);
  return (await getOpenMedicalCaseForClaim({ patientID: detail.header.patientID, dosFrom: detail.header.dosFrom }))
    .medicalCase;
}

const linkOpenMedicalCase: Command = {
  id: 'claims.linkOpenMedicalCase',
  title: 'Link the claim to the patient’s open medical case',
  group: 'Claims',
  keywords: ['medical case', 'open case', 'case', 'link', 'offered', 'episode'],
  shortcut: 'Alt+Shift+Home',
  privilege: 'CLAIMS',
  when: (ctx) => onClaim(ctx) || openCaseOffer.offer !== null,
  disabledReason: (ctx) => {
    if (openCaseOffer.offer !== null) return null;
    return onClaim(ctx) ? null : 'Open a saved claim first (its screen or its form).';
  },
  run: async (ctx) => {
    const claimID = openCaseOffer.offer?.claimID ?? shownClaim()?.id ?? null;
    if (claimID === null) return;
    const medicalCase = await offeredCase(claimID);
    if (medicalCase === null) {
      notify.warning(
        'The patient has no medical case open on the claim’s first day.',
        'N starts one on the claim’s Medical case section.',
      );
      return;
    }
    const reply = await linkMedicalCaseWithClaims(medicalCase.medicalCaseID, [claimID], { source: ctx.source });
    caseChanged(claimID, [medicalCase.medicalCaseID]);
    openCaseOfferTaken();
    notify.success(reply.message);
  },
};

const goToMedicalCase: Command = {
  id: 'claims.focusMedicalCase',
  title: 'Go to the claim’s medical case',
  group: 'Claims',
  keywords: ['medical case', 'case', 'episode', 'section'],
  shortcut: 'Alt+Shift+m',
  // Only the screen is needed, so it works while the claim reloads after a change too.
  when: (ctx) => ctx.record?.type === 'claim',
  disabledReason: (ctx) => (ctx.record?.type === 'claim' ? null : 'Open a claim first.'),
  run: () => focusClaimSection('medicalCase'),
};

/** The schedule's items with the code's plain fee added or replaced: the call replaces the whole list, so the other fees go back as they were. */
export function withFee(items: readonly FeeScheduleItem[], cptCode: string, amountCents: number): FeeScheduleItem[] {
  return [
    ...items.filter((item) => !(item.cptCode === cptCode && item.modifier === '')),
    { cptCode, modifier: '', amountCents },
  ];
}

const setFee: Command = {
  id: 'claims.setScheduleFee',
  title: 'Fee schedule: set a fee…',
  group: 'Claims',
  keywords: ['fee schedule', 'fee', 'price', 'cpt', 'rate', 'charge amount'],
  privilege: 'CLAIMS',
  steps: [
    {
      key: 'feeScheduleID',
      kind: 'choice',
      title: 'Fee schedule',
      choices: async (): Promise<CommandChoice[]> =>
        (await getFeeScheduleData()).feeSchedules.map((schedule) => ({
          value: String(schedule.feeScheduleID),
          label: `${schedule.practiceName} · ${schedule.name}`,
          hint: `${schedule.insuranceName ?? 'Standard'} · ${schedule.effectiveFrom} to ${schedule.effectiveTo ?? 'open'} · ${schedule.itemCount} fee${schedule.itemCount === 1 ? '' : 's'}`,
        })),
    },
    {
      key: 'cptCode',
      kind: 'text',
      title: 'Procedure code',
      placeholder: 'CPT or HCPCS, e.g. 99213',
      validate: (value) =>
        /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/i.test(value.trim())
          ? null
          : 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).',
    },
    { key: 'amountCents', kind: 'amount', title: 'Fee', placeholder: 'e.g. 120.00' },
  ],
  run: async (ctx, args) => {
    const feeScheduleID = Number(args.feeScheduleID);
    const cptCode = String(args.cptCode).trim().toUpperCase();
    const amountCents = Number(args.amountCents);
    const { feeSchedules, items } = await getFeeScheduleData({ feeScheduleID });
    const schedule = feeSchedules.find((row) => row.feeScheduleID === feeScheduleID);
    if (!schedule) return;
    await addUpdateFeeSchedule(
      {
        feeScheduleID,
        practiceID: schedule.practiceID,
        insuranceID: schedule.insuranceID,
        name: schedule.name,
        effectiveFrom: schedule.effectiveFrom,
        effectiveTo: schedule.effectiveTo,
        items: withFee(items, cptCode, amountCents),
      },
      { source: ctx.source },
    );
    notify.success(`${cptCode} costs ${formatCents(amountCents)} in ${schedule.name}.`);
  },
};

export const medicalCaseCommands: readonly Command[] = [
  linkToMedicalCase,
  newMedicalCase,
  unlinkFromMedicalCase,
  editMedicalCase,
  removeMedicalCase,
  addClaimsToMedicalCase,
  linkOpenMedicalCase,
  goToMedicalCase,
  setFee,
];
