/**
 * uploadERA: an 835 file read, balanced and stored for the group, its claims and lines matched to
 * ours, all in one transaction; nothing is posted here. A file that cannot be read is refused
 * with its first problems named (segment and line) and nothing is stored. The same file, or a
 * check already uploaded (same payer and trace number), is refused by the database's own unique
 * indexes, so two uploads racing each other cannot both land.
 */
import { createHash } from 'node:crypto';
import { ERA_UPLOADED, type UploadEraReply, type UploadedEraCheck } from '../../../contract/era.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { imbalancesOf, interestInPayment } from '../../edi/era/balance.ts';
import { CLAIM_PROVIDER_ADJUSTMENTS } from '../../../contract/postingRules.ts';
import type { EraCheck, EraDocument, EraProviderAdjustment } from '../../edi/era/eraModel.ts';
import { readEraAsync } from '../../edi/era/readEra.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { recordEdiRead } from '../importLogs/ediLog.ts';
import { matchEraClaims, type ClaimMatch } from './matchEra.ts';

/** Problems named in the refusal; the rest are counted. */
const PROBLEMS_SHOWN = 5;

/** The first problems named with their lines, then how many more there are (the reader counts them all, naming only the first). */
function refusal(document: EraDocument): string {
  const shown = document.problems
    .slice(0, PROBLEMS_SHOWN)
    .map((problem) => `${problem.message} (segment ${problem.segmentID || '?'} at line ${problem.line})`);
  const more = document.problemCount - shown.length;
  return `The file could not be read, nothing was uploaded: ${shown.join(' ')}${more > 0 ? ` And ${more.toLocaleString('en-US')} more.` : ''}`;
}

function isUniqueViolation(error: unknown, index: string): boolean {
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return code === '23505' && (constraint === index || (typeof message === 'string' && message.includes(index)));
}

const nextIds = async (tx: Transaction, table: string, column: string, count: number): Promise<number[]> =>
  count === 0
    ? []
    : (
        await tx.query<{ id: number }>(
          `SELECT nextval(pg_get_serial_sequence('${table}', '${column}'))::bigint AS id FROM generate_series(1, $1::int)`,
          [count],
        )
      ).map((row) => row.id);

/** The payee as the payer names it (N1*PE N104: NPI or tax ID): a check is unique per payer, trace number and payee. */
const payeeKey = (check: EraCheck) => `${check.payee.idQualifier}:${check.payee.id}`.toUpperCase();

/**
 * The claim a provider-level adjustment names, when it is a kind that concerns one claim (an
 * overpayment recovery, a forwarding balance...): its reference is the payer's claim control
 * number of one of the group's ERA claims, or our claim ID.
 */
async function providerAdjustmentClaims(
  tx: Transaction,
  groupID: number,
  check: EraCheck,
  matches: readonly ClaimMatch[],
): Promise<(adjustment: EraProviderAdjustment) => number | null> {
  const references = [
    ...new Set(
      check.providerAdjustments
        .filter((adjustment) => adjustment.reason in CLAIM_PROVIDER_ADJUSTMENTS && adjustment.reference)
        .map((adjustment) => (adjustment.reference ?? '').trim()),
    ),
  ];
  if (references.length === 0) return () => null;
  const inFile = new Map<string, number>();
  check.claims.forEach((claim, index) => {
    const claimID = matches[index]?.claimID;
    if (claimID != null && claim.payerClaimControlNumber) inFile.set(claim.payerClaimControlNumber.trim(), claimID);
  });
  const known = await tx.query<{ reference: string; claimID: number }>(
    `SELECT x.payer_claim_control_number AS reference, x.claim_id AS "claimID" FROM era_claims x JOIN era_checks ec ON ec.era_check_id = x.era_check_id
      WHERE ec.group_id = $1 AND x.claim_id IS NOT NULL AND x.payer_claim_control_number = ANY($2::text[])
     UNION ALL
     SELECT claim_id::text, claim_id FROM claims WHERE group_id = $1 AND claim_id = ANY($3::bigint[])`,
    [groupID, references, references.filter((reference) => /^\d{1,15}$/.test(reference)).map(Number)],
  );
  const byReference = new Map(known.map((row) => [row.reference, row.claimID]));
  return (adjustment) => {
    if (!(adjustment.reason in CLAIM_PROVIDER_ADJUSTMENTS) || !adjustment.reference) return null;
    const reference = adjustment.reference.trim();
    return inFile.get(reference) ?? byReference.get(reference) ?? null;
  };
}

