/**
 * Words for the codes of the 999 (005010X231A1) and the 277CA / 277 (005010X214, 005010X212):
 * the guides' lists for the 999 and the claim status categories in full; the claim status and
 * entity codes most used by clearinghouses and payers (the code lists behind them are long and
 * maintained by X12; a code not here is shown as its code).
 */
import type { Coded } from './model999.ts';

function table(entries: Record<string, string>): (code: string) => Coded {
  return (code) => ({ code, description: entries[code] ?? '' });
}

/** IK501 and AK901. */
export const ACK_STATUS = table({
  A: 'Accepted',
  E: 'Accepted but errors were noted',
  M: 'Rejected, message authentication code (MAC) failed',
  P: 'Partially accepted, at least one transaction set was rejected',
  R: 'Rejected',
  W: 'Rejected, assurance failed validity tests',
  X: 'Rejected, content after decryption could not be analyzed',
});

/** IK304: implementation segment syntax error codes. */
export const SEGMENT_ERROR = table({
  '1': 'Unrecognized segment ID',
  '2': 'Unexpected segment',
  '3': 'Required segment missing',
  '4': 'Loop occurs over maximum times',
  '5': 'Segment exceeds maximum use',
  '6': 'Segment not in defined transaction set',
  '7': 'Segment not in proper sequence',
  '8': 'Segment has data element errors',
  I4: 'Implementation "not used" segment present',
  I6: 'Implementation dependent segment missing',
  I7: 'Implementation loop occurs under minimum times',
  I8: 'Implementation segment below minimum use',
  I9: 'Implementation dependent "not used" segment present',
});

/** IK403: implementation data element syntax error codes. */
export const ELEMENT_ERROR = table({
  '1': 'Required data element missing',
  '2': 'Conditional required data element missing',
  '3': 'Too many data elements',
  '4': 'Data element too short',
  '5': 'Data element too long',
  '6': 'Invalid character in data element',
  '7': 'Invalid code value',
  '8': 'Invalid date',
  '9': 'Invalid time',
  '10': 'Exclusion condition violated',
  '12': 'Too many repetitions',
  '13': 'Too many components',
  I10: 'Implementation "not used" data element present',
  I11: 'Implementation too few repetitions',
  I12: 'Implementation pattern match failure',
  I13: 'Implementation dependent "not used" data element present',
  I6: 'Code value not used in implementation',
  I9: 'Implementation dependent data element missing',
});

/** IK502..IK506: transaction set syntax error codes. */
export const TRANSACTION_ERROR = table({
  '1': 'Transaction set not supported',
  '2': 'Transaction set trailer missing',
  '3': 'Transaction set control number in header and trailer do not match',
  '4': 'Number of included segments does not match actual count',
  '5': 'One or more segments in error',
  '6': 'Missing or invalid transaction set identifier',
  '7': 'Missing or invalid transaction set control number',
  '8': 'Authentication key name unknown',
  '9': 'Encryption key name unknown',
  '10': 'Requested service (authentication or encrypted) not available',
  '11': 'Unknown security recipient',
  '12': 'Incorrect message length (encryption only)',
  '13': 'Message authentication code failed',
  '15': 'Unknown security originator',
  '16': 'Syntax error in decrypted text',
  '17': 'Security not supported',
  '18': 'Transaction set not in functional group',
  '19': 'Invalid transaction set implementation convention reference',
  '23': 'Transaction set control number not unique within the functional group',
  '24': 'S3E security end segment missing for S3S security start segment',
  '25': 'S3S security start segment missing for S3E security end segment',
  '26': 'S4E security end segment missing for S4S security start segment',
  '27': 'S4S security start segment missing for S4E security end segment',
  I5: 'Implementation one or more segments in error',
  I6: 'Implementation convention not supported',
});

