import type { SegmentData } from '../x12/writeX12.ts';
import { claimProblem } from './build837Error.ts';
import type { Claim837, Coverage837, Payer837, Practice837 } from './claim837.ts';
import { filingIndicator, responsibility, type Kind837 } from './codes837.ts';
import { date8, digits, identifier } from './format837.ts';
import { address, organisationName, personName, taxonomy } from './names837.ts';

/** The X12 individual relationship code of the subscriber to the patient when they are one person. */
export const SELF = '18';

/** 2000A billing provider level and 2010AA billing provider. */
export function billingProvider(practice: Practice837, hl: number): SegmentData[] {
  return [
    ['HL', String(hl), '', '20', '1'],
    ...taxonomy('BI', practice),
    organisationName('85', practice.name, 'XX', digits(practice.npi)),
    ...address(practice),
    ['REF', 'EI', digits(practice.taxID)],
  ];
}

function payerAddress(payer: Payer837): SegmentData[] {
  if (payer.address1 === null || payer.city === null || payer.state === null || payer.zip === null) return [];
  return address({ address1: payer.address1, address2: null, city: payer.city, state: payer.state, zip: payer.zip });
}

/** NM1*PR of a payer by its payer id (2010BB, 2330B). */
export function payerName(payer: Payer837): SegmentData[] {
  return [organisationName('PR', payer.name, 'PI', payer.payerID), ...payerAddress(payer)];
}

/** NM1*IL of a coverage's subscriber: the patient's own name when the patient is the subscriber. */
export function subscriberName(claim: Claim837, coverage: Coverage837): SegmentData {
  const { patient } = claim;
  if (coverage.subscriberRelation === SELF)
    return personName('IL', patient.lastName, patient.firstName, patient.middleName, 'MI', coverage.subscriberID);
  if ((coverage.subscriberLastName ?? '').trim() === '') {
    throw claimProblem(
      claim.claimID,
      `the subscriber of ${coverage.payer.name} is not the patient and has no name on the coverage.`,
    );
  }
  return personName(
    'IL',
    coverage.subscriberLastName ?? '',
    coverage.subscriberFirstName,
    null,
    'MI',
    coverage.subscriberID,
  );
}

function demographics(claim: Claim837): SegmentData {
  return ['DMG', 'D8', date8(claim.patient.dateOfBirth), claim.patient.sex];
}

/**
 * SBR05 of 2000B: 005010X222A1 requires the insurance type code when the payer billed is Medicare
 * and Medicare is not the primary payer (the Medicare secondary payer type); 005010X223A2 does not
 * use SBR05 (an institutional claim tells MSP with value codes).
 */
function insuranceTypeCode(claim: Claim837, coverage: Coverage837, kind: Kind837): string {
  if (kind !== 'P' || coverage.payer.insuranceType !== 'medicare' || coverage.priority === 1) return '';
  const choice = claim.medicareSecondaryType ?? null;
  if (choice === null || choice.code === null) {
    const rank = coverage.priority === 2 ? 'secondary' : 'tertiary';
    throw claimProblem(
      claim.claimID,
      `Medicare is billed as ${rank} payer, so SBR05 must say why it pays second, and no Medicare secondary payer type fits${choice === null ? '.' : `: ${choice.reason}`}`,
    );
  }
  return choice.code;
}

/** 2000B subscriber level, 2010BA subscriber and 2010BB payer. */
export function subscriber(
  claim: Claim837,
  coverage: Coverage837,
  kind: Kind837,
  hl: number,
  parent: number,
): SegmentData[] {
  const self = coverage.subscriberRelation === SELF;
  const segments: SegmentData[] = [
    ['HL', String(hl), String(parent), '22', self ? '0' : '1'],
    [
      'SBR',
      responsibility(coverage.priority),
      self ? SELF : '',
      identifier(coverage.groupNumber, 50),
      '',
      insuranceTypeCode(claim, coverage, kind),
      '',
      '',
      '',
      filingIndicator(coverage.payer.insuranceType, kind),
    ],
    subscriberName(claim, coverage),
  ];
  if (self) segments.push(...address(claim.patient), demographics(claim));
  segments.push(...payerName(coverage.payer));
  return segments;
}

/** 2000C patient level and 2010CA patient, only when the patient is not the subscriber. */
export function patient(claim: Claim837, coverage: Coverage837, hl: number, parent: number): SegmentData[] {
  const { patient: person } = claim;
  return [
    ['HL', String(hl), String(parent), '23', '0'],
    ['PAT', coverage.subscriberRelation],
    personName('QC', person.lastName, person.firstName, person.middleName, '', ''),
    ...address(person),
    demographics(claim),
  ];
}
