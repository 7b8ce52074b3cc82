/**
 * Reads claim acknowledgments (277CA, 005010X214) and claim status responses (277, 005010X212)
 * on top of the X12 reader: any delimiters, any number of interchanges, groups and transaction
 * sets. Never throws: what could be read comes back with the problems found. The HL hierarchy
 * decides where a segment belongs (20 payer or clearinghouse, 21 receiver, 19 provider, PT
 * patient in a 277CA, 22 subscriber and 23 dependent in a 277), each HL hung under the HL its
 * HL02 names; under a patient, each TRN opens a claim (2200D/E) and each SVC a service line.
 */
import type { FunctionalGroup, Interchange, Transaction } from '../x12/envelope.ts';
import type { Segment } from '../x12/segment.ts';
import { Pace, runSteps, runStepsAsync, type Steps } from '../x12/steps.ts';
import { clip } from '../x12/x12Error.ts';
import { ACTION, CATEGORY, ENTITY, STATUS_CODE } from './codes.ts';
import type {
  AmountOf,
  ClaimStatusDocument,
  ClaimStatusLoop,
  ClaimStatusResponse,
  DateOf,
  PartyLevel,
  PatientLevel,
  ProviderLevel,
  ReceiverLevel,
  ServiceLineStatus,
  SourceLevel,
  StatusCode,
  StatusInformation,
} from './model277.ts';
import { interchangesOf, startReading, type Report } from './readProblems.ts';

type Level =
  | { code: '20'; node: SourceLevel }
  | { code: '21'; node: ReceiverLevel }
  | { code: '19'; node: ProviderLevel }
  | { code: 'PT' | '22' | '23'; node: PatientLevel; provider: ProviderLevel };

const PARENTS: Readonly<Record<string, readonly string[]>> = {
  '21': ['20'],
  '19': ['21'],
  PT: ['19'],
  '22': ['19'],
  '23': ['22'],
};

const LEVEL_NAMES: Readonly<Record<string, string>> = {
  '20': 'information source (payer or clearinghouse)',
  '21': 'information receiver',
  '19': 'provider',
  PT: 'patient',
  '22': 'subscriber',
  '23': 'dependent',
};

function party(segment: Segment): PartyLevel {
  return {
    hl: segment.element(1),
    entity: { code: '', description: '' },
    name: '',
    firstName: '',
    idQualifier: '',
    id: '',
    traces: [],
    statuses: [],
    dates: [],
    quantities: [],
    amounts: [],
    position: segment.position,
  };
}

function statusCode(segment: Segment, index: number): StatusCode | null {
  if (segment.element(index) === '') return null;
  return {
    category: CATEGORY(segment.component(index, 1)),
    status: STATUS_CODE(segment.component(index, 2)),
    entity: ENTITY(segment.component(index, 3)),
    codeListQualifier: segment.component(index, 4),
  };
}

function cents(segment: Segment, index: number, report: Report, what: string): number | null {
  if (segment.element(index) === '') return null;
  const value = segment.cents(index);
  if (value === null)
    report(
      segment,
      `${what} (${segment.id}${String(index).padStart(2, '0')}) is not an amount: "${clip(segment.element(index))}".`,
    );
  return value;
}

function date(segment: Segment, index: number, report: Report, what: string): string | null {
  if (segment.element(index) === '') return null;
  const value = segment.date(index);
  if (value === null)
    report(
      segment,
      `${what} (${segment.id}${String(index).padStart(2, '0')}) is not a date: "${clip(segment.element(index))}".`,
    );
  return value;
}

function statusOf(segment: Segment, report: Report): StatusInformation {
  const codes = [1, 10, 11].flatMap((index) => statusCode(segment, index) ?? []);
  if (codes.length === 0 || segment.element(1) === '') report(segment, 'STC01 (the claim status) is empty.');
  else if (codes[0]?.category.code === '' || codes[0]?.status.code === '')
    report(segment, `STC01 "${clip(segment.element(1))}" lacks its category or status code.`);
  return {
    codes,
    date: date(segment, 2, report, 'The status date'),
    action: ACTION(segment.element(3)),
    chargeCents: cents(segment, 4, report, 'The total charge'),
    paymentCents: cents(segment, 5, report, 'The payment'),
    adjudicationDate: date(segment, 6, report, 'The adjudication date'),
    paymentMethod: segment.element(7),
    checkDate: date(segment, 8, report, 'The check date'),
    checkNumber: segment.element(9),
    message: segment.element(12),
    position: segment.position,
  };
}

