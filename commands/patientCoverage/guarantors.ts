/**
 * A patient's guarantors by keyboard, on the patient's Guarantors section: N adds one (relationship,
 * name, date of birth, address, phone), E changes a field of the one under the cursor, Delete
 * removes it after asking.
 */
import { relationshipLabel, type Guarantor, type UpdateGuarantorRequest } from '../../contract/patientCoverage.ts';
import { deletePatientGuarantor, savePatientGuarantor, updatePatientGuarantor } from '../../src/api/patientCoverage.ts';
import type { Command } from '../../src/console/types.ts';
import { targetOf } from '../../src/state/target.ts';
import { ADDRESS_FORMAT, addressLine, addressLineProblem, parseAddress } from '../organisation/addressText.ts';
import { announce, text } from '../organisation/announce.ts';
import { confirmChoices } from '../general/activeToggle.ts';
import { changeOf, fieldSteps, optional, type EditableField } from '../organisation/fieldEdit.ts';
import { dateProblem, parseRelationship, relationshipChoices, relationshipText } from './coverageText.ts';

export const SAVE_GUARANTOR_FAILED = 'The guarantor was not saved.';

const patientOpen = () => targetOf('patientCoverages');
const currentGuarantor = (): Guarantor | null => targetOf('patientGuarantor')?.guarantor ?? null;
const noPatient = () => (patientOpen() === null ? 'Open a patient’s Guarantors section first.' : null);
const noGuarantor = () =>
  currentGuarantor() === null ? 'Put the cursor on a guarantor in the patient’s Guarantors section.' : null;

type GuarantorChange = Partial<Omit<UpdateGuarantorRequest, 'patientGuarantorID'>>;
type AddressChange = Pick<GuarantorChange, 'address1' | 'address2' | 'city' | 'state' | 'zip'>;

const NO_ADDRESS: AddressChange = { address1: null, address2: null, city: null, state: null, zip: null };

/** An address typed on one line, or a refusal. */
function readAddress(typed: string): AddressChange | string {
  if (typed === '') return NO_ADDRESS;
  const address = parseAddress(typed);
  const problem = addressLineProblem(typed, 'mailing');
  if (problem !== null || address === null) return problem ?? `Type the address as ${ADDRESS_FORMAT}.`;
  return {
    address1: address.address1,
    address2: address.address2 ?? null,
    city: address.city,
    state: address.state,
    zip: address.zip,
  };
}

export const guarantorName = (g: Pick<Guarantor, 'firstName' | 'lastName'>) => `${g.lastName}, ${g.firstName}`;

export const GUARANTOR_FIELDS: readonly EditableField<Guarantor, GuarantorChange>[] = [
  {
    key: 'relationship',
    label: 'Relationship to the patient (X12 code or name)',
    show: (g) => relationshipText(g.relationship),
    read: (typed) => {
      const code = parseRelationship(typed);
      return code === '' ? 'Type an X12 relationship: 18 Self, 01 Spouse, 19 Child, G8 Other…' : { relationship: code };
    },
  },
  {
    key: 'firstName',
    label: 'First name',
    show: (g) => g.firstName,
    read: (typed) => (typed ? { firstName: typed } : 'Enter the guarantor’s first name.'),
  },
  {
    key: 'middleName',
    label: 'Middle name',
    show: (g) => g.middleName ?? '',
    read: (typed) => ({ middleName: optional(typed) }),
  },
  {
    key: 'lastName',
    label: 'Last name',
    show: (g) => g.lastName,
    read: (typed) => (typed ? { lastName: typed } : 'Enter the guarantor’s last name.'),
  },
  {
    key: 'dateOfBirth',
    label: 'Date of birth',
    show: (g) => g.dateOfBirth ?? '',
    read: (typed) =>
      typed === '' ? { dateOfBirth: null } : (dateProblem(typed, 'The date of birth') ?? { dateOfBirth: typed }),
  },
  {
    key: 'address',
    label: 'Address',
    show: (g) => (g.address1 === null ? '' : addressLine(g)),
    read: readAddress,
  },
  { key: 'phone', label: 'Phone', show: (g) => g.phone ?? '', read: (typed) => ({ phone: optional(typed) }) },
];

function guarantorRequest(guarantor: Guarantor, change: GuarantorChange): UpdateGuarantorRequest {
  const g = { ...guarantor, ...change };
  return {
    patientGuarantorID: guarantor.patientGuarantorID,
    relationship: g.relationship,
    firstName: g.firstName,
    middleName: g.middleName,
    lastName: g.lastName,
    dateOfBirth: g.dateOfBirth,
    address1: g.address1,
    address2: g.address2,
    city: g.city,
    state: g.state,
    zip: g.zip,
    phone: g.phone,
  };
}

