/**
 * Editing the open claim by keyboard: its own fields, its diagnoses and a new charge line. Each
 * asks in the palette, the server checks, and the claim goes back to "not scrubbed".
 */
import type { EditClaimRequest } from '../../contract/claimEdit.ts';
import { cents, formatCents } from '../../contract/money.ts';
import {
  editClaim,
  getCptFee,
  getProviders,
  removeDiagnosisFromClaim,
  saveCharge,
  saveClaim,
} from '../../src/api/claimInfo.ts';
import { getSystemGlobalSearch } from '../../src/api/globalSearch.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { icdWithDot } from '../../src/features/panes/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { batchName, batchOfChoice, chargeBatchStep } from './chargeBatchClaims.ts';
import { openClaim, shownClaim } from './openClaim.ts';
import { claimDetailPath, CLAIMS_PATH } from '../../src/routing/paths.ts';
import { notInMenuReason } from '../general/screens.ts';

const CLAIM_FIELDS = {
  priorAuthorizationNumber: 'Prior authorization number',
  referralNumber: 'Referral number',
  frequencyCode: 'Frequency (1 original, 7 replacement, 8 void)',
  originalClaimNumber: 'Original claim number (for 7 or 8)',
  posCode: 'Place of service',
  dosFrom: 'First date of service (YYYY-MM-DD)',
  dosTo: 'Last date of service (YYYY-MM-DD)',
} as const;
type ClaimField = keyof typeof CLAIM_FIELDS;
const isClaimField = (value: string): value is ClaimField => value in CLAIM_FIELDS;

const listOf = (text: string) => text.split(/[\s,]+/).filter((part) => part !== '');
const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const shownClaimID = () => shownClaim()?.id ?? null;
const diagnosesShown = () => shownClaim()?.diagnoses ?? [];
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');

function done(claimID: number, text: string): void {
  recordsChanged('claim', [claimID]);
  notify.success(text);
}

/** The field's new value as the request has it: empty text clears an optional number. */
export function claimChange(field: ClaimField, typed: string): Partial<EditClaimRequest> {
  const text = typed.trim();
  switch (field) {
    case 'frequencyCode':
      return { frequencyCode: text as '1' | '7' | '8' };
    case 'posCode':
      return { posCode: text };
    case 'dosFrom':
    case 'dosTo':
      return { [field]: text };
    case 'priorAuthorizationNumber':
    case 'referralNumber':
    case 'originalClaimNumber':
      return { [field]: text === '' ? null : text };
  }
}

const editClaimField: Command = {
  id: 'claims.editClaim',
  title: 'Edit claim…',
  group: 'Claims',
  keywords: [
    'claim',
    'prior auth',
    'authorization',
    'referral',
    'frequency',
    'replacement',
    'original',
    'pos',
    'date of service',
    'fix',
  ],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'field',
      kind: 'choice',
      title: 'Field',
      choices: (): CommandChoice[] =>
        (Object.keys(CLAIM_FIELDS) as ClaimField[]).map((field) => ({ value: field, label: CLAIM_FIELDS[field] })),
    },
    { key: 'value', kind: 'text', title: 'New value', placeholder: 'Empty clears a number' },
  ],
  run: async (ctx, args) => {
    const field = String(args.field);
    const claimID = shownClaimID();
    if (!isClaimField(field) || claimID === null) return;
    await editClaim({ claimID, ...claimChange(field, String(args.value)) }, { source: ctx.source });
    done(claimID, `${CLAIM_FIELDS[field].replace(/ \(.*\)$/, '')} changed.`);
  },
};

