/**
 * Reads 271 eligibility replies (005010X279A1) into the model (model271.ts) on top of the X12
 * reader: delimiters from the ISA, any number of interchanges, groups and transaction sets. Never
 * throws: what could be read is returned with the problems found, each naming its segment and
 * line, as the 835 reader does. The HL hierarchy decides where a segment belongs (payer 20,
 * provider 21, subscriber 22, dependent 23), and each HL is hung under the HL its HL02 names.
 */
import type { Interchange, FunctionalGroup, Transaction } from '../x12/envelope.ts';
import { readX12Steps } from '../x12/readX12.ts';
import type { Segment } from '../x12/segment.ts';
import { Pace, runSteps, runStepsAsync, type Steps } from '../x12/steps.ts';
import { clip, ProblemList } from '../x12/x12Error.ts';
import type {
  Benefit,
  EligibilityDocument,
  EligibilityProblem,
  EligibilityResponse,
  InformationReceiver,
  InformationSource,
  Member,
  RelatedEntity,
  RejectionLoop,
} from './model271.ts';
import { benefitOf, dateOf, partyOf, referenceOf, rejectionOf, traceOf, type Report } from './segments271.ts';

type Level =
  | { code: '20'; node: InformationSource }
  | { code: '21'; node: InformationReceiver }
  | { code: '22' | '23'; node: Member };

const EMPTY_PARTY = { entityType: '', name: '', firstName: '', idQualifier: '', id: '' };

function newMember(segment: Segment, level: Member['level']): Member {
  return {
    level,
    hl: segment.element(1),
    lastName: '',
    firstName: '',
    middleName: '',
    suffix: '',
    memberID: '',
    birthDate: null,
    gender: '',
    relationship: '',
    address: [],
    city: '',
    state: '',
    postalCode: '',
    traces: [],
    references: [],
    dates: [],
    rejections: [],
    benefits: [],
    dependents: [],
    position: segment.position,
  };
}

const PARENT_LEVEL: Readonly<Record<string, string>> = { '21': '20', '22': '21', '23': '22' };
const LEVEL_NAMES: Readonly<Record<string, string>> = {
  '20': 'payer (information source)',
  '21': 'provider (information receiver)',
  '22': 'subscriber',
  '23': 'dependent',
};

/** HL: opens a level and hangs it under its parent; null when it has nowhere to go (reported). */
function openLevel(
  segment: Segment,
  response: EligibilityResponse,
  levels: Map<string, Level>,
  report: Report,
): Level | null {
  const id = segment.element(1);
  const code = segment.element(3);
  if (code === '20') {
    const node: InformationSource = {
      hl: id,
      entity: { code: '', description: '' },
      ...EMPTY_PARTY,
      position: segment.position,
      rejections: [],
      receivers: [],
    };
    response.sources.push(node);
    const level: Level = { code, node };
    levels.set(id, level);
    return level;
  }
  const parentLevel = PARENT_LEVEL[code];
  if (parentLevel === undefined) {
    report(segment, `Hierarchical level code (HL03) "${clip(code)}" is not 20, 21, 22 or 23.`);
    return null;
  }
  const parent = levels.get(segment.element(2));
  if (parent?.code !== parentLevel) {
    report(
      segment,
      `HL ${clip(id)} is a ${LEVEL_NAMES[code]} whose parent (HL02 "${clip(segment.element(2))}") is not a ${LEVEL_NAMES[parentLevel]} level.`,
    );
    return null;
  }
  let level: Level;
  if (parent.code === '20') {
    const node: InformationReceiver = {
      hl: id,
      entity: { code: '', description: '' },
      ...EMPTY_PARTY,
      position: segment.position,
      rejections: [],
      subscribers: [],
    };
    parent.node.receivers.push(node);
    level = { code: '21', node };
  } else if (parent.code === '21') {
    const node = newMember(segment, 'subscriber');
    parent.node.subscribers.push(node);
    level = { code: '22', node };
  } else {
    const node = newMember(segment, 'dependent');
    parent.node.dependents.push(node);
    level = { code: '23', node };
  }
  if (levels.has(id)) report(segment, `HL ${clip(id)} is used twice in the transaction.`);
  levels.set(id, level);
  return level;
}

