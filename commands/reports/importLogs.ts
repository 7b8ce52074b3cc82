/** The HL7 import (a file of messages from a practice's EHR) and the HL7 and EDI import logs. */
import {
  HL7_RECEIVING_FACILITY_PATTERN,
  MAX_HL7_FILE_BYTES,
  type EdiOutcome,
  type EdiTransactionSet,
  type Hl7Outcome,
} from '../../contract/importLogs.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { getPractices } from '../../src/api/crosswalks.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { chooseFile } from '../../src/files/chooseFile.ts';
import {
  NO_EDI_FILTERS,
  NO_HL7_FILTERS,
  getHl7InboundSettings,
  hl7InboundSettingsSaved,
  hl7MessagesImported,
  saveHl7InboundSettings,
  setEdiLogFilters,
  setHl7LogFilters,
  uploadHl7File,
  uploadText,
  type EdiLogFilters,
  type Hl7LogFilters,
} from '../../src/features/importLogs/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { EDI_IMPORT_LOG_PATH, HL7_IMPORT_LOG_PATH } from '../../src/routing/paths.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { notInMenuReason } from '../general/screens.ts';

export const UPLOAD_HL7_FAILED = 'The HL7 file was not imported.';

const onHl7Log = (ctx: CommandContext) => ctx.route === HL7_IMPORT_LOG_PATH;
const onEdiLog = (ctx: CommandContext) => ctx.route === EDI_IMPORT_LOG_PATH;
const hl7LogReason = (ctx: CommandContext) =>
  notInMenuReason(HL7_IMPORT_LOG_PATH, 'The HL7 import log') ??
  (onHl7Log(ctx) ? null : 'Open the HL7 import log first (g h).');
const ediLogReason = (ctx: CommandContext) =>
  notInMenuReason(EDI_IMPORT_LOG_PATH, 'The EDI import log') ??
  (onEdiLog(ctx) ? null : 'Open the EDI import log first (g i).');
const optionalDate = (value: string) =>
  value.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? null : 'A date as YYYY-MM-DD, or nothing.';

const answer = (answers: Readonly<Record<string, unknown>>, key: string) =>
  typeof answers[key] === 'string' ? answers[key].trim() : '';

/** The palette's answers as the HL7 log's filters ('all' and empty answers filter nothing). */
export function hl7FiltersFromAnswers(answers: Readonly<Record<string, unknown>>): Hl7LogFilters {
  const outcome = answer(answers, 'outcome');
  const messageType = answer(answers, 'messageType');
  return {
    outcome: outcome === '' || outcome === 'all' ? null : (outcome as Hl7Outcome),
    messageType: messageType === 'all' ? '' : messageType,
    fromDate: answer(answers, 'fromDate'),
    toDate: answer(answers, 'toDate'),
  };
}

export function ediFiltersFromAnswers(answers: Readonly<Record<string, unknown>>): EdiLogFilters {
  const outcome = answer(answers, 'outcome');
  const transactionSet = answer(answers, 'transactionSet');
  return {
    outcome: outcome === '' || outcome === 'all' ? null : (outcome as EdiOutcome),
    transactionSet: transactionSet === '' || transactionSet === 'all' ? null : (transactionSet as EdiTransactionSet),
    fromDate: answer(answers, 'fromDate'),
    toDate: answer(answers, 'toDate'),
  };
}

/** The practices the data role reaches, by group then name: an HL7 file is one practice's. */
export async function practiceChoices(): Promise<CommandChoice[]> {
  const { practices } = await getPractices({ silent: true, background: true });
  return [...practices]
    .sort((a, b) => a.groupName.localeCompare(b.groupName) || a.name.localeCompare(b.name))
    .map((practice) => ({ value: String(practice.practiceID), label: practice.name, hint: practice.groupName }));
}

function failureText(thrown: unknown): string | undefined {
  if (thrown instanceof ApiError) return thrown.serverMessage ?? thrown.message;
  return thrown instanceof Error ? thrown.message : undefined;
}

const goToHl7Log: Command = {
  id: 'nav.goToHl7ImportLog',
  title: 'Go to HL7 import log',
  group: 'Navigation',
  keywords: ['hl7', 'import log', 'interface', 'mllp', 'adt', 'dft', 'ehr', 'messages', 'ack', 'reports'],
  shortcut: 'g h',
  privilege: 'REPORTS',
  disabledReason: () => notInMenuReason(HL7_IMPORT_LOG_PATH, 'The HL7 import log'),
  run: () => goTo(HL7_IMPORT_LOG_PATH),
};

