/**
 * The reads beside a claim's own screens, each made of the services those screens already use:
 * Claims/getClaimStatsData, getChargeDetailData, getClaimDetailSummaryBillingData,
 * getScrubingResponce, getEditClaimDNAData, viewClaimValidationErrors and
 * Repository/getClaimScreen. A claim or line outside the data role is not found; each read is
 * audited through the repository (or by the service it reuses).
 */
import {
  EDIT_EVENT_ACTIONS,
  type BillingSummaryReply,
  type ChargeDetailReply,
  type ClaimScreenReply,
  type ClaimStatsReply,
  type EditClaimDNAReply,
  type ScrubResponseReply,
  type ValidationError,
  type ValidationErrorsReply,
  type ValidationType,
} from '../../../contract/claimSideCalls.ts';
import { relationshipLabel } from '../../../contract/patientCoverage.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimEraAnswers } from '../era/claimEraAnswers.ts';
import { claimFigures } from '../ledger/ledgerFigures.ts';
import { ledgerRows } from '../ledger/paymentLedgers.ts';
import { scrubFindingsInScope } from '../scrub/claimScrubErrors.ts';
import type { BillingProvider } from './billingClaim.ts';
import { getChargeStatusHistory } from './chargeStatus.ts';
import { getClaimDNA } from './claimDNA.ts';
import { chargeLines, claimInScope } from './claimDetail.ts';
import { settledClaimReason } from './claimEditing.ts';
import { loadBillingClaims } from './loadBillingClaims.ts';

const DAY_MS = 86_400_000;

/** Claims/getClaimStatsData: the claim's money from the figure model, and counts of what hangs on it. */
export async function claimStats(
  q: Queryable,
  scope: DataScope,
  claimID: number,
  today: string,
): Promise<ClaimStatsReply> {
  await claimInScope(q, claimID, scope);
  const figures = await claimFigures(q, claimID);
  const lines = await chargeLines(q, claimID, figures);
  const [counts] = await q.query<{
    dosFrom: string;
    diagnoses: number;
    notes: number;
    openTasks: number;
    documents: number;
    eraAnswers: number;
    lastSubmitted: string | null;
    timesSubmitted: number;
    lastPostingDate: string | null;
  }>(
    `SELECT c.dos_from AS "dosFrom",
            (SELECT count(*)::int FROM claim_diagnoses d WHERE d.claim_id = c.claim_id) AS diagnoses,
            (SELECT count(*)::int FROM notes n WHERE n.claim_id = c.claim_id AND NOT n.archived) AS notes,
            (SELECT count(*)::int FROM tasks t WHERE t.claim_id = c.claim_id AND t.status = 'open') AS "openTasks",
            (SELECT count(*)::int FROM documents d WHERE d.claim_id = c.claim_id AND d.active) AS documents,
            (SELECT count(*)::int FROM era_claims e JOIN era_checks k ON k.era_check_id = e.era_check_id
              WHERE e.claim_id = c.claim_id AND k.status <> 'deleted') AS "eraAnswers",
            (SELECT to_char(max(b.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM submission_batch_claims s
               JOIN submission_batches b ON b.submission_batch_id = s.submission_batch_id WHERE s.claim_id = c.claim_id) AS "lastSubmitted",
            (SELECT count(*)::int FROM submission_batch_claims s WHERE s.claim_id = c.claim_id) AS "timesSubmitted",
            (SELECT max(l.posting_date)::text FROM ledger_entries l WHERE l.claim_id = c.claim_id AND l.entry_type <> 'charge') AS "lastPostingDate"
       FROM claims c WHERE c.claim_id = $1`,
    [claimID],
  );
  if (!counts) throw new NotFoundError();
  const { totals } = figures;
  return {
    claimID,
    totalCharges: totals.charges,
    insurancePaid: totals.insurancePaid,
    patientPaid: totals.patientPaid - totals.refunds,
    adjusted: totals.contractualAdjustments + totals.writeOffs + totals.otherAdjustments,
    balance: totals.balance,
    lines: lines.length,
    openLines: lines.filter((line) => line.status !== 'void' && line.balance !== 0).length,
    diagnoses: counts.diagnoses,
    notes: counts.notes,
    openTasks: counts.openTasks,
    documents: counts.documents,
    eraAnswers: counts.eraAnswers,
    daysSinceService: Math.max(0, Math.round((Date.parse(today) - Date.parse(counts.dosFrom)) / DAY_MS)),
    lastSubmitted: counts.lastSubmitted,
    timesSubmitted: counts.timesSubmitted,
    lastPostingDate: counts.lastPostingDate,
  };
}