/** AK905..AK909: functional group syntax error codes. */
export const GROUP_ERROR = table({
  '1': 'Functional group not supported',
  '2': 'Functional group version not supported',
  '3': 'Functional group trailer missing',
  '4': 'Group control number in the functional group header and trailer do not agree',
  '5': 'Number of included transaction sets does not match actual count',
  '6': 'Group control number violates syntax',
  '10': 'Authentication key name unknown',
  '11': 'Encryption key name unknown',
  '12': 'Requested service (authentication or encryption) not available',
  '13': 'Unknown security recipient',
  '14': 'Unknown security originator',
  '15': 'Syntax error in decrypted text',
  '16': 'Security not supported',
  '17': 'Incorrect message length (encryption only)',
  '18': 'Message authentication code failed',
  '19': 'Functional group control number not unique within interchange',
  '23': 'S3E security end segment missing for S3S security start segment',
  '24': 'S3S security start segment missing for S3E security end segment',
  '25': 'S4E security end segment missing for S4S security start segment',
  '26': 'S4S security start segment missing for S4E security end segment',
});

/** STC01-1: claim status category codes (code source 507), every one. */
export const CATEGORY = table({
  A0: 'Acknowledgement/Forwarded: the claim has been forwarded to another entity',
  A1: 'Acknowledgement/Receipt: the claim has been received',
  A2: 'Acknowledgement/Acceptance into adjudication system',
  A3: 'Acknowledgement/Returned as unprocessable claim',
  A4: 'Acknowledgement/Not found',
  A5: 'Acknowledgement/Split claim',
  A6: 'Acknowledgement/Rejected for missing information',
  A7: 'Acknowledgement/Rejected for invalid information',
  A8: 'Acknowledgement/Rejected for relational field in error',
  D0: 'Data reporting acknowledgement',
  E0: 'Response not possible: error on submitted request data',
  E1: 'Response not possible: system status',
  E2: 'Information holder is not responding; resubmit at a later time',
  E3: 'Correction required: relational fields in error',
  E4: 'Trading partner agreement specific requirement not met',
  F0: 'Finalized',
  F1: 'Finalized/Payment: the claim/line has been paid',
  F2: 'Finalized/Denial: the claim/line has been denied',
  F3: 'Finalized/Revised: adjudication information has been changed',
  F3F: 'Finalized/Forwarded: the claim/line has been forwarded to another entity',
  F3N: 'Finalized/Not forwarded',
  F4: 'Finalized/Adjudication complete, no payment forthcoming',
  P0: 'Pending: adjudication/details',
  P1: 'Pending/In process',
  P2: 'Pending/Payer review',
  P3: 'Pending/Provider requested information',
  P4: 'Pending/Patient requested information',
  P5: 'Pending/Payer administrative/system hold',
  R0: 'Requests for additional information/General requests',
  R1: 'Requests for additional information/Entity requests',
  R3: 'Requests for additional information/Claim/line',
  R4: 'Requests for additional information/Documentation',
  R5: 'Request for additional information/More specific detail',
  R6: 'Requests for additional information/Regulatory requirements',
  R7: 'Requests for additional information/Confirm care is consistent with health plan policy coverage',
  R8: 'Requests for additional information/Confirm care is consistent with health plan coverage exceptions',
  R9: 'Requests for additional information/Determination of medical necessity',
  R10: 'Requests for additional information/Support a filed grievance or appeal',
  R11: 'Requests for additional information/Pre-payment review of claims',
  R12: 'Requests for additional information/Clarification or justification of use for specified procedure code',
  R13: 'Requests for additional information/Original documents submitted are not readable',
  R14: 'Requests for additional information/Original documents received are not what was requested',
  R15: 'Requests for additional information/Workers compensation coverage verification',
  R16: 'Requests for additional information/Eligibility determination',
  RQ: 'General request: the requested information is noted in the status code',
});

