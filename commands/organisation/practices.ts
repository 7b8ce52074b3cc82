/**
 * Practices and their facilities by keyboard. A practice is the billing provider of its claims
 * (billing NPI, tax ID, taxonomy, a street billing address and a pay-to address that may be a PO
 * box); a facility is where care is given (place of service, type of bill). On a group's screen a
 * new practice goes to that group; on a practice's facilities, a new facility to that practice.
 */
import { normalTaxId, npiMessage, taxIdProblem, taxonomyProblem } from '../../contract/identifierRules.ts';
import type { FacilityRow, PracticeRow } from '../../contract/organisation.ts';
import {
  addFacility,
  addPractice,
  getBillTypes,
  getGroupChoices,
  getPracticeProfiles,
  setFacilityActive,
  setPracticeActive,
  updateFacility,
  updatePractice,
} from '../../src/api/organisation.ts';
import type { Command, CommandStep } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { FACILITIES_PATH, PRACTICES_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { ADDRESS_FORMAT, addressLine, addressLineProblem, parseAddress } from './addressText.ts';
import { announce, background, text } from './announce.ts';
import { changeOf, fieldSteps, optional, type EditableField } from './fieldEdit.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_PRACTICE_FAILED = 'The practice was not saved.';
export const SAVE_FACILITY_FAILED = 'The facility was not saved.';

const currentPractice = (): PracticeRow | null => targetOf('practice')?.practice ?? null;
const currentFacility = (): FacilityRow | null => targetOf('facility')?.facility ?? null;
/** The group a screen shows or has under its cursor, so a new practice needs no group step. */
const shownGroupID = (): number | null => targetOf('group')?.id ?? null;

type PracticeChange = Partial<PracticeRow>;
type FacilityChange = Partial<FacilityRow>;

function addressChange(typed: string, purpose: 'billing' | 'service') {
  const address = parseAddress(typed);
  const problem = addressLineProblem(typed, purpose);
  if (problem !== null || address === null) return problem ?? `Type the address as ${ADDRESS_FORMAT}.`;
  return {
    address1: address.address1,
    address2: address.address2 ?? null,
    city: address.city,
    state: address.state,
    zip: address.zip,
  };
}

export const PRACTICE_FIELDS: readonly EditableField<PracticeRow, PracticeChange>[] = [
  { key: 'name', label: 'Name', show: (p) => p.name, read: (typed) => (typed ? { name: typed } : 'Give a name.') },
  {
    key: 'npi',
    label: 'Billing NPI',
    show: (p) => p.npi,
    read: (typed) => npiMessage(typed, 'The billing NPI') ?? { npi: typed },
  },
  {
    key: 'taxID',
    label: 'Tax ID (EIN)',
    show: (p) => p.taxID,
    read: (typed) => taxIdProblem(typed) ?? { taxID: normalTaxId(typed) },
  },
  {
    key: 'taxonomyCode',
    label: 'Taxonomy code',
    show: (p) => p.taxonomyCode ?? '',
    read: (typed) =>
      typed === '' ? { taxonomyCode: null } : (taxonomyProblem(typed) ?? { taxonomyCode: typed.toUpperCase() }),
  },
  {
    key: 'address',
    label: 'Billing address (a street)',
    show: addressLine,
    read: (typed) => addressChange(typed, 'billing'),
  },
  {
    key: 'payTo',
    label: 'Pay-to address (may be a PO box)',
    show: (p) =>
      addressLine({
        address1: p.payToAddress1,
        address2: p.payToAddress2,
        city: p.payToCity,
        state: p.payToState,
        zip: p.payToZip,
      }),
    read: (typed) => {
      if (typed === '')
        return { payToAddress1: null, payToAddress2: null, payToCity: null, payToState: null, payToZip: null };
      const address = parseAddress(typed);
      const problem = addressLineProblem(typed, 'payTo');
      if (problem !== null || address === null) return problem ?? `Type the address as ${ADDRESS_FORMAT}.`;
      return {
        payToAddress1: address.address1,
        payToAddress2: address.address2 ?? null,
        payToCity: address.city,
        payToState: address.state,
        payToZip: address.zip,
      };
    },
  },
  { key: 'phone', label: 'Phone', show: (p) => p.phone ?? '', read: (typed) => ({ phone: optional(typed) }) },
];

function practiceRequest(practice: PracticeRow, change: PracticeChange) {
  const p = { ...practice, ...change };
  return {
    practiceID: practice.practiceID,
    groupID: p.groupID,
    name: p.name,
    npi: p.npi,
    taxID: p.taxID,
    taxonomyCode: p.taxonomyCode,
    address1: p.address1,
    address2: p.address2,
    city: p.city,
    state: p.state,
    zip: p.zip,
    phone: p.phone,
    payToAddress1: p.payToAddress1,
    payToAddress2: p.payToAddress2,
    payToCity: p.payToCity,
    payToState: p.payToState,
    payToZip: p.payToZip,
  };
}

const groupStep: CommandStep = {
  key: 'groupID',
  kind: 'choice',
  title: 'Group (client)',
  choices: async () =>
    (await getGroupChoices(background))
      .filter((group) => group.active)
      .map((group) => ({ value: String(group.groupID), label: group.name })),
};

const practiceSteps: readonly CommandStep[] = [
  { key: 'name', kind: 'text', title: 'Practice name', validate: (value) => (value.trim() ? null : 'Give a name.') },
  {
    key: 'npi',
    kind: 'text',
    title: 'Billing NPI (10 digits)',
    validate: (value) => npiMessage(value.trim(), 'The NPI'),
  },
  { key: 'taxID', kind: 'text', title: 'Tax ID (EIN, 12-3456789)', validate: taxIdProblem },
  {
    key: 'taxonomyCode',
    kind: 'text',
    title: 'Taxonomy code (e.g. 207Q00000X; Enter alone for none)',
    validate: (value) => (value.trim() === '' ? null : taxonomyProblem(value)),
  },
  {
    key: 'address',
    kind: 'text',
    title: `Billing address: ${ADDRESS_FORMAT}`,
    validate: (value) => addressLineProblem(value, 'billing'),
  },
];

const goToPractices: Command = {
  id: 'org.goToPractices',
  title: 'Go to practices',
  group: 'Navigation',
  keywords: ['practices', 'billing provider', 'administration'],
  privilege: 'ADMIN_PRACTICES',
  disabledReason: (ctx) =>
    notInMenuReason(PRACTICES_PATH, 'Practices') ??
    (ctx.route === PRACTICES_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(PRACTICES_PATH),
};

const addPracticeCommand: Command = {
  id: 'org.addPractice',
  title: 'Add practice…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['practice', 'new practice', 'billing provider', 'npi', 'tax id', 'onboard'],
  privilege: 'ADMIN_PRACTICES',
  get steps(): readonly CommandStep[] {
    return shownGroupID() === null ? [groupStep, ...practiceSteps] : practiceSteps;
  },
  run: async (ctx, args) => {
    const groupID = args.groupID === undefined ? shownGroupID() : Number(args.groupID);
    const address = parseAddress(text(args.address));
    if (groupID === null || address === null) return;
    const name = text(args.name);
    await announce(
      SAVE_PRACTICE_FAILED,
      () =>
        addPractice(
          {
            groupID,
            name,
            npi: text(args.npi),
            taxID: text(args.taxID),
            taxonomyCode: optional(text(args.taxonomyCode)),
            ...address,
          },
          { source: ctx.source, silent: true },
        ),
      name,
      'practice',
    );
  },
};

const editPractice: Command = {
  id: 'org.editPractice',
  title: 'Edit practice…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['practice', 'npi', 'tax id', 'taxonomy', 'pay-to', 'billing address'],
  privilege: 'ADMIN_PRACTICES',
  disabledReason: () => (currentPractice() === null ? 'Put the cursor on a practice.' : null),
  steps: fieldSteps(PRACTICE_FIELDS, currentPractice),
  run: async (ctx, args) => {
    const practice = currentPractice();
    if (practice === null) return;
    const change = await changeOf(PRACTICE_FIELDS, practice, args);
    if (change === null) return;
    await announce(
      SAVE_PRACTICE_FAILED,
      () => updatePractice(practiceRequest(practice, change), { source: ctx.source, silent: true }),
      practice.name,
      'practice',
      [practice.practiceID],
    );
  },
};

const togglePractice = activeToggleCommand({
  id: 'org.togglePracticeActive',
  title: 'Activate / inactivate practice…',
  group: 'Administration',
  keywords: ['practice', 'inactivate', 'deactivate', 'activate'],
  privilege: 'ADMIN_PRACTICES',
  disabledReason: () => (currentPractice() === null ? 'Put the cursor on a practice.' : null),
  current: currentPractice,
  active: (practice) => practice.active,
  name: (practice) => practice.name,
  meaning: () => ({
    off: 'its claims stay; no new claim can be billed under it',
    on: 'new claims can be billed under it again',
  }),
  save: (practice, active, source) =>
    announce(
      SAVE_PRACTICE_FAILED,
      () => setPracticeActive(practice.practiceID, active, { source, silent: true }),
      practice.name,
      'practice',
      [practice.practiceID],
    ),
});

// --- Facilities --------------------------------------------------------------------------------

/** The practice a screen shows or has under its cursor, so a new facility needs no practice step. */
const shownPracticeID = (): number | null => targetOf('practice')?.id ?? null;

const billTypeStep: CommandStep = {
  key: 'billType',
  kind: 'choice',
  title: 'Type of bill (institutional claims)',
  choices: async () => [
    { value: 'none', label: 'None (professional claims only)' },
    ...(await getBillTypes(background)).map((type) => ({
      value: type.code,
      label: `${type.code} ${type.description}`,
    })),
  ],
};

export const FACILITY_FIELDS: readonly EditableField<FacilityRow, FacilityChange>[] = [
  { key: 'name', label: 'Name', show: (f) => f.name, read: (typed) => (typed ? { name: typed } : 'Give a name.') },
  {
    key: 'posCode',
    label: 'Place of service',
    show: (f) => `${f.posCode ?? ''} ${f.posName ?? ''}`.trim(),
    read: (typed) => ({ posCode: typed }),
  },
  {
    key: 'billType',
    label: 'Type of bill',
    show: (f) => f.billType ?? '',
    read: (typed) => ({ billType: optional(typed) }),
  },
  {
    key: 'npi',
    label: 'NPI (organisation)',
    show: (f) => f.npi ?? '',
    read: (typed) =>
      typed === '' ? { npi: null } : (npiMessage(typed, "The facility's NPI", 'organization') ?? { npi: typed }),
  },
  { key: 'address', label: 'Address (a street)', show: addressLine, read: (typed) => addressChange(typed, 'service') },
  { key: 'phone', label: 'Phone', show: (f) => f.phone ?? '', read: (typed) => ({ phone: optional(typed) }) },
];

function facilityRequest(facility: FacilityRow, change: FacilityChange) {
  const f = { ...facility, ...change };
  return {
    facilityID: facility.facilityID,
    practiceID: f.practiceID,
    name: f.name,
    npi: f.npi,
    posCode: f.posCode ?? '',
    billType: f.billType,
    address1: f.address1,
    address2: f.address2,
    city: f.city,
    state: f.state,
    zip: f.zip,
    phone: f.phone,
  };
}

const practiceStep: CommandStep = {
  key: 'practiceID',
  kind: 'choice',
  title: 'Practice',
  choices: async () =>
    (await getPracticeProfiles({ active: 'true' }, background)).map((practice) => ({
      value: String(practice.practiceID),
      label: practice.name,
      hint: practice.groupName,
    })),
};

const facilitySteps: readonly CommandStep[] = [
  { key: 'name', kind: 'text', title: 'Facility name', validate: (value) => (value.trim() ? null : 'Give a name.') },
  {
    key: 'posCode',
    kind: 'text',
    title: 'Place of service (2 digits: 11 office, 22 outpatient hospital, 21 inpatient)',
    validate: (value) => (/^\d{2}$/.test(value.trim()) ? null : 'A place of service is 2 digits, like 11.'),
  },
  billTypeStep,
  {
    key: 'address',
    kind: 'text',
    title: `Address (a street): ${ADDRESS_FORMAT}`,
    validate: (value) => addressLineProblem(value, 'service'),
  },
];

const goToFacilities: Command = {
  id: 'org.goToFacilities',
  title: 'Go to facilities',
  group: 'Navigation',
  keywords: ['facilities', 'locations', 'place of service', 'administration'],
  privilege: 'ADMIN_FACILITIES',
  disabledReason: (ctx) =>
    notInMenuReason(FACILITIES_PATH, 'Facilities') ??
    (ctx.route === FACILITIES_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(FACILITIES_PATH),
};

const addFacilityCommand: Command = {
  id: 'org.addFacility',
  title: 'Add facility…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['facility', 'location', 'place of service', 'bill type', 'onboard'],
  privilege: 'ADMIN_FACILITIES',
  get steps(): readonly CommandStep[] {
    return shownPracticeID() === null ? [practiceStep, ...facilitySteps] : facilitySteps;
  },
  run: async (ctx, args) => {
    const practiceID = args.practiceID === undefined ? shownPracticeID() : Number(args.practiceID);
    const address = parseAddress(text(args.address));
    if (practiceID === null || address === null) return;
    const name = text(args.name);
    await announce(
      SAVE_FACILITY_FAILED,
      () =>
        addFacility(
          {
            practiceID,
            name,
            posCode: text(args.posCode),
            billType: args.billType === 'none' ? null : optional(text(args.billType)),
            ...address,
          },
          { source: ctx.source, silent: true },
        ),
      name,
      'facility',
    );
  },
};

const editFacility: Command = {
  id: 'org.editFacility',
  title: 'Edit facility…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['facility', 'location', 'place of service', 'bill type', 'address'],
  privilege: 'ADMIN_FACILITIES',
  disabledReason: () => (currentFacility() === null ? 'Put the cursor on a facility.' : null),
  steps: fieldSteps(FACILITY_FIELDS, currentFacility),
  run: async (ctx, args) => {
    const facility = currentFacility();
    if (facility === null) return;
    const change = await changeOf(FACILITY_FIELDS, facility, args);
    if (change === null) return;
    await announce(
      SAVE_FACILITY_FAILED,
      () => updateFacility(facilityRequest(facility, change), { source: ctx.source, silent: true }),
      facility.name,
      'facility',
      [facility.facilityID],
    );
  },
};

const toggleFacility = activeToggleCommand({
  id: 'org.toggleFacilityActive',
  title: 'Activate / inactivate facility…',
  group: 'Administration',
  keywords: ['facility', 'inactivate', 'deactivate', 'activate', 'location'],
  privilege: 'ADMIN_FACILITIES',
  disabledReason: () => (currentFacility() === null ? 'Put the cursor on a facility.' : null),
  current: currentFacility,
  active: (facility) => facility.active,
  name: (facility) => facility.name,
  meaning: () => ({ off: 'its claims stay; no new claim can name it', on: 'new claims can name it again' }),
  save: (facility, active, source) =>
    announce(
      SAVE_FACILITY_FAILED,
      () => setFacilityActive(facility.facilityID, active, { source, silent: true }),
      facility.name,
      'facility',
      [facility.facilityID],
    ),
});

export const practiceCommands: readonly Command[] = [
  goToPractices,
  addPracticeCommand,
  editPractice,
  togglePractice,
  goToFacilities,
  addFacilityCommand,
  editFacility,
  toggleFacility,
];