/** The claim a line of the data role belongs to; a deleted line, or one elsewhere, is not found. */
async function claimOfCharge(q: Queryable, scope: DataScope, chargeID: number): Promise<number> {
  const [row] = await q.query<{ claimID: number }>(
    `SELECT c.claim_id AS "claimID" FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
      WHERE ch.charge_id = $1 AND ch.charge_status <> 'deleted' AND c.practice_id = ANY($2::bigint[])`,
    [chargeID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError('Charge not found.');
  return Number(row.claimID);
}

/** Claims/getChargeDetailData: one line with its figures, its ledger rows, the ERA lines that answered it and its status changes. */
export async function chargeDetail(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  chargeID: number,
): Promise<ChargeDetailReply> {
  const claimID = await claimOfCharge(q, scope, chargeID);
  const lines = await chargeLines(q, claimID, await claimFigures(q, claimID));
  const charge = lines.find((line) => line.chargeID === chargeID);
  if (!charge) throw new NotFoundError('Charge not found.');
  const [own] = await q.query<{
    posCode: string | null;
    ndcCode: string | null;
    revenueCode: string | null;
    lineControlNumber: string | null;
  }>(
    `SELECT pos_code AS "posCode", ndc_code AS "ndcCode", revenue_code AS "revenueCode", line_control_number AS "lineControlNumber"
       FROM charges WHERE charge_id = $1`,
    [chargeID],
  );
  const ledger = (await ledgerRows(q, { claimID }, scope.practiceIds)).filter((row) => row.chargeID === chargeID);
  const answers = await claimEraAnswers(q, scope, { claimID });
  const eraLines = answers.answers.flatMap((answer) =>
    answer.claim.lines
      .filter((line) => line.chargeID === chargeID)
      .map((line) => ({
        eraCheckID: answer.eraCheckID,
        traceNumber: answer.traceNumber,
        payerName: answer.payerName,
        line,
      })),
  );
  const history = await getChargeStatusHistory(q, actor, scope, chargeID);
  return {
    claimID,
    charge,
    posCode: own?.posCode ?? null,
    ndcCode: own?.ndcCode ?? null,
    revenueCode: own?.revenueCode ?? null,
    lineControlNumber: own?.lineControlNumber ?? null,
    ledger,
    eraLines,
    statusHistory: history.rows,
  };
}

const PAYER_RESPONSIBILITY = ['primary', 'secondary', 'tertiary'] as const;
function party(provider: BillingProvider | null): BillingSummaryReply['renderingProvider'] | null {
  if (provider === null) return null;
  return { name: [provider.lastName, provider.firstName].filter(Boolean).join(', '), npi: provider.npi };
}

/** Claims/getClaimDetailSummaryBillingData: who bills whom, read from the claim shape the scrubber and the 837 use. */
export async function billingSummary(q: Queryable, scope: DataScope, claimID: number): Promise<BillingSummaryReply> {
  await claimInScope(q, claimID, scope);
  const [claim] = await loadBillingClaims(q, [claimID]);
  if (!claim) throw new NotFoundError();
  const { practice, coverage } = claim;
  return {
    claimID,
    kind: claim.claimType,
    billingProvider: {
      name: practice.name,
      npi: practice.npi,
      taxID: practice.taxID,
      address: [practice.address1, practice.address2, `${practice.city}, ${practice.state} ${practice.zip}`]
        .filter(Boolean)
        .join(', '),
    },
    renderingProvider: party(claim.provider) ?? { name: null, npi: null },
    referringProvider: party(claim.referringProvider),
    supervisingProvider: party(claim.supervisingProvider),
    facility: claim.facility ? { name: claim.facility.name, npi: claim.facility.npi } : null,
    payer: coverage
      ? {
          name: coverage.payer.name,
          payerID: coverage.payer.payerID,
          responsibility: PAYER_RESPONSIBILITY[coverage.priority - 1] ?? 'primary',
        }
      : null,
    subscriber: coverage
      ? {
          memberID: coverage.subscriberID,
          name:
            [coverage.subscriberLastName, coverage.subscriberFirstName].filter(Boolean).join(', ') ||
            `${claim.patient.lastName}, ${claim.patient.firstName}`,
          relationship: relationshipLabel(coverage.subscriberRelation),
        }
      : null,
    frequencyCode: claim.frequencyCode,
    originalClaimNumber: claim.originalClaimNumber,
    priorAuthorization: claim.priorAuthorizationNumber,
    referralNumber: claim.referralNumber,
    totalCharges: claim.totalChargeCents,
  };
}

/** Claims/getScrubingResponce: the stored findings of the claim's last scrub with its status, when and by whom. */
export async function scrubResponse(q: Queryable, scope: DataScope, claimID: number): Promise<ScrubResponseReply> {
  const findings = await scrubFindingsInScope(q, scope, claimID);
  const [last] = await q.query<{ scrubStatus: string; scrubbedAt: string | null; scrubbedBy: string | null }>(
    `SELECT ss.name AS "scrubStatus", to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "scrubbedAt",
            nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "scrubbedBy"
       FROM claims c
       JOIN scrub_statuses ss ON ss.scrub_status_id = c.scrub_status_id
       LEFT JOIN LATERAL (SELECT x.at, x.user_id FROM claim_events x WHERE x.claim_id = c.claim_id AND x.action = 'scrubbed'
                           ORDER BY x.at DESC, x.claim_event_id DESC LIMIT 1) e ON true
       LEFT JOIN users u ON u.user_id = e.user_id
      WHERE c.claim_id = $1`,
    [claimID],
  );
  return {
    claimID,
    scrubStatus: last?.scrubStatus ?? '',
    scrubbedAt: last?.scrubbedAt ?? findings[0]?.scrubbedAt ?? null,
    scrubbedBy: last?.scrubbedBy ?? null,
    errors: findings.filter((finding) => finding.severity === 'error').length,
    warnings: findings.filter((finding) => finding.severity === 'warning').length,
    findings,
  };
}

/** Claims/getEditClaimDNAData: the DNA log's events that changed what the claim bills (getClaimDNAData, filtered). */
export async function editClaimDNA(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<EditClaimDNAReply> {
  const { events } = await getClaimDNA(q, actor, scope, claimID);
  const edits: readonly string[] = EDIT_EVENT_ACTIONS;
  return { events: events.filter((event) => edits.includes(event.action)) };
}

/**
 * Claims/viewClaimValidationErrors: `scrub`, the last scrub's errors then warnings in rule order;
 * `posting`, what keeps the ERA answers to the claim from posting (a claim held with its reason,
 * lines that match none of the claim's open lines).
 */
export async function claimValidationErrors(
  q: Queryable,
  scope: DataScope,
  claimID: number,
  type: ValidationType,
): Promise<ValidationErrorsReply> {
  if (type === 'scrub') {
    const findings = await scrubFindingsInScope(q, scope, claimID);
    const errors: ValidationError[] = [...findings]
      .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
      .map((finding) => ({
        severity: finding.severity,
        code: finding.ruleID,
        message: finding.message,
        fix: finding.fix,
        chargeID: finding.chargeID,
        lineNumber: finding.lineNumber,
      }));
    return { claimID, type, errors };
  }
  const { answers } = await claimEraAnswers(q, scope, { claimID });
  const errors = answers.flatMap((answer): ValidationError[] => {
    if (answer.claim.posted) return [];
    const check = `ERA check ${answer.traceNumber} (${answer.payerName})`;
    const held: ValidationError[] = answer.claim.heldReason
      ? [
          {
            severity: 'error',
            code: 'ERA_CLAIM_HELD',
            message: `${check}: ${answer.claim.heldReason}`,
            fix: 'Link the ERA claim or its lines on the ERA detail, then post the check again.',
            chargeID: null,
            lineNumber: null,
          },
        ]
      : [];
    const unmatched = answer.claim.lines
      .filter((line) => line.chargeID === null)
      .map((line): ValidationError => ({
        severity: 'error',
        code: 'ERA_LINE_UNMATCHED',
        message: `${check}: the line ${line.procedureCode}${line.modifiers.length > 0 ? `-${line.modifiers.join('-')}` : ''} matches none of the claim's open lines.`,
        fix: 'Link the ERA line to a charge on the ERA detail (L), then post the check again.',
        chargeID: null,
        lineNumber: null,
      }));
    const waiting: ValidationError[] =
      held.length === 0 && unmatched.length === 0
        ? [
            {
              severity: 'warning',
              code: 'ERA_NOT_POSTED',
              message: `${check} answers the claim and is not posted yet.`,
              fix: 'Post the ERA check (P on the ERA screen).',
              chargeID: null,
              lineNumber: null,
            },
          ]
        : [];
    return [...held, ...unmatched, ...waiting];
  });
  return { claimID, type, errors };
}

/** Repository/getClaimScreen: where a claim opens (its detail), its form, and why the form is read-only when it is. */
export async function claimScreen(q: Queryable, scope: DataScope, claimID: number): Promise<ClaimScreenReply> {
  const [claim] = await q.query<{
    claimType: 'professional' | 'institutional';
    claimStatusID: number;
    submitStatusID: number;
  }>(
    `SELECT claim_type AS "claimType", claim_status_id::int AS "claimStatusID", submit_status_id::int AS "submitStatusID"
       FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError('Claim not found.');
  return {
    claimID,
    route: `/app/claim-detail/${claimID}`,
    formRoute: `/app/create-claim/${claimID}`,
    kind: claim.claimType,
    readOnlyReason: settledClaimReason({ claimID, ...claim }),
  };
}
