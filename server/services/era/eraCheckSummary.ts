/**
 * Claims/getERAProfileDetailSummary and getERAProfileDetailSummaryCharges: one ERA check added up,
 * and every line of it, read through getERAFullDetail's service (eraFullDetail) so the matching,
 * the CARC and RARC texts from the code lists and the data role are the detail screen's own.
 */
import type { EraDetailSummaryChargesReply, EraDetailSummaryReply } from '../../../contract/claimSideCalls.ts';
import type { EraFullDetailReply } from '../../../contract/era.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { eraFullDetail } from './eraDetail.ts';

type Check = EraFullDetailReply['checks'][number];

async function checkOf(q: Queryable, scope: DataScope, eraCheckID: number): Promise<{ eraID: number; check: Check }> {
  const [row] = await q.query<{ eraID: number }>(
    `SELECT era_file_id AS "eraID" FROM era_checks
      WHERE era_check_id = $1 AND group_id = ANY($2::bigint[]) AND status <> 'deleted'`,
    [eraCheckID, scope.groupIds],
  );
  if (!row) throw new NotFoundError('ERA check not found.');
  const detail = await eraFullDetail(q, scope, { eraID: Number(row.eraID) });
  const check = detail.checks.find((candidate) => candidate.eraCheckID === eraCheckID);
  if (!check) throw new NotFoundError('ERA check not found.');
  return { eraID: detail.eraID, check };
}

export async function eraCheckSummary(
  q: Queryable,
  scope: DataScope,
  eraCheckID: number,
): Promise<EraDetailSummaryReply> {
  const { eraID, check } = await checkOf(q, scope, eraCheckID);
  const adjustments = new Map<string, EraDetailSummaryReply['adjustments'][number]>();
  const remarks = new Map<string, EraDetailSummaryReply['remarks'][number]>();
  const addAdjustment = (adjustment: Check['claims'][number]['adjustments'][number], lines: number) => {
    const key = `${adjustment.group}-${adjustment.reason}`;
    const seen = adjustments.get(key);
    if (seen) {
      seen.amount += adjustment.amount;
      seen.lines += lines;
    } else
      adjustments.set(key, {
        group: adjustment.group,
        reason: adjustment.reason,
        description: adjustment.description,
        amount: adjustment.amount,
        lines,
      });
  };
  const addRemark = (remark: { code: string; description: string | null }) => {
    const seen = remarks.get(remark.code);
    if (seen) seen.lines += 1;
    else remarks.set(remark.code, { code: remark.code, description: remark.description, lines: 1 });
  };
  for (const claim of check.claims) {
    for (const adjustment of claim.adjustments) addAdjustment(adjustment, 0);
    for (const remark of claim.remarks) addRemark(remark);
    for (const line of claim.lines) {
      for (const adjustment of line.adjustments) addAdjustment(adjustment, 1);
      for (const remark of line.remarks) addRemark(remark);
    }
  }
  const sum = (pick: (claim: Check['claims'][number]) => number) =>
    check.claims.reduce((total, claim) => total + pick(claim), 0);
  return {
    eraCheckID,
    eraID,
    traceNumber: check.traceNumber,
    payerName: check.payerName,
    checkDate: check.checkDate,
    status: check.status,
    totalPaid: check.totalPaid,
    claims: check.claims.length,
    matched: check.claims.filter((claim) => claim.claimID !== null).length,
    posted: check.claims.filter((claim) => claim.posted).length,
    denied: check.claims.filter((claim) => claim.statusCode === '4').length,
    billed: sum((claim) => claim.billed),
    paid: sum((claim) => claim.paid),
    patientResponsibility: sum((claim) => claim.patientResponsibility),
    interest: sum((claim) => claim.interest),
    providerAdjustments: check.providerAdjustments.reduce((total, adjustment) => total + adjustment.amount, 0),
    adjustments: [...adjustments.values()].sort((a, b) => b.amount - a.amount || a.reason.localeCompare(b.reason)),
    remarks: [...remarks.values()].sort((a, b) => b.lines - a.lines || a.code.localeCompare(b.code)),
  };
}

export async function eraCheckSummaryCharges(
  q: Queryable,
  scope: DataScope,
  eraCheckID: number,
): Promise<EraDetailSummaryChargesReply> {
  const { check } = await checkOf(q, scope, eraCheckID);
  return {
    eraCheckID,
    lines: check.claims.flatMap((claim) =>
      claim.lines.map((line) => ({
        eraClaimID: claim.eraClaimID,
        claimID: claim.claimID,
        patientName: claim.patientName,
        line,
      })),
    ),
  };
}
