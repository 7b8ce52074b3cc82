import { CLAIM_STATUS_NAMES, SCRUB_STATUS_NAMES, SUBMIT_STATUS_NAMES } from './claimStatus.ts';
import type { ClaimSearchRow, ClaimTableReply } from './claims.ts';

/** A page of the table variant as the list's rows: the same objects getAllClaimsSearchData gives. */
export function claimRowsOfTable({ rows, names }: ClaimTableReply): ClaimSearchRow[] {
  const nameOf = (table: Record<string, string>, id: number | null): string | null =>
    id === null ? null : (table[id] ?? null);
  return rows.map(
    ([
      claimID,
      patientID,
      patientName,
      accountNumber,
      dosFrom,
      dosTo,
      practiceID,
      providerID,
      insuranceID,
      claimStatusID,
      scrubStatusID,
      submitStatusID,
      totalCharges,
      balance,
      assignedUserID,
    ]) => ({
      claimID,
      patientID,
      patientName,
      accountNumber,
      dosFrom,
      dosTo,
      practiceName: nameOf(names.practices, practiceID) ?? '',
      providerName: nameOf(names.providers, providerID) ?? '',
      payerName: nameOf(names.payers, insuranceID),
      claimStatus: CLAIM_STATUS_NAMES[claimStatusID] ?? '',
      scrubStatus: SCRUB_STATUS_NAMES[scrubStatusID] ?? '',
      submitStatus: SUBMIT_STATUS_NAMES[submitStatusID] ?? '',
      totalCharges,
      balance,
      assignee: nameOf(names.users, assignedUserID),
    }),
  );
}
