import {
  SAVED_SEARCH_NAME_TAKEN,
  savedClaimSearchSchema,
  type SavedClaimSearch,
  type SavedReport,
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
 * Checks the stored parameters again on the way out: the filter's rules may have changed since
 * the search was saved (a field renamed, a limit lowered). Such a search is still listed, so its
 * owner can delete or save over it, but its parameters are withheld and the reason given.
 */
function checked(row: StoredReport): SavedReport {
  const parsed = savedClaimSearchSchema.safeParse(row.params);
  if (parsed.success) return { ...row, params: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return {
    ...row,
    params: null,
    problem: `This search no longer fits the list's filters (${where}${issue?.message ?? 'unreadable'}).`,
  };
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
  input: { moduleUrl: string; name: string; params: SavedClaimSearch },
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

/** Renames a search or saves new parameters over it; another user's search is not found. */
export async function editSavedReport(
  q: Queryable,
  userId: number,
  input: { id: number; name?: string | undefined; params?: SavedClaimSearch | undefined },
): Promise<SavedReport> {
  const [row] = await writing(() =>
    q.query<StoredReport>(
      `UPDATE saved_reports SET name = coalesce($3, name), params = coalesce($4::jsonb, params)
        WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [input.id, userId, input.name ?? null, input.params === undefined ? null : JSON.stringify(input.params)],
    ),
  );
  if (!row) throw new NotFoundError('The saved search was not found.');
  return checked(row);
}

export async function deleteSavedReport(q: Queryable, userId: number, id: number): Promise<void> {
  const deleted = await q.query('DELETE FROM saved_reports WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  if (deleted.length === 0) throw new NotFoundError('The saved search was not found.');
}