async function storeCheck(
  tx: Transaction,
  groupID: number,
  eraFileID: number,
  check: EraCheck,
  matches: ClaimMatch[],
): Promise<UploadedEraCheck> {
  const imbalances = imbalancesOf(check);
  const [insurance] = await tx.query<{ insuranceID: number }>(
    'SELECT insurance_id AS "insuranceID" FROM insurances WHERE payer_id = $1 AND (group_id = $2 OR group_id IS NULL) ORDER BY group_id NULLS LAST LIMIT 1',
    [check.payer.identifier, groupID],
  );
  const providerAdjustmentCents = check.providerAdjustments.reduce((total, adjustment) => total + adjustment.cents, 0);
  const [stored] = await tx.query<{ eraCheckID: number }>(
    `INSERT INTO era_checks (era_file_id, group_id, insurance_id, payer_name, payer_identifier, trace_number, payment_method, check_date,
                             total_paid_cents, provider_adjustment_cents, balanced, imbalances, payee_identifier)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING era_check_id AS "eraCheckID"`,
    [
      eraFileID,
      groupID,
      insurance?.insuranceID ?? null,
      check.payer.name,
      check.payer.identifier,
      check.traceNumber,
      check.paymentMethod,
      check.paymentDate,
      check.creditDebit === 'D' ? -check.totalCents : check.totalCents,
      providerAdjustmentCents,
      imbalances.length === 0,
      JSON.stringify(imbalances.map(({ position: _position, ...rest }) => rest)),
      payeeKey(check),
    ],
  );
  if (!stored) throw new Error('The ERA check was not stored.');
  const eraCheckID = stored.eraCheckID;

  const claimIDs = await nextIds(tx, 'era_claims', 'era_claim_id', check.claims.length);
  const lineCount = check.claims.reduce((total, claim) => total + claim.lines.length, 0);
  const lineIDs = await nextIds(tx, 'era_lines', 'era_line_id', lineCount);
  const claimRows: unknown[][] = Array.from({ length: 17 }, () => []);
  const lineRows: unknown[][] = Array.from({ length: 13 }, () => []);
  const adjustmentRows: unknown[][] = Array.from({ length: 6 }, () => []);
  const remarkRows: unknown[][] = Array.from({ length: 3 }, () => []);
  const push = (columns: unknown[][], values: unknown[]) =>
    values.forEach((value, index) => columns[index]?.push(value));
  let lineAt = 0;
  let matchedClaims = 0;
  let matchedLines = 0;
  check.claims.forEach((claim, claimIndex) => {
    const eraClaimID = claimIDs[claimIndex];
    const match = matches[claimIndex];
    if (match?.claimID != null) matchedClaims += 1;
    const patientName = claim.patient
      ? [claim.patient.lastName, claim.patient.firstName].filter(Boolean).join(', ')
      : null;
    push(claimRows, [
      eraClaimID,
      eraCheckID,
      match?.claimID ?? null,
      claim.claimID,
      claim.status,
      claim.chargeCents,
      claim.paidCents,
      claim.patientResponsibilityCents,
      claim.payerClaimControlNumber || null,
      patientName,
      claim.statementFrom ?? claim.lines[0]?.serviceFrom ?? null,
      match?.matchedBy ?? null,
      claim.patient?.memberID || claim.insuredMemberID || null,
      claim.originalReference,
      match?.suggestedClaimID ?? null,
      match?.disagreement
        ? `Not matched to claim ${match.suggestedClaimID}: ${match.disagreement}. Link it if it is that claim.`
        : null,
      interestInPayment(claim),
    ]);
    for (const adjustment of claim.adjustments)
      push(adjustmentRows, [
        eraClaimID,
        null,
        adjustment.group,
        adjustment.reason,
        adjustment.cents,
        adjustment.quantity,
      ]);
    for (const remark of claim.remarks) push(remarkRows, [eraClaimID, null, remark]);
    claim.lines.forEach((line, index) => {
      const eraLineID = lineIDs[lineAt++];
      const lineMatch = match?.lines[index];
      if (lineMatch?.chargeID != null) matchedLines += 1;
      push(lineRows, [
        eraLineID,
        eraClaimID,
        lineMatch?.chargeID ?? null,
        line.procedure,
        `{${line.modifiers.map((modifier) => `"${modifier.replaceAll('"', '')}"`).join(',')}}`,
        line.chargeCents,
        line.allowedCents,
        line.paidCents,
        line.units,
        line.lineControlNumber,
        line.serviceFrom,
        line.serviceTo,
        lineMatch?.matchedBy ?? null,
      ]);
      for (const adjustment of line.adjustments)
        push(adjustmentRows, [
          eraClaimID,
          eraLineID,
          adjustment.group,
          adjustment.reason,
          adjustment.cents,
          adjustment.quantity,
        ]);
      for (const remark of line.remarks) push(remarkRows, [eraClaimID, eraLineID, remark]);
    });
  });
  await tx.query(
    `INSERT INTO era_claims (era_claim_id, era_check_id, claim_id, patient_control_number, status_code, billed_cents, paid_cents,
                             patient_responsibility_cents, payer_claim_control_number, patient_name, service_date, matched_by,
                             member_id, original_reference, suggested_claim_id, held_reason, interest_cents)
     OVERRIDING SYSTEM VALUE
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::text[], $11::date[], $12::text[],
                          $13::text[], $14::text[], $15::bigint[], $16::text[], $17::bigint[])`,
    claimRows,
  );
  await tx.query(
    `INSERT INTO era_lines (era_line_id, era_claim_id, charge_id, procedure_code, modifiers, billed_cents, allowed_cents, paid_cents, units,
                            line_control_number, service_date, service_date_to, matched_by)
     OVERRIDING SYSTEM VALUE
     SELECT a, b, c, d, e::text[], f, g, h, i, j, k, l, m
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::numeric[], $10::text[], $11::date[], $12::date[], $13::text[])
         AS x (a, b, c, d, e, f, g, h, i, j, k, l, m)`,
    lineRows,
  );
  await tx.query(
    `INSERT INTO era_adjustments (era_claim_id, era_line_id, group_code, reason_code, amount_cents, quantity)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::numeric[])`,
    adjustmentRows,
  );
  await tx.query(
    'INSERT INTO era_remarks (era_claim_id, era_line_id, remark_code) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[])',
    remarkRows,
  );
  if (check.providerAdjustments.length > 0) {
    const claimOf = await providerAdjustmentClaims(tx, groupID, check, matches);
    await tx.query(
      'INSERT INTO era_provider_adjustments (era_check_id, reason_code, reference, amount_cents, claim_id) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[])',
      [
        eraCheckID,
        check.providerAdjustments.map((adjustment) => adjustment.reason),
        check.providerAdjustments.map((adjustment) => adjustment.reference),
        check.providerAdjustments.map((adjustment) => adjustment.cents),
        check.providerAdjustments.map((adjustment) => claimOf(adjustment)),
      ],
    );
  }
  return {
    eraCheckID,
    traceNumber: check.traceNumber,
    payerName: check.payer.name,
    totalPaid: check.totalCents,
    claims: check.claims.length,
    matchedClaims,
    lines: lineCount,
    matchedLines,
    balanced: imbalances.length === 0,
    imbalances: imbalances.map(({ position: _position, ...rest }) => rest),
  };
}

