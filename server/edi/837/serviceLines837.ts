import type { SegmentData } from '../x12/writeX12.ts';
import { claimProblem } from './build837Error.ts';
import type { Charge837, Claim837, PrimaryAdjudication837 } from './claim837.ts';
import { lineAdjudication } from './cob837.ts';
import type { Kind837 } from './codes837.ts';
import { digits, identifier, money, ndc11, period, quantity } from './format837.ts';
import { providerName, taxonomy } from './names837.ts';
import { procedure } from './procedure837.ts';

/** SV107 points at no more than four diagnoses. */
const MAX_POINTERS = 4;

export interface LineContext {
  claim: Claim837;
  kind: Kind837;
  /** The claim's POS (CLM05-1): a line repeats it in SV105 only when it differs. */
  claimPOS: string;
  /** Diagnosis sequence -> its position in the HI segment, which is what SV107 points at. */
  pointerOf: ReadonlyMap<number, number>;
  primary: PrimaryAdjudication837 | null;
  /** The primary's remaining patient liability is told line by line (2430 AMT*EAF), not in 2320. */
  liabilityByLine: boolean;
}

function pointers(context: LineContext, charge: Charge837): string[] {
  const { claim } = context;
  if (charge.diagnosisPointers.length === 0)
    throw claimProblem(claim.claimID, `line ${charge.lineControlNumber} points at no diagnosis.`);
  if (charge.diagnosisPointers.length > MAX_POINTERS)
    throw claimProblem(
      claim.claimID,
      `line ${charge.lineControlNumber} points at ${charge.diagnosisPointers.length} diagnoses; at most ${MAX_POINTERS} fit.`,
    );
  return charge.diagnosisPointers.map((sequence) => {
    const position = context.pointerOf.get(sequence);
    if (position === undefined)
      throw claimProblem(
        claim.claimID,
        `line ${charge.lineControlNumber} points at diagnosis ${sequence}, which the claim does not have.`,
      );
    return String(position);
  });
}

/** Room and board revenue codes (0100-0219) are billed in days, everything else in units. */
function unitOfRevenue(revenueCode: string): string {
  const code = Number(revenueCode);
  return code >= 100 && code <= 219 ? 'DA' : 'UN';
}

function professionalLine(context: LineContext, charge: Charge837): SegmentData {
  const pos = (charge.posCode ?? '').trim();
  return [
    'SV1',
    procedure(context.claim, charge),
    money(charge.chargeCents),
    'UN',
    quantity(charge.units),
    pos !== '' && pos !== context.claimPOS ? pos : '',
    '',
    pointers(context, charge),
  ];
}

function institutionalLine(context: LineContext, charge: Charge837): SegmentData {
  const revenueCode = digits(charge.revenueCode).padStart(4, '0');
  if (revenueCode === '0000')
    throw claimProblem(
      context.claim.claimID,
      `line ${charge.lineControlNumber} has no revenue code: an 837I line needs one.`,
    );
  const hcpcs = charge.cptCode.trim() === '' ? '' : procedure(context.claim, charge);
  const nonCovered = charge.nonCoveredCents ?? 0;
  return [
    'SV2',
    revenueCode,
    hcpcs,
    money(charge.chargeCents),
    unitOfRevenue(revenueCode),
    quantity(charge.units),
    '',
    nonCovered > 0 ? money(nonCovered) : '',
  ];
}

/** 2410: the drug's NDC (LIN) and the quantity dispensed (CTP). */
function drug(charge: Charge837): SegmentData[] {
  const ndc = ndc11(charge.ndcCode ?? '');
  if (ndc === '') return [];
  const unit = (charge.ndcUnitType ?? '').trim().toUpperCase() || 'UN';
  return [
    ['LIN', '', 'N4', ndc],
    ['CTP', '', '', '', quantity(charge.ndcUnits ?? charge.units), [unit]],
  ];
}

/** 2420A: the line's rendering provider, only when it is not the claim's. */
function lineRendering(context: LineContext, charge: Charge837): SegmentData[] {
  const rendering = charge.renderingProvider;
  if (context.kind === 'I' || rendering === null || digits(rendering.npi) === digits(context.claim.provider.npi))
    return [];
  return [providerName('82', rendering), ...taxonomy('PE', rendering)];
}

/** Loop 2400 and its children for one line, numbered `lineNumber` (LX01). */
export function serviceLine(context: LineContext, charge: Charge837, lineNumber: number): SegmentData[] {
  const control = identifier(charge.lineControlNumber, 50);
  if (control === '')
    throw claimProblem(
      context.claim.claimID,
      `charge ${charge.chargeID} has no line control number (REF*6R), so its payment could not be matched.`,
    );
  return [
    ['LX', String(lineNumber)],
    context.kind === 'P' ? professionalLine(context, charge) : institutionalLine(context, charge),
    ['DTP', '472', ...period(charge.dosFrom, charge.dosTo)],
    ['REF', '6R', control],
    ...drug(charge),
    ...lineRendering(context, charge),
    ...(context.primary === null
      ? []
      : lineAdjudication(context.claim, context.kind, charge, context.primary, context.liabilityByLine)),
  ];
}
