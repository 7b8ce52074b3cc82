/**
 * Repository/getReasonCode and getRemarkCode: the CARC (adjustment_reason_codes) and RARC
 * (remark_codes) lists loaded from the X12 code files, with the day X12 stopped each retired code.
 */
import { MAX_CODES, type AdjustmentCodesQuery, type AdjustmentCodesReply } from '../../../contract/lookups.ts';
import type { Queryable } from '../../db/types.ts';

const TABLES = { reason: 'adjustment_reason_codes', remark: 'remark_codes' } as const;

/** Codes by letter prefix, then by number (2 before 10, M1 before M10 before MA01), those whose code or description holds the search when one is given. */
export async function adjustmentCodes(
  q: Queryable,
  list: keyof typeof TABLES,
  input: AdjustmentCodesQuery,
): Promise<AdjustmentCodesReply> {
  const search = input.searchValue?.trim() ?? '';
  return q.query<AdjustmentCodesReply[number]>(
    `SELECT code, description, stop_date::text AS "stopDate" FROM ${TABLES[list]}
      WHERE $1 = '' OR code ILIKE $1 || '%' OR description ILIKE '%' || $1 || '%'
      ORDER BY substring(code from '^[A-Z]*'), length(code), code LIMIT $2`,
    [search.replace(/[\\%_]/g, (char) => `\\${char}`), MAX_CODES],
  );
}
