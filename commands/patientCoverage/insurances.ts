/**
 * A patient's insurances by keyboard, on the patient's Insurances section: N adds one (payer,
 * priority, member ID, group number, relationship and subscriber, coverage dates), E changes a
 * field of the one under the cursor, A switches it on or off. The server keeps primary, secondary
 * and tertiary in order and says why when a change would break it.
 */
import { groupNumberProblem } from '../../contract/coverageRules.ts';
import {
  PRIORITIES,
  SELF,
  priorityLabel,
  type Coverage,
  type UpdateCoverageRequest,
} from '../../contract/patientCoverage.ts';
import {
  addPatientCoverage,
  getPayersForPatient,
  setPatientCoverageActive,
  updatePatientCoverage,
} from '../../src/api/patientCoverage.ts';
import type { Command } from '../../src/console/types.ts';
import { targetOf } from '../../src/state/target.ts';
import { announce, background, text } from '../organisation/announce.ts';
import { changeOf, fieldSteps, optional, type EditableField } from '../organisation/fieldEdit.ts';
import {
  NO_SUBSCRIBER,
  SUBSCRIBER_FORMAT,
  coveredText,
  dateProblem,
  parseRelationship,
  parseSubscriber,
  relationshipChoices,
  relationshipText,
  subscriberText,
} from './coverageText.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_COVERAGE_FAILED = 'Error: Error in Patient Insurance Data';

const patientOpen = () => targetOf('patientCoverages');
const currentCoverage = (): Coverage | null => targetOf('patientInsurance')?.coverage ?? null;
const noPatient = () => (patientOpen() === null ? 'Open a patient’s Insurances section first.' : null);
const noCoverage = () =>
  currentCoverage() === null ? 'Put the cursor on an insurance in the patient’s Insurances section.' : null;

type CoverageChange = Partial<Omit<UpdateCoverageRequest, 'patientInsuranceID'>>;

async function payerNamed(patientID: number, typed: string): Promise<CoverageChange | string> {
  const payers = await getPayersForPatient(patientID, typed, background);
  const wanted = typed.toLowerCase();
  const payer =
    payers.find((each) => each.name.toLowerCase() === wanted || each.payerID.toLowerCase() === wanted) ??
    (payers.length === 1 ? payers[0] : undefined);
  if (payer) return { insuranceID: payer.insuranceID };
  if (payers.length === 0) return `No payer of the patient’s group matches "${typed}".`;
  const some = payers
    .slice(0, 5)
    .map((each) => each.name)
    .join(', ');
  return `Several payers match "${typed}": ${some}. Type more of the name or the payer ID.`;
}