function rejectionLoop(level: Level, benefit: Benefit | null): RejectionLoop {
  switch (level.code) {
    case '20':
      return '2100A';
    case '21':
      return '2100B';
    case '22':
      return benefit ? '2110C' : '2100C';
    case '23':
      return benefit ? '2110D' : '2100D';
  }
}

function nameMember(member: Member, segment: Segment): void {
  member.lastName = segment.element(3);
  member.firstName = segment.element(4);
  member.middleName = segment.element(5);
  member.suffix = segment.element(7);
  member.memberID = segment.element(9);
}

/** One transaction set's reply. */
function* readResponseSteps(
  interchange: Interchange,
  group: FunctionalGroup,
  transaction: Transaction,
  report: Report,
  pace: Pace,
): Steps<EligibilityResponse> {
  const response: EligibilityResponse = {
    sender: interchange.sender.id,
    receiver: interchange.receiver.id,
    usage: interchange.usage,
    delimiters: interchange.delimiters,
    interchangeControlNumber: interchange.controlNumber,
    groupControlNumber: group.controlNumber,
    controlNumber: transaction.controlNumber,
    implementationReference: transaction.implementationReference,
    purpose: '',
    reference: '',
    date: null,
    time: '',
    sources: [],
    position: transaction.header.position,
  };
  const levels = new Map<string, Level>();
  let level: Level | null = null;
  /** Set once an HL could not be placed: its segments are skipped, not reported one by one. */
  let orphan = false;
  let benefit: Benefit | null = null;
  let related: RelatedEntity | null = null;
  let inRelated = false;
  let named = false;
  const segment = transaction.table.at(transaction.from);
  for (let index = transaction.from; index < transaction.to; index++) {
    if (pace.tick()) yield;
    const id = segment.moveTo(index).knownID;
    if (id === 'BHT') {
      response.purpose = segment.element(2);
      response.reference = segment.element(3);
      response.date = segment.date(4);
      response.time = segment.element(5);
      continue;
    }
    if (id === 'HL') {
      level = openLevel(segment, response, levels, report);
      orphan = level === null;
      benefit = null;
      related = null;
      inRelated = false;
      named = false;
      continue;
    }
    if (orphan) continue;
    if (level === null) {
      if (id !== '') report(segment, `${segment.id} comes before the first HL.`);
      continue;
    }
    switch (id) {
      case 'NM1': {
        if (inRelated && benefit) {
          related = { ...partyOf(segment), address: [], city: '', state: '', postalCode: '', contacts: [] };
          benefit.relatedEntities.push(related);
        } else if (named) {
          report(segment, `A second name (NM1) in HL ${clip(level.node.hl)} outside a related entity loop (LS/LE).`);
        } else if (level.code === '22' || level.code === '23') {
          nameMember(level.node, segment);
          named = true;
        } else {
          Object.assign(level.node, partyOf(segment));
          named = true;
        }
        break;
      }
      case 'N3':
      case 'N4': {
        const target = inRelated ? related : level.code === '22' || level.code === '23' ? level.node : null;
        if (target === null) break;
        if (id === 'N3') target.address.push(...[segment.element(1), segment.element(2)].filter((line) => line !== ''));
        else {
          target.city = segment.element(1);
          target.state = segment.element(2);
          target.postalCode = segment.element(3);
        }
        break;
      }
      case 'PER':
        if (inRelated && related)
          for (let first = 3; first <= 7; first += 2)
            if (segment.element(first + 1) !== '')
              related.contacts.push({ qualifier: segment.element(first), number: segment.element(first + 1) });
        break;
      case 'TRN':
        if (level.code === '22' || level.code === '23') level.node.traces.push(traceOf(segment));
        else report(segment, 'Trace number (TRN) outside a subscriber or dependent level.');
        break;
      case 'DMG':
        if (level.code === '22' || level.code === '23') {
          level.node.birthDate = segment.element(1) === 'D8' ? segment.date(2) : null;
          level.node.gender = segment.element(3);
          if (segment.element(2) !== '' && level.node.birthDate === null)
            report(segment, `Date of birth (DMG02) is not a date: "${clip(segment.element(2))}".`);
        }
        break;
      case 'INS':
        if (level.code === '22' || level.code === '23') level.node.relationship = segment.element(2);
        break;
      case 'REF':
        if (benefit) benefit.references.push(referenceOf(segment));
        else if (level.code === '22' || level.code === '23') level.node.references.push(referenceOf(segment));
        break;
      case 'DTP':
        if (benefit) benefit.dates.push(dateOf(segment, report));
        else if (level.code === '22' || level.code === '23') level.node.dates.push(dateOf(segment, report));
        break;
      case 'AAA': {
        const rejection = rejectionOf(segment, rejectionLoop(level, benefit), report);
        (benefit ?? level.node).rejections.push(rejection);
        break;
      }
      case 'EB':
        if (level.code !== '22' && level.code !== '23') {
          report(segment, `Benefit line (EB) in a ${LEVEL_NAMES[level.code]} level, not a subscriber or dependent.`);
          break;
        }
        benefit = benefitOf(segment, report);
        level.node.benefits.push(benefit);
        inRelated = false;
        related = null;
        break;
      case 'MSG':
        if (benefit) benefit.messages.push(segment.element(1));
        break;
      case 'LS':
        if (!benefit) report(segment, 'Related entity loop (LS) without a benefit line (EB) before it.');
        inRelated = benefit !== null;
        break;
      case 'LE':
        if (!inRelated) report(segment, 'LE without an LS before it.');
        inRelated = false;
        related = null;
        break;
      default:
        break;
    }
  }
  if (response.sources.length === 0) report(transaction.header, 'The reply has no payer level (HL with HL03 20).');
  return response;
}