/** STC01-2: claim status codes (code source 508), the ones clearinghouses and payers send most. */
export const STATUS_CODE = table({
  '0': 'Cannot provide further status electronically',
  '1': 'For more detailed information, see remittance advice',
  '3': 'Claim has been adjudicated and is awaiting payment cycle',
  '15': 'Duplicate of a previously processed claim/line',
  '16': 'Claim/encounter has been forwarded to entity',
  '17': 'Claim/encounter has been forwarded by third party entity to entity',
  '19': 'Entity acknowledges receipt of claim/encounter',
  '20': 'Accepted for processing',
  '21': 'Missing or invalid information',
  '23': 'Returned to entity',
  '24': 'Entity not approved as an electronic submitter',
  '25': 'Entity not approved',
  '26': 'Entity not found',
  '27': 'Policy canceled',
  '29': 'Subscriber and policy number/contract number mismatched',
  '30': 'Subscriber and subscriber id mismatched',
  '31': 'Subscriber and policyholder name mismatched',
  '32': 'Subscriber and policy number/contract number not found',
  '33': 'Subscriber and subscriber id not found',
  '35': 'Claim/encounter not found',
  '38': 'Claim submitted to incorrect payer',
  '42': 'Claim/line has not been received',
  '52': 'Service date(s) missing or invalid',
  '54': 'Date of service not in coverage period',
  '65': 'Claim/line has been paid',
  '78': 'Duplicate of an existing claim/line, awaiting processing',
  '84': 'Service not authorized',
  '85': 'Diagnosis code',
  '88': 'Entity not eligible for benefits for submitted dates of service',
  '89': 'Entity not eligible for dental benefits for submitted dates of service',
  '97': 'Patient eligibility not found with entity',
  '107': 'Processed according to contract provisions',
  '116': 'Claim submitted to the incorrect payer',
  '128': "Entity's tax id",
  '145': "Entity's specialty/taxonomy code",
  '153': "Entity's id number",
  '164': "Entity's contract/member number",
  '187': 'Date(s) of service',
  '189': 'Facility type code',
  '212': 'Charges for pregnancy deemed to be the responsibility of the patient',
  '226': 'Health insurance claim number',
  '247': 'Line item charge amount',
  '254': 'Principal diagnosis code',
  '255': 'Diagnosis code',
  '400': 'Claim is out of balance',
  '454': 'Procedure code for services rendered',
  '455': 'Revenue code for services rendered',
  '460': 'Date of injury',
  '477': 'Billing provider',
  '496': 'Submitter not approved for electronic claim submissions on behalf of this entity',
  '507': 'Claim Billed Amount',
  '510': 'Claim not processed due to other insurance coverage',
  '562': "Entity's National Provider Identifier (NPI)",
  '585': 'Denied charge or non-covered charge',
  '673': 'Patient control number',
  '710': 'Missing/invalid data prevents payer from processing claim',
  '732': 'Information submitted inconsistent with billing guidelines',
  '747': 'Missing/invalid information on an institutional claim',
});

/** STC01-3: entity identifier codes (98), the ones named on claim statuses. */
export const ENTITY = table({
  '03': 'Dependent',
  '1P': 'Provider',
  '36': 'Employer',
  '40': 'Receiver',
  '41': 'Submitter',
  '71': 'Attending physician',
  '72': 'Operating physician',
  '77': 'Service location',
  '82': 'Rendering provider',
  '85': 'Billing provider',
  '87': 'Pay-to provider',
  AY: 'Clearinghouse',
  DK: 'Ordering physician',
  DN: 'Referring provider',
  FA: 'Facility',
  GB: 'Other insured',
  HK: 'Subscriber',
  IL: 'Insured or subscriber',
  PR: 'Payer',
  QC: 'Patient',
  SJ: 'Service provider',
  TT: 'Transfer to',
});

/** STC03: action codes of the 277CA. */
export const ACTION = table({
  WQ: 'Accepted',
  U: 'Rejected',
  '15': 'Correct and resubmit',
});

/** The categories that turn a claim back: the payer or clearinghouse did not take it in. */
export const REJECTING_CATEGORIES: ReadonlySet<string> = new Set(['A3', 'A4', 'A6', 'A7', 'A8']);
/** The categories that say the claim was taken in. */
export const ACCEPTING_CATEGORIES: ReadonlySet<string> = new Set(['A0', 'A1', 'A2', 'A5']);