export const COVERAGE_FIELDS: readonly EditableField<Coverage, CoverageChange>[] = [
  {
    key: 'payer',
    label: 'Payer (name or payer ID)',
    show: (c) => `${c.payerName} (${c.payerID})`,
    read: (typed, c) => (typed ? payerNamed(c.patientID, typed) : 'Type the payer’s name or payer ID.'),
  },
  {
    key: 'priority',
    label: 'Priority (1 primary, 2 secondary, 3 tertiary)',
    show: (c) => priorityLabel(c.priority),
    read: (typed) => {
      const found = PRIORITIES.find(
        (row) => String(row.priority) === typed || row.label.toLowerCase().startsWith(typed.toLowerCase() || '#'),
      );
      return found ? { priority: found.priority } : 'Type 1 (primary), 2 (secondary) or 3 (tertiary).';
    },
  },
  {
    key: 'subscriberID',
    label: 'Member ID',
    show: (c) => c.subscriberID,
    read: (typed) => (typed ? { subscriberID: typed } : 'Enter the member ID.'),
  },
  {
    key: 'groupNumber',
    label: 'Group number',
    show: (c) => c.groupNumber ?? '',
    read: (typed) => groupNumberProblem(typed) ?? { groupNumber: optional(typed) },
  },
  {
    key: 'relationship',
    label: `Relationship (X12 code or name; from Self to another, then the subscriber: 01, ${SUBSCRIBER_FORMAT})`,
    show: (c) => relationshipText(c.relationship),
    read: (typed, c) => {
      const [first = '', ...rest] = typed.split(',');
      const code = parseRelationship(first);
      if (code === '') return 'Type an X12 relationship: 18 Self, 01 Spouse, 19 Child, 20 Employee, G8 Other…';
      if (code === SELF) return { relationship: code, ...NO_SUBSCRIBER };
      // The patient was the subscriber: the other person comes with the new relationship, in one save.
      if (rest.length === 0)
        return c.relationship === SELF
          ? `Type the subscriber after the relationship: ${first.trim()}, ${SUBSCRIBER_FORMAT}.`
          : { relationship: code };
      const subscriber = parseSubscriber(rest.join(','));
      return typeof subscriber === 'string' ? subscriber : { relationship: code, ...subscriber };
    },
  },
  {
    key: 'subscriber',
    label: `Subscriber (${SUBSCRIBER_FORMAT})`,
    show: subscriberText,
    read: (typed, c) =>
      c.relationship === SELF
        ? 'The patient is the subscriber (Self): change the relationship, with the subscriber after it.'
        : parseSubscriber(typed),
  },
  {
    key: 'effectiveFrom',
    label: 'Effective date',
    show: (c) => c.effectiveFrom,
    read: (typed) => dateProblem(typed, 'The effective date') ?? { effectiveFrom: typed },
  },
  {
    key: 'effectiveTo',
    label: 'Termination date',
    show: (c) => c.effectiveTo ?? '',
    read: (typed) =>
      typed === '' ? { effectiveTo: null } : (dateProblem(typed, 'The termination date') ?? { effectiveTo: typed }),
  },
];

function coverageRequest(coverage: Coverage, change: CoverageChange): UpdateCoverageRequest {
  const c = { ...coverage, ...change };
  return {
    patientInsuranceID: coverage.patientInsuranceID,
    insuranceID: c.insuranceID,
    priority: c.priority,
    subscriberID: c.subscriberID,
    groupNumber: c.groupNumber,
    relationship: c.relationship,
    subscriberFirstName: c.subscriberFirstName,
    subscriberLastName: c.subscriberLastName,
    subscriberDateOfBirth: c.subscriberDateOfBirth,
    subscriberSex: c.subscriberSex as 'M' | 'F' | 'U' | null,
    effectiveFrom: c.effectiveFrom,
    effectiveTo: c.effectiveTo,
  };
}

const coverageName = (c: Pick<Coverage, 'payerName' | 'priority'>) => `${priorityLabel(c.priority)} ${c.payerName}`;

