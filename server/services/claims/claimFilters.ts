import type { ClaimFilter } from '../../../contract/claims.ts';

/** A WHERE condition over `claims c` with its positional parameters ($1 ...). */
export interface SqlCondition {
  sql: string;
  values: unknown[];
}

/**
 * The claims list's filters as SQL, always limited to the practices of the data role. The list,
 * its counts and bulk runs over "all N matching" share it, so they can never disagree.
 */
export function claimFilterWhere(filter: ClaimFilter, practiceIds: readonly number[]): SqlCondition {
  const values: unknown[] = [practiceIds];
  const conditions = ['c.practice_id = ANY($1::bigint[])'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (filter.search) {
    const search = filter.search;
    if (/^\d{1,15}$/.test(search)) add((p) => `c.claim_id = ${p}::bigint`, Number(search));
    else add((p) => `c.patient_name LIKE ${p}`, `${search.toUpperCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  }
  if (filter.claimStatusID !== undefined) add((p) => `c.claim_status_id = ${p}`, filter.claimStatusID);
  if (filter.practiceID !== undefined) add((p) => `c.practice_id = ${p}`, filter.practiceID);
  if (filter.patientID !== undefined) add((p) => `c.patient_id = ${p}`, filter.patientID);
  if (filter.dosFrom) add((p) => `c.dos_from >= ${p}::date`, filter.dosFrom);
  if (filter.dosTo) add((p) => `c.dos_from <= ${p}::date`, filter.dosTo);
  return { sql: conditions.join(' AND '), values };
}

/** Only the filter fields of a list query (paging and sort dropped). */
export function filterOf(query: ClaimFilter): ClaimFilter {
  const { search, claimStatusID, practiceID, patientID, dosFrom, dosTo } = query;
  return { search, claimStatusID, practiceID, patientID, dosFrom, dosTo };
}
