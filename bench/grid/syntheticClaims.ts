import type { ClaimSearchRow } from '../../contract/claims.ts';

const LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ', 'MARTINEZ'];
const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'JOHN', 'JENNIFER', 'MICHAEL', 'LINDA', 'DAVID', 'ELIZABETH'];
const STATUS = ['Draft', 'Ready to Submit', 'Submitted', 'Denied', 'Paid', 'Patient Balance'];
const PAYERS = ['Aetna', 'Blue Cross Blue Shield of Texas', 'Medicare Part B', null];

function isoDay(index: number): string {
  const date = new Date(Date.UTC(2025, 0, 1) + (index % 700) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** Row `index` of a made-up list of claims: deterministic, so both grids draw the same text. */
export function syntheticClaim(index: number): ClaimSearchRow {
  const dos = isoDay(index);
  return {
    claimID: 1_000_000 - index,
    patientID: 1 + (index % 50_000),
    patientName: `${LAST[index % LAST.length]}, ${FIRST[(index * 7) % FIRST.length]}`,
    accountNumber: `ACC${String(index % 50_000).padStart(6, '0')}`,
    dosFrom: dos,
    dosTo: dos,
    practiceName: index % 3 === 0 ? 'Lakeside Family Medicine' : 'Northwind Primary Care',
    providerName: index % 2 === 0 ? 'Lee, Ann' : 'Patel, Ravi',
    payerName: PAYERS[index % PAYERS.length] ?? null,
    claimStatus: STATUS[index % STATUS.length] ?? 'Draft',
    scrubStatus: index % 4 === 0 ? 'Failed' : 'Passed',
    submitStatus: 'Accepted by Clearinghouse',
    totalCharges: 5_000 + ((index * 37) % 90_000),
    balance: index % 9 === 0 ? -1_250 : (index * 13) % 40_000,
    assignee: index % 5 === 0 ? null : 'Alex Morgan',
  };
}