function* read271Steps(text: string): Steps<EligibilityDocument> {
  const problems = new ProblemList<EligibilityProblem>();
  const interchanges = yield* readX12Steps(text, {
    keeps: (position) => problems.keeps(position),
    add: ({ message, segmentID, position }, offset) => problems.add({ message, segmentID, position, line: 0 }, offset),
    count: () => problems.count(),
  });
  const report: Report = (segment, message) => {
    if (problems.keeps(segment.position))
      problems.add({ message, segmentID: segment.id, position: segment.position, line: 0 }, segment.offset);
    else problems.count();
  };
  const pace = new Pace();
  const responses: EligibilityResponse[] = [];
  for (const interchange of interchanges)
    for (const group of interchange.groups)
      for (const transaction of group.transactions) {
        if (pace.tick()) yield;
        if (transaction.setID !== '271') {
          report(transaction.header, `Transaction set ${clip(transaction.setID)} is not an eligibility reply (271).`);
          continue;
        }
        responses.push(yield* readResponseSteps(interchange, group, transaction, report, pace));
      }
  if (interchanges.length > 0 && responses.length === 0 && problems.total === 0)
    problems.add({ message: 'The file holds no eligibility reply (271).', segmentID: '', position: 0, line: 0 }, 0);
  if (interchanges.length === 0 && problems.total === 0)
    problems.add({ message: 'The file holds no interchange (ISA).', segmentID: '', position: 0, line: 0 }, 0);
  return { responses, problems: yield* problems.withLines(text), problemCount: problems.total };
}

/** Every 271 reply in `text`, with the problems found. Other transaction sets are reported, not read. */
export function read271(text: string): EligibilityDocument {
  return runSteps(read271Steps(text));
}

/** read271 with a turn of the event loop every few thousand segments, for a server. */
export function read271Async(text: string): Promise<EligibilityDocument> {
  return runStepsAsync(read271Steps(text));
}