function dateOf(segment: Segment, report: Report): DateOf {
  const qualifier = segment.element(1);
  const format = segment.element(2);
  const value = segment.element(3);
  if (format === 'RD8') {
    const [from = '', to = ''] = value.split('-');
    const range = { qualifier, from: toIso(from), to: toIso(to) };
    if (range.from === null || range.to === null) report(segment, `DTP03 "${clip(value)}" is not a date range.`);
    return range;
  }
  const day = segment.date(3);
  if (day === null) report(segment, `DTP03 "${clip(value)}" is not a date.`);
  return { qualifier, from: day, to: day };
}

function toIso(value: string): string | null {
  if (!/^\d{8}$/.test(value)) return null;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

function amountOf(segment: Segment, report: Report): AmountOf {
  const qualifier = segment.element(1);
  if (segment.id === 'AMT') return { qualifier, value: cents(segment, 2, report, 'The amount') };
  const raw = segment.element(2);
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : null;
  if (value === null) report(segment, `QTY02 "${clip(raw)}" is not a quantity.`);
  return { qualifier, value };
}

function newClaim(segment: Segment): ClaimStatusLoop {
  return {
    trace: segment.element(2),
    statuses: [],
    payerClaimNumber: '',
    clearinghouseClaimNumber: '',
    patientAccountNumber: '',
    billType: '',
    medicalRecordNumber: '',
    dates: [],
    lines: [],
    position: segment.position,
  };
}

/** HL: opens a level under its parent; null when it has nowhere to go (reported). */
function openLevel(
  segment: Segment,
  response: ClaimStatusResponse,
  levels: Map<string, Level>,
  report: Report,
): Level | null {
  const id = segment.element(1);
  const code = segment.element(3);
  if (levels.has(id)) report(segment, `HL ${clip(id)} is used twice in the transaction.`);
  if (code === '20') {
    const node: SourceLevel = { ...party(segment), receivers: [] };
    response.sources.push(node);
    const level: Level = { code, node };
    levels.set(id, level);
    return level;
  }
  const parents = PARENTS[code];
  if (parents === undefined) {
    report(segment, `Hierarchical level code (HL03) "${clip(code)}" is not 20, 21, 19, PT, 22 or 23.`);
    return null;
  }
  const parent = levels.get(segment.element(2));
  if (parent === undefined || !parents.includes(parent.code)) {
    report(
      segment,
      `HL ${clip(id)} is a ${LEVEL_NAMES[code]} whose parent (HL02 "${clip(segment.element(2))}") is not a ${parents.map((p) => LEVEL_NAMES[p]).join(' or ')} level.`,
    );
    return null;
  }
  let level: Level;
  if (parent.code === '20') {
    const node: ReceiverLevel = { ...party(segment), providers: [] };
    parent.node.receivers.push(node);
    level = { code: '21', node };
  } else if (parent.code === '21') {
    const node: ProviderLevel = { ...party(segment), patients: [] };
    parent.node.providers.push(node);
    level = { code: '19', node };
  } else {
    const provider = parent.code === '19' ? parent.node : (parent as { provider: ProviderLevel }).provider;
    const node: PatientLevel = {
      hl: id,
      level: code as PatientLevel['level'],
      lastName: '',
      firstName: '',
      memberID: '',
      claims: [],
      position: segment.position,
    };
    provider.patients.push(node);
    level = { code: node.level, node, provider };
  }
  levels.set(id, level);
  return level;
}

function* readResponseSteps(
  interchange: Interchange,
  group: FunctionalGroup,
  transaction: Transaction,
  report: Report,
  pace: Pace,
): Steps<ClaimStatusResponse> {
  const response: ClaimStatusResponse = {
    sender: interchange.sender.id,
    receiver: interchange.receiver.id,
    interchangeControlNumber: interchange.controlNumber,
    groupControlNumber: group.controlNumber,
    controlNumber: transaction.controlNumber,
    implementationReference: transaction.implementationReference,
    kind: transaction.implementationReference.includes('X214') ? '277CA' : '277',
    delimiters: interchange.delimiters,
    reference: '',
    date: null,
    sources: [],
    position: transaction.header.position,
  };
  const levels = new Map<string, Level>();
  let level: Level | null = null;
  let orphan = false;
  let claim: ClaimStatusLoop | null = null;
  let line: ServiceLineStatus | null = null;
  const segment = transaction.table.at(transaction.from);
  for (let index = transaction.from; index < transaction.to; index++) {
    if (pace.tick()) yield;
    const id = segment.moveTo(index).knownID;
    if (id === 'BHT') {
      response.reference = segment.element(3);
      response.date = segment.date(4);
      if (segment.element(6) === 'TH') response.kind = '277CA';
      continue;
    }
    if (id === 'HL') {
      level = openLevel(segment, response, levels, report);
      orphan = level === null;
      claim = null;
      line = null;
      continue;
    }
    if (orphan) continue;
    if (level === null) {
      if (id !== '') report(segment, `${segment.id} comes before the first HL.`);
      continue;
    }
    const patient = level.code === 'PT' || level.code === '22' || level.code === '23' ? level.node : null;
    const partyNode = patient === null ? (level.node as PartyLevel) : null;
    switch (id) {
      case 'NM1':
        if (patient !== null) {
          patient.lastName = segment.element(3);
          patient.firstName = segment.element(4);
          patient.memberID = segment.element(9);
        } else if (partyNode !== null) {
          partyNode.entity = ENTITY(segment.element(1));
          partyNode.name = segment.element(3);
          partyNode.firstName = segment.element(4);
          partyNode.idQualifier = segment.element(8);
          partyNode.id = segment.element(9);
        }
        break;
      case 'TRN':
        if (patient !== null) {
          claim = newClaim(segment);
          line = null;
          patient.claims.push(claim);
        } else partyNode?.traces.push(segment.element(2));
        break;
      case 'STC': {
        const status = statusOf(segment, report);
        if (line !== null) line.statuses.push(status);
        else if (claim !== null) claim.statuses.push(status);
        else if (partyNode !== null) partyNode.statuses.push(status);
        else report(segment, "Claim status (STC) before the claim's trace number (TRN).");
        break;
      }
      case 'REF': {
        const qualifier = segment.element(1);
        const value = segment.element(2);
        if (line !== null) {
          if (qualifier === 'FJ') line.lineControlNumber = value;
        } else if (claim !== null) {
          if (qualifier === '1K') claim.payerClaimNumber = value;
          else if (qualifier === 'D9') claim.clearinghouseClaimNumber = value;
          else if (qualifier === 'EJ') claim.patientAccountNumber = value;
          else if (qualifier === 'BLT') claim.billType = value;
          else if (qualifier === 'EA') claim.medicalRecordNumber = value;
        }
        break;
      }
      case 'DTP': {
        const dated = dateOf(segment, report);
        if (line !== null) line.dates.push(dated);
        else if (claim !== null) claim.dates.push(dated);
        else partyNode?.dates.push(dated);
        break;
      }
      case 'QTY':
      case 'AMT': {
        const amount = amountOf(segment, report);
        if (partyNode !== null) (id === 'QTY' ? partyNode.quantities : partyNode.amounts).push(amount);
        break;
      }
      case 'SVC':
        if (claim === null) {
          report(segment, 'Service line (SVC) outside a claim (no TRN before it).');
          break;
        }
        line = {
          procedure: segment.components(1),
          chargeCents: cents(segment, 2, report, 'The line charge'),
          paidCents: cents(segment, 3, report, 'The line payment'),
          revenueCode: segment.element(4),
          units: segment.element(7),
          statuses: [],
          lineControlNumber: '',
          dates: [],
          position: segment.position,
        };
        claim.lines.push(line);
        break;
      default:
        break;
    }
  }
  if (response.sources.length === 0)
    report(transaction.header, 'The 277 has no information source level (HL with HL03 20).');
  return response;
}

function* read277Steps(text: string): Steps<ClaimStatusDocument> {
  const reading = startReading();
  const { problems, report } = reading;
  const interchanges = yield* interchangesOf(text, reading);
  const pace = new Pace();
  const responses: ClaimStatusResponse[] = [];
  for (const interchange of interchanges)
    for (const group of interchange.groups)
      for (const transaction of group.transactions) {
        if (pace.tick()) yield;
        if (transaction.setID !== '277') {
          report(transaction.header, `Transaction set ${clip(transaction.setID)} is not a claim status (277).`);
          continue;
        }
        responses.push(yield* readResponseSteps(interchange, group, transaction, report, pace));
      }
  if (interchanges.length > 0 && responses.length === 0 && problems.total === 0)
    problems.add({ message: 'The file holds no claim status (277).', segmentID: '', position: 0, line: 0 }, 0);
  return { responses, problems: yield* problems.withLines(text), problemCount: problems.total };
}

/** Every 277CA and 277 in `text`, with the problems found. */
export function read277(text: string): ClaimStatusDocument {
  return runSteps(read277Steps(text));
}

/** read277 with a turn of the event loop every few thousand segments, for a server. */
export function read277Async(text: string): Promise<ClaimStatusDocument> {
  return runStepsAsync(read277Steps(text));
}