const addGuarantor: Command = {
  id: 'patients.addGuarantor',
  title: 'Add guarantor…',
  screenKey: 'n',
  group: 'Patients',
  keywords: ['guarantor', 'responsible party', 'patient', 'statement'],
  privilege: 'PATIENTS',
  disabledReason: noPatient,
  steps: [
    {
      key: 'relationship',
      kind: 'choice',
      title: 'Guarantor’s relationship to the patient',
      choices: relationshipChoices,
    },
    {
      key: 'firstName',
      kind: 'text',
      title: 'First name',
      validate: (value) => (value.trim() ? null : 'Enter the guarantor’s first name.'),
    },
    {
      key: 'lastName',
      kind: 'text',
      title: 'Last name',
      validate: (value) => (value.trim() ? null : 'Enter the guarantor’s last name.'),
    },
    {
      key: 'dateOfBirth',
      kind: 'text',
      title: 'Date of birth (YYYY-MM-DD; Enter alone: not known)',
      validate: (value) => (value.trim() === '' ? null : dateProblem(value, 'The date of birth')),
    },
    {
      key: 'address',
      kind: 'text',
      title: `Address (${ADDRESS_FORMAT}; Enter alone: none)`,
      validate: (value) => {
        const read = readAddress(value.trim());
        return typeof read === 'string' ? read : null;
      },
    },
    { key: 'phone', kind: 'text', title: 'Phone (10 digits; Enter alone: none)' },
  ],
  run: async (ctx, args) => {
    const patient = patientOpen();
    if (patient === null) return;
    const address = readAddress(text(args.address));
    const firstName = text(args.firstName);
    const lastName = text(args.lastName);
    await announce(
      SAVE_GUARANTOR_FAILED,
      () =>
        savePatientGuarantor(
          {
            patientID: patient.id,
            relationship: text(args.relationship),
            firstName,
            lastName,
            dateOfBirth: optional(text(args.dateOfBirth)),
            ...(typeof address === 'string' ? NO_ADDRESS : address),
            phone: optional(text(args.phone)),
          },
          { source: ctx.source, silent: true },
        ),
      `${lastName.toUpperCase()}, ${firstName.toUpperCase()}`,
      'patientGuarantor',
    );
  },
};

const editGuarantor: Command = {
  id: 'patients.editGuarantor',
  title: 'Edit guarantor…',
  screenKey: 'e',
  group: 'Patients',
  keywords: ['guarantor', 'responsible party', 'address', 'phone'],
  privilege: 'PATIENTS',
  disabledReason: noGuarantor,
  steps: fieldSteps(GUARANTOR_FIELDS, currentGuarantor),
  run: async (ctx, args) => {
    const guarantor = currentGuarantor();
    if (guarantor === null) return;
    const change = await changeOf(GUARANTOR_FIELDS, guarantor, args);
    if (change === null) return;
    await announce(
      SAVE_GUARANTOR_FAILED,
      () => updatePatientGuarantor(guarantorRequest(guarantor, change), { source: ctx.source, silent: true }),
      guarantorName(guarantor),
      'patientGuarantor',
      [guarantor.patientGuarantorID],
    );
  },
};

const deleteGuarantor: Command = {
  id: 'patients.deleteGuarantor',
  title: 'Delete guarantor…',
  screenKey: 'Delete',
  group: 'Patients',
  keywords: ['guarantor', 'remove', 'delete'],
  privilege: 'PATIENTS',
  disabledReason: noGuarantor,
  steps: [
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Are you sure?',
      choices: () => {
        const guarantor = currentGuarantor();
        if (guarantor === null) return [];
        return confirmChoices(
          `Delete ${guarantorName(guarantor)}`,
          `${relationshipLabel(guarantor.relationship)}; statements stop going to them`,
        );
      },
    },
  ],
  run: async (ctx, args) => {
    const guarantor = currentGuarantor();
    if (guarantor === null || args.confirm !== 'yes') return;
    await announce(
      SAVE_GUARANTOR_FAILED,
      () => deletePatientGuarantor(guarantor.patientGuarantorID, { source: ctx.source, silent: true }),
      guarantorName(guarantor),
      'patientGuarantor',
      [guarantor.patientGuarantorID],
    );
  },
};

export const patientGuarantorCommands: readonly Command[] = [addGuarantor, editGuarantor, deleteGuarantor];
