/**
 * Reads 835 remittances into the ERA model (eraModel.ts) on top of the X12 reader: delimiters from
 * the ISA, any number of interchanges, groups and transaction sets (one check each). Never throws:
 * what could be read is returned with the problems found, each naming its segment and line, and a
 * caller posts nothing from a document that has problems.
 *
 * Tolerant of what real files do: a service's procedure composite written with a component
 * separator other than the one the ISA declares ('HC>12345>26' under ':'), optional segments in
 * any order inside a claim or a line, and segments this product does not use (TS3, PER, QTY, ...).
 */
import { readX12Steps } from '../x12/readX12.ts';
import type { Segment } from '../x12/segment.ts';
import type { Transaction } from '../x12/envelope.ts';
import { Pace, runSteps, runStepsAsync, type Steps } from '../x12/steps.ts';
import { clip, ProblemList } from '../x12/x12Error.ts';
import {
  ADJUSTMENT_GROUPS,
  type AdjustmentGroup,
  type EraAdjustment,
  type EraCheck,
  type EraClaim,
  type EraDocument,
  type EraLine,
  type EraProblem,
} from './eraModel.ts';

type Report = (segment: Segment, message: string) => void;

/** A decimal quantity (units, adjustment quantity); null when empty, NaN-free otherwise. */
function quantityOf(value: string): number | null | undefined {
  if (value === '') return null;
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(value)) return undefined;
  return Number(value);
}

function requiredCents(segment: Segment, index: number, name: string, report: Report): number {
  const cents = segment.cents(index);
  if (cents === null) {
    const written = segment.element(index);
    report(
      segment,
      written === ''
        ? `${name} (${segment.id}${String(index).padStart(2, '0')}) is missing.`
        : `${name} (${segment.id}${String(index).padStart(2, '0')}) is not an amount: "${clip(written)}".`,
    );
    return 0;
  }
  return cents;
}

function optionalCents(segment: Segment, index: number, name: string, report: Report): number | null {
  if (segment.element(index) === '') return null;
  return requiredCents(segment, index, name, report);
}

/** CAS: a group and up to six reason / amount / quantity triplets, added to `into`. */
function addAdjustments(segment: Segment, into: EraAdjustment[], report: Report): void {
  const group = segment.element(1);
  if (!(ADJUSTMENT_GROUPS as readonly string[]).includes(group)) {
    report(segment, `Adjustment group "${clip(group)}" is not one of ${ADJUSTMENT_GROUPS.join(', ')}.`);
    return;
  }
  const before = into.length;
  for (let first = 2; first <= 17; first += 3) {
    const reason = segment.element(first);
    if (reason === '') continue;
    const cents = requiredCents(segment, first + 1, `Adjustment ${clip(reason)}`, report);
    const quantity = quantityOf(segment.element(first + 2));
    if (quantity === undefined)
      report(segment, `Adjustment ${clip(reason)} quantity is not a number: "${clip(segment.element(first + 2))}".`);
    into.push({ group: group as AdjustmentGroup, reason, cents, quantity: quantity ?? null });
  }
  if (into.length === before) report(segment, 'Adjustment has no reason code.');
}

/**
 * SVC01 (or SVC06): qualifier, code and modifiers, split on whichever separator the sender used.
 * The composite is walked once, its codes shared (Segment.components): a line is the most
 * frequent part of a remittance.
 */
function procedureOf(segment: Segment, index: number): { qualifier: string; code: string; modifiers: string[] } | null {
  const parts = segment.components(index);
  const [qualifier = '', code = ''] = parts;
  if (qualifier === '') return null;
  if (code === '') {
    const written = segment.element(index);
    const other = ['>', ':', '^', '<'].find((separator) => written.includes(separator));
    if (other) {
      const [otherQualifier = '', otherCode = '', ...rest] = written.split(other);
      return {
        qualifier: otherQualifier,
        code: otherCode,
        modifiers: rest.slice(0, 4).filter((modifier) => modifier !== ''),
      };
    }
  }
  const modifiers: string[] = [];
  for (let part = 2; part < Math.min(parts.length, 6); part++) {
    const modifier = parts[part] as string;
    if (modifier !== '') modifiers.push(modifier);
  }
  return { qualifier, code, modifiers };
}

function newLine(segment: Segment, report: Report): EraLine {
  const procedure = procedureOf(segment, 1);
  if (!procedure?.code) report(segment, 'Service line has no procedure code (SVC01).');
  const units = quantityOf(segment.element(5));
  if (units === undefined) report(segment, `Units paid (SVC05) is not a number: "${clip(segment.element(5))}".`);
  return {
    qualifier: procedure?.qualifier ?? '',
    procedure: procedure?.code ?? '',
    modifiers: procedure?.modifiers ?? [],
    billedProcedure: procedureOf(segment, 6)?.code ?? null,
    chargeCents: requiredCents(segment, 2, 'Line charge', report),
    paidCents: requiredCents(segment, 3, 'Line payment', report),
    revenueCode: segment.element(4) || null,
    units: units ?? 1,
    serviceFrom: null,
    serviceTo: null,
    lineControlNumber: null,
    allowedCents: null,
    adjustments: [],
    remarks: [],
    position: segment.position,
  };
}