const addDiagnosis: Command = {
  id: 'claims.addDiagnosis',
  title: 'Add diagnosis…',
  group: 'Claims',
  keywords: ['icd', 'icd-10', 'diagnosis', 'dx', 'code'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) =>
    openClaimReason(ctx) ?? (diagnosesShown().length >= 12 ? 'The claim has 12 diagnoses, the most it takes.' : null),
  steps: [
    {
      key: 'icd',
      kind: 'text',
      title: 'ICD-10-CM code',
      placeholder: 'e.g. E11.9; it goes after the claim’s diagnoses',
      validate: (value) =>
        /^[A-TV-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/i.test(value.trim())
          ? null
          : 'An ICD-10-CM code: a letter, a digit, then letters or digits (E11.9).',
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    if (claimID === null) return;
    const icds = [...diagnosesShown().map((diagnosis) => diagnosis.code), String(args.icd)];
    await editClaim({ claimID, icds }, { source: ctx.source });
    done(
      claimID,
      `${icdWithDot(String(args.icd).trim().toUpperCase().replace('.', ''))} added as diagnosis ${icds.length}.`,
    );
  },
};

const removeDiagnosis: Command = {
  id: 'claims.removeDiagnosis',
  title: 'Remove diagnosis…',
  group: 'Claims',
  keywords: ['icd', 'diagnosis', 'dx', 'delete'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) =>
    openClaimReason(ctx) ?? (diagnosesShown().length === 0 ? 'The claim has no diagnoses.' : null),
  steps: [
    {
      key: 'icd',
      kind: 'choice',
      title: 'Diagnosis',
      choices: (): CommandChoice[] =>
        diagnosesShown().map((diagnosis) => ({
          value: diagnosis.code,
          label: `${diagnosis.sequence}. ${icdWithDot(diagnosis.code)}`,
          hint: diagnosis.description ?? '',
        })),
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    if (claimID === null) return;
    const reply = await removeDiagnosisFromClaim(claimID, String(args.icd), { source: ctx.source });
    if (reply.id !== 1) {
      notify.error('The diagnosis was not removed.', reply.message);
      return;
    }
    done(claimID, reply.message);
  },
};

const addChargeLine: Command = {
  id: 'claims.addCharge',
  title: 'Add charge line…',
  group: 'Claims',
  keywords: ['charge', 'line', 'cpt', 'hcpcs', 'procedure', 'service', 'new'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) =>
    openClaimReason(ctx) ?? (diagnosesShown().length === 0 ? 'Add a diagnosis first: a line points at one.' : null),
  steps: [
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
    { key: 'modifiers', kind: 'text', title: 'Modifiers', placeholder: 'Separated by spaces, e.g. 25; Enter for none' },
    {
      key: 'units',
      kind: 'text',
      title: 'Units',
      placeholder: 'Enter for 1',
      validate: (value) =>
        value.trim() === '' || /^\d{1,4}$/.test(value.trim()) ? null : 'Units are a whole number, 1 to 9999.',
    },
    {
      key: 'pointers',
      kind: 'text',
      title: 'Diagnosis pointers',
      placeholder: 'e.g. 1 2; Enter for 1',
      validate: (value) =>
        value.trim() === '' || /^\s*\d{1,2}([\s,]+\d{1,2}){0,3}\s*$/.test(value)
          ? null
          : 'Up to 4 numbers separated by spaces.',
    },
    {
      key: 'amount',
      kind: 'text',
      title: 'Amount',
      placeholder: 'Enter for the fee schedule’s fee times the units',
      validate: (value) =>
        value.trim() === '' || parseDollarsToCents(value) !== null
          ? null
          : 'An amount in dollars, like 125.00, or empty.',
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    if (claimID === null) return;
    const answer = (key: string) => (typeof args[key] === 'string' ? args[key].trim() : '');
    const cptCode = answer('cptCode').toUpperCase();
    const modifiers = listOf(answer('modifiers'));
    const units = answer('units') === '' ? 1 : Number(answer('units'));
    const pointers = answer('pointers') === '' ? [1] : listOf(answer('pointers')).map(Number);
    const typed = answer('amount');
    const amount = typed === '' ? undefined : (parseDollarsToCents(typed) ?? undefined);
    if (amount === undefined) {
      // Said before the save, so a missing fee is explained in the biller's words, not as a refusal.
      const fee = await getCptFee(claimID, cptCode, modifiers[0], { background: true, silent: true });
      if (fee.feeCents === null) {
        notify.error(`No fee schedule prices ${cptCode}.`, 'Run "Add charge line…" again and type the amount.');
        return;
      }
    }
    const reply = await saveCharge(
      {
        claimID,
        cptCode,
        modifiers,
        units,
        diagnosisPointers: pointers,
        ...(amount === undefined ? {} : { chargeCents: cents(amount) }),
      },
      { source: ctx.source },
    );
    done(claimID, `Line ${reply.lineNumber} added: ${cptCode} for ${formatCents(reply.chargeCents)}.`);
  },
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const newClaim: Command = {
  id: 'claims.newClaim',
  title: 'New claim…',
  group: 'Claims',
  keywords: ['create', 'add', 'claim', 'encounter', 'superbill'],
  privilege: 'CLAIMS',
  disabledReason: () => notInMenuReason(CLAIMS_PATH, 'The claims list'),
  steps: [
    {
      key: 'patientSearch',
      kind: 'text',
      title: 'Patient',
      placeholder: 'Name (LAST, FIRST) or account number',
      validate: (value) =>
        value.trim().length < 2 ? 'Type at least 2 letters of the name or the account number.' : null,
    },
    {
      key: 'patientID',
      kind: 'choice',
      title: 'Which patient',
      choices: async (_ctx, answers) =>
        (await getSystemGlobalSearch(String(answers.patientSearch), { background: true }))
          .filter((hit) => hit.type === 'patient')
          .map((hit) => ({ value: String(hit.id), label: hit.label, hint: hit.detail })),
    },
    {
      key: 'providerID',
      kind: 'choice',
      title: 'Rendering provider',
      choices: async () =>
        (await getProviders({ background: true })).map((provider) => ({
          value: String(provider.providerID),
          label: provider.name,
          hint: `NPI ${provider.npi}`,
        })),
    },
    {
      key: 'dosFrom',
      kind: 'text',
      title: 'Date of service',
      placeholder: 'YYYY-MM-DD',
      validate: (value) => (ISO_DAY.test(value.trim()) ? null : 'A date as YYYY-MM-DD.'),
    },
    {
      key: 'posCode',
      kind: 'text',
      title: 'Place of service',
      placeholder: 'Enter for 11 (office)',
      validate: (value) => (value.trim() === '' || /^\d{2}$/.test(value.trim()) ? null : 'A 2-digit code, like 11.'),
    },
    {
      key: 'icds',
      kind: 'text',
      title: 'Diagnoses',
      placeholder: 'ICD-10-CM codes in order, separated by spaces (e.g. E11.9 I10)',
      validate: (value) => (listOf(value).length === 0 ? 'At least one diagnosis.' : null),
    },
    // Last, so a biller keying a pile of superbills types the batch number once the claim is described.
    chargeBatchStep('Charge batch', 'Enter: the claim is in no batch', (_ctx, answers) => ({
      patientID: Number(answers.patientID),
    })),
  ],
  run: async (ctx, args) => {
    const text = (key: string) => (typeof args[key] === 'string' ? args[key].trim() : '');
    const chargeBatchID = batchOfChoice(args.chargeBatchID);
    const reply = await saveClaim(
      {
        patientID: Number(text('patientID')),
        providerID: Number(text('providerID')),
        dosFrom: text('dosFrom'),
        posCode: text('posCode') || '11',
        icds: listOf(text('icds')),
        chargeBatchID,
      },
      { source: ctx.source },
    );
    recordsChanged('claim', [reply.claimID]);
    goTo(claimDetailPath(reply.claimID));
    notify.success(
      chargeBatchID === null ? reply.message : `${reply.message} In charge batch ${batchName(chargeBatchID)}.`,
    );
  },
};

export const claimEditCommands: readonly Command[] = [
  newClaim,
  editClaimField,
  addDiagnosis,
  removeDiagnosis,
  addChargeLine,
];