export interface EraUpload {
  groupID: number;
  fileName: string;
  text: string;
}

export async function uploadEra(db: Db, actor: Actor, scope: DataScope, upload: EraUpload): Promise<UploadEraReply> {
  if (!scope.groupIds.includes(upload.groupID)) throw new NotFoundError('Group not found.');
  // Every read goes in the EDI import log, a refused one too (outside the transaction rolled back).
  const logRead = (outcome: 'accepted' | 'rejected', detail: string, q: Queryable = db, eraFileID?: number) =>
    recordEdiRead(q, {
      groupID: upload.groupID,
      transactionSet: '835',
      fileName: upload.fileName,
      outcome,
      detail,
      recordType: eraFileID === undefined ? null : 'era_file',
      recordID: eraFileID ?? null,
      bytes: Buffer.byteLength(upload.text),
      readBy: actor.userId,
    });
  // Read with a turn of the event loop every few thousand segments: other requests go on meanwhile.
  const document = await readEraAsync(upload.text);
  if (document.problems.length > 0) {
    await logRead('rejected', refusal(document));
    throw new BadRequestError(refusal(document));
  }
  const hash = createHash('sha256').update(upload.text).digest('hex');
  try {
    return await db.transaction(async (tx) => {
      const [file] = await tx.query<{ eraFileID: number }>(
        'INSERT INTO era_files (group_id, file_name, file_hash, content, uploaded_by) VALUES ($1, $2, $3, $4, $5) RETURNING era_file_id AS "eraFileID"',
        [upload.groupID, upload.fileName, hash, upload.text, actor.userId],
      );
      if (!file) throw new Error('The ERA file was not stored.');
      const matches = await matchEraClaims(tx, upload.groupID, document.checks);
      const checks: UploadedEraCheck[] = [];
      for (const [index, check] of document.checks.entries())
        checks.push(await storeCheck(tx, upload.groupID, file.eraFileID, check, matches[index] ?? []));
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'era.upload',
        recordType: 'era_file',
        recordId: file.eraFileID,
        source: actor.source,
        ip: actor.ip,
        detail: {
          fileName: upload.fileName,
          checks: checks.map((check) => ({
            eraCheckID: check.eraCheckID,
            traceNumber: check.traceNumber,
            claims: check.claims,
            balanced: check.balanced,
          })),
        },
      });
      await logRead(
        'accepted',
        `${checks.length} ${checks.length === 1 ? 'check' : 'checks'}: ${checks.map((check) => `${check.traceNumber} (${check.matchedClaims} of ${check.claims} claims matched${check.balanced ? '' : ', unbalanced'})`).join(', ')}`,
        tx,
        file.eraFileID,
      );
      return { message: ERA_UPLOADED, eraID: file.eraFileID, checks };
    });
  } catch (error) {
    const conflict = isUniqueViolation(error, 'era_files_live_hash_idx')
      ? `This file (${upload.fileName}) was already uploaded for the group; it was not uploaded again.`
      : isUniqueViolation(error, 'era_checks_live_trace_idx')
        ? 'A check in this file was already uploaded, in this group or another (same payer, check or EFT number and payee); nothing was uploaded.'
        : null;
    if (conflict === null) throw error;
    await logRead('rejected', conflict);
    throw new ConflictError(conflict);
  }
}
