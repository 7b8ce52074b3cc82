import {
  CLAIMS_LIST_MODULE_URL,
  SAVED_SEARCH_NAME_TAKEN,
  checkSavedParams,
  type SavedClaimSearch,
  type SavedReport,
  type SavedReportParams,
  type SavedReportsReply,
} from '../../../contract/savedSearches.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';

interface StoredReport {
  id: number;
  moduleUrl: string;
  name: string;
  params: unknown;
  createdAt: string;
}

const COLUMNS = `id, module_url AS "moduleUrl", name, params,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

/**
 * Checks the stored parameters again on the way out: the screen's rules may have changed since
 * the search was saved (a field renamed, a limit lowered). Such a search is still listed, so its
 * owner can delete or save over it, but its parameters are withheld and the reason given.
 */
function checked(row: StoredReport): SavedReport {
  const result = checkSavedParams(row.moduleUrl, row.params);
  if ('params' in result) return { ...row, params: result.params, problem: null };
  const screen = row.moduleUrl === CLAIMS_LIST_MODULE_URL ? "the list's filters" : "the report's parameters";
  return { ...row, params: null, problem: `This search no longer fits ${screen} (${result.problem}).` };
}

/** The unique index of migration 0009 (user, screen, name in any case) answers name clashes, races included. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new BadRequestError(SAVED_SEARCH_NAME_TAKEN);
    throw error;
  }
}

/** SavedReports/GetSavedReports: the user's own searches for one screen, newest first. */
export async function listSavedReports(q: Queryable, userId: number, moduleUrl: string): Promise<SavedReportsReply> {
  const rows = await q.query<StoredReport>(
    `SELECT ${COLUMNS} FROM saved_reports WHERE user_id = $1 AND module_url = $2 ORDER BY created_at DESC, id DESC`,
    [userId, moduleUrl],
  );
  return { reports: rows.map(checked) };
}

export async function addSavedReport(
  q: Queryable,
  userId: number,
  input: { moduleUrl: string; name: string; params: SavedClaimSearch | SavedReportParams },
  now: Date,
): Promise<SavedReport> {
  const [row] = await writing(() =>
    q.query<StoredReport>(
      `INSERT INTO saved_reports (user_id, module_url, name, params, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [userId, input.moduleUrl, input.name, JSON.stringify(input.params), now],
    ),
  );
  if (!row) throw new Error('The saved search was not stored.');
  return checked(row);
}

/**
 * Renames a search or saves new parameters over it; another user's search is not found. New
 * parameters are checked by the rules of the screen the search was saved for.
 */
export async function editSavedReport(
  q: Queryable,
  userId: number,
  input: { id: number; name?: string | undefined; params?: unknown },
): Promise<SavedReport> {
  let params: SavedClaimSearch | SavedReportParams | undefined;
  if (input.params !== undefined) {
    const [stored] = await q.query<{ moduleUrl: string }>(
      `SELECT module_url AS "moduleUrl" FROM saved_reports WHERE id = $1 AND user_id = $2`,
      [input.id, userId],
    );
    if (!stored) throw new NotFoundError('The saved search was not found.');
    const result = checkSavedParams(stored.moduleUrl, input.params);
    if ('problem' in result) throw new BadRequestError(`params: ${result.problem}`);
    params = result.params;
  }
  const [row] = await writing(() =>
    q.query<StoredReport>(
      `UPDATE saved_reports SET name = coalesce($3, name), params = coalesce($4::jsonb, params)
        WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [input.id, userId, input.name ?? null, params === undefined ? null : JSON.stringify(params)],
    ),
  );
  if (!row) throw new NotFoundError('The saved search was not found.');
  return checked(row);
}

export async function deleteSavedReport(q: Queryable, userId: number, id: number): Promise<void> {
  const deleted = await q.query('DELETE FROM saved_reports WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  if (deleted.length === 0) throw new NotFoundError('The saved search was not found.');
}
