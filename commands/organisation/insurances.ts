/**
 * Payers (insurances) by keyboard: the payer ID claims go under and the one eligibility checks use,
 * the clearing house, the insurance type (self pay needs no payer ID), timely filing and the claim
 * format (P professional, I institutional). Edit, activate or inactivate act on the payer under
 * the cursor or open.
 */
import { payerIdProblem } from '../../contract/identifierRules.ts';
import {
  EXCLUDED_INSURANCE_TYPES,
  INSURANCE_TYPES,
  MAX_TIMELY_FILING_DAYS,
  type InsuranceRow,
} from '../../contract/payerAdmin.ts';
import {
  addInsurance,
  getClearingHouses,
  getGroupChoices,
  setInsuranceActive,
  updateInsurance,
} from '../../src/api/organisation.ts';
import type { Command } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { INSURANCE, INSURANCES_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { ADDRESS_FORMAT, addressLine, addressLineProblem, parseAddress } from './addressText.ts';
import { announce, background, text } from './announce.ts';
import { changeOf, fieldSteps, optional, type EditableField } from './fieldEdit.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_INSURANCE_FAILED = 'The insurance was not saved.';

const currentInsurance = (): InsuranceRow | null => targetOf('insurance')?.insurance ?? null;
const noInsurance = () => (currentInsurance() === null ? 'Open Insurances and put the cursor on a payer.' : null);

type InsuranceChange = Partial<InsuranceRow>;

export function timelyFilingProblem(value: string): string | null {
  const days = Number(value.trim());
  return Number.isInteger(days) && days >= 1 && days <= MAX_TIMELY_FILING_DAYS
    ? null
    : `Timely filing is a number of days from 1 to ${MAX_TIMELY_FILING_DAYS} (Medicare allows 365).`;
}

const typeOf = (typed: string) =>
  INSURANCE_TYPES.find(
    (type) => type.code === typed.toLowerCase().replace(/\s+/g, '_') || type.name.toLowerCase() === typed.toLowerCase(),
  );

export const INSURANCE_FIELDS: readonly EditableField<InsuranceRow, InsuranceChange>[] = [
  { key: 'name', label: 'Name', show: (i) => i.name, read: (typed) => (typed ? { name: typed } : 'Give a name.') },
  {
    key: 'payerID',
    label: 'Payer ID for claims',
    show: (i) => i.payerID,
    read: (typed) => payerIdProblem(typed, 'The payer ID for claims') ?? { payerID: typed.toUpperCase() },
  },
  {
    key: 'eligibilityPayerID',
    label: 'Payer ID for eligibility',
    show: (i) => i.eligibilityPayerID ?? '',
    read: (typed) =>
      typed === ''
        ? { eligibilityPayerID: null }
        : (payerIdProblem(typed, 'The payer ID for eligibility') ?? { eligibilityPayerID: typed.toUpperCase() }),
  },
  {
    key: 'clearingHouse',
    label: 'Clearing house',
    show: (i) => i.clearingHouse ?? '',
    read: async (typed) => {
      if (typed === '') return { clearingHouseID: null, clearingHouse: null };
      const houses = await getClearingHouses(background);
      const house = houses.find((each) => each.name.toLowerCase().startsWith(typed.toLowerCase()));
      return house
        ? { clearingHouseID: house.clearingHouseID, clearingHouse: house.name }
        : `Type one of ${houses.map((each) => each.name).join(', ')}.`;
    },
  },
  {
    key: 'insuranceType',
    label: 'Insurance type',
    show: (i) => INSURANCE_TYPES.find((type) => type.code === i.insuranceType)?.name ?? i.insuranceType,
    read: (typed) => {
      const type = typeOf(typed);
      return type
        ? { insuranceType: type.code }
        : `Type one of ${INSURANCE_TYPES.map((each) => each.name).join(', ')}.`;
    },
  },
  {
    key: 'claimFormat',
    label: 'Claim format (P or I)',
    show: (i) => (i.claimFormat === 'P' ? 'P professional (837P)' : 'I institutional (837I)'),
    read: (typed) => {
      const format = typed.toUpperCase().charAt(0);
      return format === 'P' || format === 'I' ? { claimFormat: format } : 'Type P (professional) or I (institutional).';
    },
  },
  {
    key: 'timelyFilingDays',
    label: 'Timely filing (days)',
    show: (i) => String(i.timelyFilingDays),
    read: (typed) => timelyFilingProblem(typed) ?? { timelyFilingDays: Number(typed) },
  },
  {
    key: 'address',
    label: 'Claims address',
    show: (i) => addressLine({ ...i, address2: null }),
    read: (typed) => {
      if (typed === '') return { address1: null, city: null, state: null, zip: null };
      const address = parseAddress(typed);
      const problem = addressLineProblem(typed, 'mailing');
      if (problem !== null || address === null) return problem ?? `Type the address as ${ADDRESS_FORMAT}.`;
      return { address1: address.address1, city: address.city, state: address.state, zip: address.zip };
    },
  },
  { key: 'phone', label: 'Phone', show: (i) => i.phone ?? '', read: (typed) => ({ phone: optional(typed) }) },
];

function insuranceRequest(insurance: InsuranceRow, change: InsuranceChange) {
  const i = { ...insurance, ...change };
  return {
    insuranceID: insurance.insuranceID,
    groupID: i.groupID,
    name: i.name,
    payerID: i.payerID,
    eligibilityPayerID: i.eligibilityPayerID,
    clearingHouseID: i.clearingHouseID,
    insuranceType: i.insuranceType,
    address1: i.address1,
    city: i.city,
    state: i.state,
    zip: i.zip,
    phone: i.phone,
    timelyFilingDays: i.timelyFilingDays,
    claimFormat: i.claimFormat,
  };
}

const goToInsurances: Command = {
  id: 'org.goToInsurances',
  title: 'Go to insurances (payers)',
  group: 'Navigation',
  keywords: ['insurances', 'payers', 'payer id', 'clearing house', 'administration'],
  privilege: 'ADMIN_INSURANCES',
  disabledReason: (ctx) =>
    notInMenuReason(INSURANCES_PATH, 'Insurances') ??
    (ctx.route === INSURANCES_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(INSURANCES_PATH),
};

const addInsuranceCommand: Command = {
  id: 'org.addInsurance',
  title: 'Add insurance (payer)…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['insurance', 'payer', 'new payer', 'payer id', 'clearing house', 'onboard'],
  privilege: 'ADMIN_INSURANCES',
  steps: [
    { key: 'name', kind: 'text', title: 'Payer name', validate: (value) => (value.trim() ? null : 'Give a name.') },
    {
      key: 'insuranceType',
      kind: 'choice',
      title: 'Insurance type',
      choices: () =>
        INSURANCE_TYPES.map((type) => ({
          value: type.code,
          label: type.name,
          hint: EXCLUDED_INSURANCE_TYPES.includes(type.code) ? 'never billed electronically: no payer ID' : undefined,
        })),
    },
    {
      key: 'payerID',
      kind: 'text',
      title: 'Payer ID for claims (as the clearing house lists it, e.g. 60054; Enter alone for self pay)',
      validate: (value) => (value.trim() === '' ? null : payerIdProblem(value, 'The payer ID for claims')),
    },
    {
      key: 'clearingHouseID',
      kind: 'choice',
      title: 'Clearing house',
      choices: async () => [
        ...(await getClearingHouses(background)).map((house) => ({
          value: String(house.clearingHouseID),
          label: house.name,
        })),
        { value: 'none', label: 'None' },
      ],
    },
    {
      key: 'eligibilityPayerID',
      kind: 'text',
      title: 'Payer ID for eligibility (Enter alone: none)',
      validate: (value) => (value.trim() === '' ? null : payerIdProblem(value, 'The payer ID for eligibility')),
    },
    {
      key: 'claimFormat',
      kind: 'choice',
      title: 'Claim format',
      choices: () => [
        { value: 'P', label: 'P professional (837P, CMS-1500)' },
        { value: 'I', label: 'I institutional (837I, UB-04)' },
      ],
    },
    {
      key: 'timelyFilingDays',
      kind: 'text',
      title: 'Timely filing (days from the date of service)',
      validate: timelyFilingProblem,
    },
    {
      key: 'groupID',
      kind: 'choice',
      title: 'Whose payer',
      choices: async () => [
        { value: 'every', label: 'Every client (shared)', hint: 'kept by administrators of every client' },
        ...(await getGroupChoices(background)).map((group) => ({ value: String(group.groupID), label: group.name })),
      ],
    },
  ],
  run: async (ctx, args) => {
    const name = text(args.name);
    const groupID = text(args.groupID);
    const house = text(args.clearingHouseID);
    const reply = await announce(
      SAVE_INSURANCE_FAILED,
      () =>
        addInsurance(
          {
            groupID: groupID === 'every' ? null : Number(groupID),
            name,
            payerID: text(args.payerID),
            eligibilityPayerID: optional(text(args.eligibilityPayerID)),
            clearingHouseID: house === 'none' ? null : Number(house),
            insuranceType: String(args.insuranceType) as InsuranceRow['insuranceType'],
            timelyFilingDays: Number(text(args.timelyFilingDays)),
            claimFormat: args.claimFormat === 'I' ? 'I' : 'P',
          },
          { source: ctx.source, silent: true },
        ),
      name,
      'insurance',
    );
    if (reply) goTo(INSURANCE.path(reply.pkid));
  },
};

const editInsurance: Command = {
  id: 'org.editInsurance',
  title: 'Edit insurance (payer)…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['insurance', 'payer', 'payer id', 'eligibility', 'clearing house', 'timely filing', 'claim format'],
  privilege: 'ADMIN_INSURANCES',
  disabledReason: noInsurance,
  steps: fieldSteps(INSURANCE_FIELDS, currentInsurance),
  run: async (ctx, args) => {
    const insurance = currentInsurance();
    if (insurance === null) return;
    const change = await changeOf(INSURANCE_FIELDS, insurance, args);
    if (change === null) return;
    await announce(
      SAVE_INSURANCE_FAILED,
      () => updateInsurance(insuranceRequest(insurance, change), { source: ctx.source, silent: true }),
      insurance.name,
      'insurance',
      [insurance.insuranceID],
    );
  },
};

const toggleInsurance = activeToggleCommand({
  id: 'org.toggleInsuranceActive',
  title: 'Activate / inactivate insurance (payer)…',
  group: 'Administration',
  keywords: ['insurance', 'payer', 'inactivate', 'deactivate', 'activate'],
  privilege: 'ADMIN_INSURANCES',
  disabledReason: noInsurance,
  current: currentInsurance,
  active: (insurance) => insurance.active,
  name: (insurance) => insurance.name,
  meaning: () => ({
    off: 'its claims stay; no new claim can be billed to it',
    on: 'new claims can be billed to it again',
  }),
  save: (insurance, active, source) =>
    announce(
      SAVE_INSURANCE_FAILED,
      () => setInsuranceActive(insurance.insuranceID, active, { source, silent: true }),
      insurance.name,
      'insurance',
      [insurance.insuranceID],
    ),
});

export const insuranceCommands: readonly Command[] = [
  goToInsurances,
  addInsuranceCommand,
  editInsurance,
  toggleInsurance,
];
