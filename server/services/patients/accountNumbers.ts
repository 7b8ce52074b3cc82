/**
 * Account numbers: unique within a group. One given by the biller is kept; otherwise the group's
 * next is made from its highest one (prefix and width kept, as the demo data writes them:
 * RIV000042), or from the group's initials for its first patient.
 */
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';

const NUMBERED = /^(.*?)(\d+)$/;

export async function refuseTakenAccountNumber(
  q: Queryable,
  groupID: number,
  accountNumber: string,
  exceptPatientID: number | null,
): Promise<void> {
  const [taken] = await q.query(
    `SELECT 1 FROM patients WHERE group_id = $1 AND upper(account_number) = upper($2)
        AND ($3::bigint IS NULL OR patient_id <> $3)`,
    [groupID, accountNumber, exceptPatientID],
  );
  if (taken) throw new BadRequestError(`Account number ${accountNumber} is already used by a patient of this group.`);
}

/** The group's next account number. Call inside the save's transaction: it locks the group row. */
export async function nextAccountNumber(q: Queryable, groupID: number): Promise<string> {
  const [group] = await q.query<{ name: string }>('SELECT name FROM groups WHERE group_id = $1 FOR UPDATE', [groupID]);
  const accounts = await q.query<{ accountNumber: string }>(
    `SELECT account_number AS "accountNumber" FROM patients
      WHERE group_id = $1 AND account_number ~ '[0-9]+$'
      ORDER BY length(account_number) DESC, account_number DESC LIMIT 1`,
    [groupID],
  );
  const highest = accounts[0] ? NUMBERED.exec(accounts[0].accountNumber) : null;
  const prefix =
    highest?.[1] ??
    ((group?.name ?? 'PAT')
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 3) ||
      'PAT');
  const width = highest?.[2]?.length ?? 6;
  let next = highest ? Number(highest[2]) + 1 : 1;
  // A hand-typed number may already hold the next one: step past it.
  for (;;) {
    const candidate = `${prefix}${String(next).padStart(width, '0')}`;
    const [taken] = await q.query('SELECT 1 FROM patients WHERE group_id = $1 AND upper(account_number) = $2', [
      groupID,
      candidate.toUpperCase(),
    ]);
    if (!taken) return candidate;
    next += 1;
  }
}