const goToEdiLog: Command = {
  id: 'nav.goToEdiImportLog',
  title: 'Go to EDI import log',
  group: 'Navigation',
  keywords: ['edi', 'x12', '835', '271', '999', '277', 'import log', 'files read', 'reports'],
  shortcut: 'g i',
  privilege: 'REPORTS',
  disabledReason: () => notInMenuReason(EDI_IMPORT_LOG_PATH, 'The EDI import log'),
  run: () => goTo(EDI_IMPORT_LOG_PATH),
};

const uploadHl7: Command = {
  id: 'hl7.uploadFile',
  title: 'Upload HL7 file…',
  group: 'Claims',
  keywords: ['hl7', 'import', 'upload', 'ehr', 'charges', 'dft', 'adt', 'patients', 'superbill', 'interface'],
  shortcut: 'Alt+Shift+h',
  screenKey: 'u',
  privilege: 'CLAIMS',
  steps: [
    {
      key: 'practiceID',
      kind: 'choice',
      title: 'Practice the messages are for (then pick the file)',
      choices: practiceChoices,
    },
  ],
  run: async (ctx, args) => {
    const practiceID = Number(args.practiceID);
    if (!Number.isInteger(practiceID) || practiceID <= 0) return;
    const file = await chooseFile('.hl7,.txt,.dat,.msg,text/plain');
    if (file === null) return;
    if (file.size > MAX_HL7_FILE_BYTES) {
      notify.error(UPLOAD_HL7_FAILED, `${file.name} is larger than ${MAX_HL7_FILE_BYTES / 1024 / 1024} MB.`);
      return;
    }
    try {
      const reply = await uploadHl7File(
        { practiceID, fileName: file.name, text: await file.text() },
        { source: ctx.source, silent: true },
      );
      if (reply.accepted === reply.results.length) notify.successWithDetail(reply.message, uploadText(reply));
      else notify.warning(reply.message, uploadText(reply));
      const claimIDs = reply.results.flatMap((result) => (result.claimID === null ? [] : [result.claimID]));
      if (claimIDs.length > 0) recordsChanged('claim', claimIDs);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(UPLOAD_HL7_FAILED, failureText(thrown));
      return;
    }
    // The log shows what each message did; Enter there opens the draft claim.
    hl7MessagesImported();
    if (ctx.route !== HL7_IMPORT_LOG_PATH) goTo(HL7_IMPORT_LOG_PATH);
  },
};

const filterHl7Log: Command = {
  id: 'hl7Log.filter',
  title: 'Filter HL7 import log…',
  group: 'Reports',
  keywords: ['hl7', 'filter', 'errors', 'rejected', 'accepted', 'message type', 'date'],
  screenKey: 'f',
  privilege: 'REPORTS',
  when: onHl7Log,
  disabledReason: hl7LogReason,
  steps: [
    {
      key: 'outcome',
      kind: 'choice',
      title: 'Outcome',
      choices: () => [
        { value: 'all', label: 'Every outcome' },
        { value: 'error', label: 'Errors (AE)', hint: 'refused for their content' },
        { value: 'rejected', label: 'Rejected (AR)', hint: 'not taken at all' },
        { value: 'accepted', label: 'Accepted (AA)' },
      ],
    },
    {
      key: 'messageType',
      kind: 'choice',
      title: 'Message type',
      choices: () => [
        { value: 'all', label: 'Every message type' },
        { value: 'DFT^P03', label: 'DFT^P03', hint: 'charges' },
        { value: 'ADT', label: 'ADT', hint: 'registrations and updates' },
        { value: 'ADT^A04', label: 'ADT^A04', hint: 'registrations' },
        { value: 'ADT^A08', label: 'ADT^A08', hint: 'updates' },
      ],
    },
    { key: 'fromDate', kind: 'text', title: 'Received from, YYYY-MM-DD (empty: any)', validate: optionalDate },
    { key: 'toDate', kind: 'text', title: 'Received to, YYYY-MM-DD (empty: any)', validate: optionalDate },
  ],
  run: (_ctx, args) => setHl7LogFilters(hl7FiltersFromAnswers(args)),
};

const clearHl7Filters: Command = {
  id: 'hl7Log.clearFilters',
  title: 'Clear HL7 import log filters',
  group: 'Reports',
  keywords: ['hl7', 'filter', 'reset', 'all messages'],
  privilege: 'REPORTS',
  when: onHl7Log,
  disabledReason: hl7LogReason,
  run: () => setHl7LogFilters(NO_HL7_FILTERS),
};