const addCoverage: Command = {
  id: 'patients.addInsurance',
  title: 'Add patient insurance…',
  screenKey: 'n',
  group: 'Patients',
  keywords: ['insurance', 'coverage', 'primary', 'secondary', 'tertiary', 'member id', 'subscriber', 'payer'],
  privilege: 'PATIENTS',
  disabledReason: noPatient,
  steps: [
    {
      key: 'insuranceID',
      kind: 'choice',
      title: 'Payer',
      choices: async () => {
        const patient = patientOpen();
        if (patient === null) return [];
        return (await getPayersForPatient(patient.id, undefined, background)).map((payer) => ({
          value: String(payer.insuranceID),
          label: payer.name,
          hint: `${payer.payerID} · ${payer.insuranceType}`,
        }));
      },
    },
    {
      key: 'priority',
      kind: 'choice',
      title: 'Priority',
      choices: () => PRIORITIES.map((row) => ({ value: String(row.priority), label: row.label })),
    },
    {
      key: 'subscriberID',
      kind: 'text',
      title: 'Member ID (a Medicare MBI such as 1EG4-TE5-MK73)',
      validate: (value) => (value.trim() ? null : 'Enter the member ID.'),
    },
    {
      key: 'groupNumber',
      kind: 'text',
      title: 'Group number (Enter alone: none)',
      validate: (value) => groupNumberProblem(value.trim()),
    },
    {
      key: 'relationship',
      kind: 'choice',
      title: 'Subscriber’s relationship to the patient',
      choices: relationshipChoices,
    },
    {
      key: 'subscriber',
      kind: 'text',
      title: `Subscriber when not the patient: ${SUBSCRIBER_FORMAT} (Enter alone when Self)`,
      validate: (value) => {
        if (value.trim() === '') return null;
        const parsed = parseSubscriber(value);
        return typeof parsed === 'string' ? parsed : null;
      },
    },
    {
      key: 'effectiveFrom',
      kind: 'text',
      title: 'Effective date (YYYY-MM-DD)',
      validate: (value) => dateProblem(value, 'The effective date'),
    },
    {
      key: 'effectiveTo',
      kind: 'text',
      title: 'Termination date (YYYY-MM-DD; Enter alone: none)',
      validate: (value) => (value.trim() === '' ? null : dateProblem(value, 'The termination date')),
    },
  ],
  run: async (ctx, args) => {
    const patient = patientOpen();
    if (patient === null) return;
    const relationship = text(args.relationship);
    const typedSubscriber = text(args.subscriber);
    const parsed = relationship === SELF || typedSubscriber === '' ? NO_SUBSCRIBER : parseSubscriber(typedSubscriber);
    const subscriber = typeof parsed === 'string' ? NO_SUBSCRIBER : parsed;
    const priority = Number(text(args.priority));
    await announce(
      SAVE_COVERAGE_FAILED,
      () =>
        addPatientCoverage(
          {
            patientID: patient.id,
            insuranceID: Number(text(args.insuranceID)),
            priority,
            subscriberID: text(args.subscriberID),
            groupNumber: optional(text(args.groupNumber)),
            relationship,
            ...subscriber,
            effectiveFrom: text(args.effectiveFrom),
            effectiveTo: optional(text(args.effectiveTo)),
          },
          { source: ctx.source, silent: true },
        ),
      `${priorityLabel(priority)} insurance`,
      'patientInsurance',
    );
  },
};

const editCoverage: Command = {
  id: 'patients.editInsurance',
  title: 'Edit patient insurance…',
  screenKey: 'e',
  group: 'Patients',
  keywords: ['insurance', 'coverage', 'member id', 'group number', 'subscriber', 'termination', 'effective'],
  privilege: 'PATIENTS',
  disabledReason: noCoverage,
  steps: fieldSteps(COVERAGE_FIELDS, currentCoverage),
  run: async (ctx, args) => {
    const coverage = currentCoverage();
    if (coverage === null) return;
    const change = await changeOf(COVERAGE_FIELDS, coverage, args);
    if (change === null) return;
    await announce(
      SAVE_COVERAGE_FAILED,
      () => updatePatientCoverage(coverageRequest(coverage, change), { source: ctx.source, silent: true }),
      coverageName(coverage),
      'patientInsurance',
      [coverage.patientInsuranceID],
    );
  },
};

const toggleCoverage = activeToggleCommand({
  id: 'patients.toggleInsuranceActive',
  title: 'Activate / inactivate patient insurance…',
  group: 'Patients',
  keywords: ['insurance', 'coverage', 'inactivate', 'activate', 'switch', 'terminate'],
  privilege: 'PATIENTS',
  disabledReason: noCoverage,
  current: currentCoverage,
  active: (coverage) => coverage.active,
  name: (coverage) => coverageName(coverage),
  meaning: (coverage) => ({ off: 'kept in the history; claims stop billing it', on: coveredText(coverage) }),
  save: (coverage, active, source) =>
    announce(
      SAVE_COVERAGE_FAILED,
      () => setPatientCoverageActive(coverage.patientInsuranceID, active, { source, silent: true }),
      coverageName(coverage),
      'patientInsurance',
      [coverage.patientInsuranceID],
    ),
});

export const patientInsuranceCommands: readonly Command[] = [addCoverage, editCoverage, toggleCoverage];