function newClaim(segment: Segment, report: Report): EraClaim {
  const claimID = segment.element(1);
  if (claimID === '') report(segment, 'Claim has no patient control number (CLP01).');
  const status = segment.element(2);
  if (!/^\d{1,2}$/.test(status)) report(segment, `Claim status (CLP02) "${clip(status)}" is not a status code.`);
  return {
    claimID,
    status,
    chargeCents: requiredCents(segment, 3, 'Claim charge', report),
    paidCents: requiredCents(segment, 4, 'Claim payment', report),
    patientResponsibilityCents: optionalCents(segment, 5, 'Patient responsibility', report) ?? 0,
    filingIndicator: segment.element(6),
    payerClaimControlNumber: segment.element(7),
    frequency: segment.element(9),
    originalReference: null,
    interestCents: 0,
    patient: null,
    insuredMemberID: null,
    statementFrom: null,
    statementTo: null,
    adjustments: [],
    remarks: [],
    lines: [],
    position: segment.position,
  };
}

function remarkCodes(segment: Segment, from: number, to: number): string[] {
  const codes: string[] = [];
  for (let index = from; index <= to; index++) {
    const code = segment.element(index);
    if (code !== '') codes.push(code);
  }
  return codes;
}

/** PLB: provider, fiscal date, then up to six adjustment identifier / amount pairs. */
function providerAdjustmentsOf(segment: Segment, report: Report): EraCheck['providerAdjustments'] {
  const found: EraCheck['providerAdjustments'] = [];
  for (let first = 3; first <= 13; first += 2) {
    if (segment.element(first) === '') continue;
    const parts = segment.components(first);
    const reason = parts[0] ?? '';
    found.push({
      reason,
      reference: parts[1] || null,
      cents: requiredCents(segment, first + 1, `Provider adjustment ${clip(reason)}`, report),
      position: segment.position,
    });
  }
  return found;
}