const filterEdiLog: Command = {
  id: 'ediLog.filter',
  title: 'Filter EDI import log…',
  group: 'Reports',
  keywords: ['edi', 'filter', '835', '271', 'refused', 'date'],
  screenKey: 'f',
  privilege: 'CLAIMS',
  when: onEdiLog,
  disabledReason: ediLogReason,
  steps: [
    {
      key: 'transactionSet',
      kind: 'choice',
      title: 'File kind',
      choices: () => [
        { value: 'all', label: 'Every kind of file' },
        { value: '835', label: '835 remittances' },
        { value: '271', label: '271 eligibility answers' },
        { value: '999', label: '999 acknowledgments' },
        { value: '277', label: '277 claim status' },
      ],
    },
    {
      key: 'outcome',
      kind: 'choice',
      title: 'Outcome',
      choices: () => [
        { value: 'all', label: 'Every outcome' },
        { value: 'rejected', label: 'Refused' },
        { value: 'error', label: 'Not understood' },
        { value: 'accepted', label: 'Read' },
      ],
    },
    { key: 'fromDate', kind: 'text', title: 'Read from, YYYY-MM-DD (empty: any)', validate: optionalDate },
    { key: 'toDate', kind: 'text', title: 'Read to, YYYY-MM-DD (empty: any)', validate: optionalDate },
  ],
  run: (_ctx, args) => setEdiLogFilters(ediFiltersFromAnswers(args)),
};

const clearEdiFilters: Command = {
  id: 'ediLog.clearFilters',
  title: 'Clear EDI import log filters',
  group: 'Reports',
  keywords: ['edi', 'filter', 'reset', 'all files'],
  privilege: 'CLAIMS',
  when: onEdiLog,
  disabledReason: ediLogReason,
  run: () => setEdiLogFilters(NO_EDI_FILTERS),
};

export const SAVE_HL7_INTERFACE_FAILED = 'The HL7 interface was not saved.';

/** A receiving facility as the server keeps it (trimmed, in capitals), or why not. */
export function receivingFacilityProblem(value: string): string | null {
  const facility = value.trim().toUpperCase();
  if (facility === '') return 'Name the receiving facility (MSH-6) of the interface.';
  if (facility.length > 60) return 'A receiving facility is at most 60 characters.';
  return HL7_RECEIVING_FACILITY_PATTERN.test(facility)
    ? null
    : 'Letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit.';
}

const setUpHl7Interface: Command = {
  id: 'hl7.inboundSettings',
  title: 'Set up HL7 interface…',
  group: 'Reports',
  keywords: ['hl7', 'interface', 'mllp', 'receiving facility', 'msh-6', 'ehr', 'settings', 'inbound', 'import user'],
  screenKey: 'i',
  privilege: 'ADMIN_PRACTICES',
  when: onHl7Log,
  disabledReason: hl7LogReason,
  steps: [
    {
      key: 'practiceID',
      kind: 'choice',
      title: 'Practice whose interface to set up',
      choices: async () => {
        const { rows } = await getHl7InboundSettings({ silent: true, background: true });
        return rows.map((row) => ({
          value: String(row.practiceID),
          label: row.practiceName,
          hint: `${row.groupName} · ${
            row.receivingFacility === null
              ? 'not set up'
              : `${row.receivingFacility}${row.active ? '' : ' (off)'}, as ${row.importUserName ?? 'nobody'}`
          }`,
        }));
      },
    },
    {
      key: 'receivingFacility',
      kind: 'text',
      title: 'Receiving facility the EHR names in MSH-6',
      placeholder: 'LAKESIDE',
      validate: receivingFacilityProblem,
    },
    {
      key: 'importUserID',
      kind: 'choice',
      title: 'User the import acts as',
      choices: async () => {
        const { users } = await getHl7InboundSettings({ silent: true, background: true });
        return users.map((user) => ({ value: String(user.userID), label: user.name, hint: user.email }));
      },
    },
    {
      key: 'active',
      kind: 'choice',
      title: 'Takes messages?',
      choices: () => [
        { value: 'true', label: 'On', hint: 'messages for this facility are imported' },
        { value: 'false', label: 'Off', hint: 'messages for this facility are refused (AR)' },
      ],
    },
  ],
  run: async (ctx, args) => {
    try {
      const reply = await saveHl7InboundSettings(
        {
          practiceID: Number(args.practiceID),
          receivingFacility: typeof args.receivingFacility === 'string' ? args.receivingFacility : '',
          importUserID: Number(args.importUserID),
          active: args.active === 'true',
        },
        { source: ctx.source, silent: true },
      );
      notify.success(reply.message);
      hl7InboundSettingsSaved();
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(SAVE_HL7_INTERFACE_FAILED, failureText(thrown));
    }
  },
};

/** Commands of the HL7 import and the import logs. */
export const importLogCommands: readonly Command[] = [
  goToHl7Log,
  goToEdiLog,
  uploadHl7,
  filterHl7Log,
  clearHl7Filters,
  setUpHl7Interface,
  filterEdiLog,
  clearEdiFilters,
];