/** One transaction set's check, yielding every few thousand segments (`pace` is the reading's). */
function* readCheckSteps(transaction: Transaction, report: Report, pace: Pace): Steps<EraCheck | null> {
  const check: EraCheck = {
    controlNumber: transaction.controlNumber,
    handling: '',
    totalCents: 0,
    creditDebit: '',
    paymentMethod: '',
    paymentDate: null,
    traceNumber: '',
    originatorID: '',
    payer: { name: '', identifier: '' },
    payee: { name: '', idQualifier: '', id: '' },
    claims: [],
    providerAdjustments: [],
    position: transaction.header.position,
  };
  let party: 'payer' | 'payee' | null = null;
  let claim: EraClaim | null = null;
  let line: EraLine | null = null;
  let sawPayment = false;
  let productionDate: string | null = null;
  // One view walks the body: nothing below keeps a segment, only its position.
  const segment = transaction.table.at(transaction.from);
  for (let index = transaction.from; index < transaction.to; index++) {
    if (pace.tick()) yield;
    switch (segment.moveTo(index).knownID) {
      case 'BPR':
        sawPayment = true;
        check.handling = segment.element(1);
        check.totalCents = requiredCents(segment, 2, 'Check total', report);
        check.creditDebit = segment.element(3);
        check.paymentMethod = segment.element(4);
        check.paymentDate = segment.date(16);
        break;
      case 'TRN':
        check.traceNumber = segment.element(2);
        check.originatorID = segment.element(3);
        break;
      case 'N1':
        if (claim) break;
        party = segment.is(1, 'PR') ? 'payer' : segment.is(1, 'PE') ? 'payee' : null;
        if (party === 'payer') check.payer = { name: segment.element(2), identifier: segment.element(4) };
        if (party === 'payee')
          check.payee = { name: segment.element(2), idQualifier: segment.element(3), id: segment.element(4) };
        break;
      case 'REF':
        if (line && segment.is(1, '6R')) line.lineControlNumber = segment.element(2);
        else if (claim && !line && segment.is(1, 'F8')) claim.originalReference = segment.element(2) || null;
        else if (!claim && party === 'payer' && segment.is(1, '2U') && check.payer.identifier === '')
          check.payer.identifier = segment.element(2);
        break;
      case 'CLP':
        claim = newClaim(segment, report);
        line = null;
        check.claims.push(claim);
        break;
      case 'CAS':
        if (line) addAdjustments(segment, line.adjustments, report);
        else if (claim) addAdjustments(segment, claim.adjustments, report);
        else report(segment, 'Adjustment (CAS) outside a claim.');
        break;
      case 'NM1':
        if (claim && !line && segment.is(1, 'QC'))
          claim.patient = { lastName: segment.element(3), firstName: segment.element(4), memberID: segment.element(9) };
        else if (claim && !line && segment.is(1, 'IL')) claim.insuredMemberID = segment.element(9) || null;
        break;
      case 'MOA':
        if (claim) claim.remarks.push(...remarkCodes(segment, 3, 7));
        break;
      case 'MIA':
        if (claim) claim.remarks.push(...remarkCodes(segment, 5, 5), ...remarkCodes(segment, 20, 24));
        break;
      case 'DTM':
        if (!claim && segment.is(1, '405')) productionDate = segment.date(2);
        else if (line && (segment.is(1, '472') || segment.is(1, '150'))) {
          line.serviceFrom = segment.date(2);
          if (segment.is(1, '472')) line.serviceTo = line.serviceFrom;
        } else if (line && segment.is(1, '151')) line.serviceTo = segment.date(2);
        else if (claim && !line && segment.is(1, '232')) claim.statementFrom = segment.date(2);
        else if (claim && !line && segment.is(1, '233')) claim.statementTo = segment.date(2);
        break;
      case 'SVC':
        if (!claim) {
          report(segment, 'Service line (SVC) outside a claim.');
          break;
        }
        line = newLine(segment, report);
        claim.lines.push(line);
        break;
      case 'AMT':
        if (line && segment.is(1, 'B6')) line.allowedCents = optionalCents(segment, 2, 'Allowed amount', report);
        else if (claim && !line && segment.is(1, 'I'))
          claim.interestCents = optionalCents(segment, 2, 'Claim interest', report) ?? 0;
        break;
      case 'LQ':
        if (line && segment.is(1, 'HE')) line.remarks.push(segment.element(2));
        break;
      case 'PLB':
        claim = null;
        line = null;
        check.providerAdjustments.push(...providerAdjustmentsOf(segment, report));
        break;
      default:
        break;
    }
  }
  // A check date the BPR does not give (or gives in the wrong element) is the remittance's date.
  check.paymentDate ??= productionDate;
  // Many payers name themselves only in TRN03 (1 + their tax ID) or not at all in N1*PR.
  if (check.payer.identifier === '') check.payer.identifier = check.originatorID;
  if (!sawPayment) {
    report(
      transaction.from < transaction.to ? transaction.table.at(transaction.from) : transaction.header,
      'The remittance has no payment segment (BPR).',
    );
    return null;
  }
  return check;
}

/**
 * Every 835 check in `text`, with the problems found: tokens, envelopes and checks each in one
 * pass, the problems kept to the first MAX_PROBLEMS in file order (the rest counted), their lines
 * counted in one last pass. Yields between slices of a few thousand segments (steps.ts).
 */
function* readEraSteps(text: string): Steps<EraDocument> {
  const problems = new ProblemList<EraProblem>();
  const interchanges = yield* readX12Steps(text, {
    keeps: (position) => problems.keeps(position),
    add: ({ message, segmentID, position }, offset) => problems.add({ message, segmentID, position, line: 0 }, offset),
    count: () => problems.count(),
  });
  const report: Report = (segment, message) =>
    problems.add({ message, segmentID: segment.id, position: segment.position, line: 0 }, segment.offset);
  const pace = new Pace();
  const checks: EraCheck[] = [];
  for (const interchange of interchanges) {
    for (const group of interchange.groups) {
      for (const transaction of group.transactions) {
        // A file of a million empty transaction sets yields too, not only long ones.
        if (pace.tick()) yield;
        if (transaction.setID !== '835') {
          report(transaction.header, `Transaction set ${clip(transaction.setID)} is not a remittance (835).`);
          continue;
        }
        const check = yield* readCheckSteps(transaction, report, pace);
        if (check) checks.push(check);
      }
    }
  }
  if (interchanges.length > 0 && checks.length === 0 && problems.total === 0)
    problems.add({ message: 'The file holds no remittance (835).', segmentID: '', position: 0, line: 0 }, 0);
  return { checks, problems: yield* problems.withLines(text), problemCount: problems.total };
}

/** Every 835 check in `text`, with the problems found. Other transaction sets are reported, not read. */
export function readEra(text: string): EraDocument {
  return runSteps(readEraSteps(text));
}

/**
 * readEra for a server: the same reading, with a turn of the event loop every few thousand
 * segments, so the other requests are served while a large file is read.
 */
export function readEraAsync(text: string): Promise<EraDocument> {
  return runStepsAsync(readEraSteps(text));
}
