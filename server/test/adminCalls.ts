/** What the organisation's server tests share: valid identifiers, the calls, and audit rows. */
import type { LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '../../contract/auth.ts';
import { npiCheckDigit } from '../../contract/npi.ts';
import type { Db } from '../db/types.ts';
import { bearer, type TestApp } from './harness.ts';

/** A valid NPI from its first nine digits (1... a person, 2... an organisation). */
export function npi(firstNine: string): string {
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}

export type Call = (path: string, input?: Record<string, unknown>) => Promise<LightMyRequestResponse>;

/** GET and POST calls of one signed-in user. */
export function caller(test: TestApp, session: SessionUser): { get: Call; post: Call } {
  return {
    get: (path, input = {}) =>
      test.app.inject({
        method: 'GET',
        url: `/api/${path}`,
        query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
        headers: bearer(session),
      }),
    post: (path, input = {}) =>
      test.app.inject({ method: 'POST', url: `/api/${path}`, payload: input, headers: bearer(session) }),
  };
}

/** The audit rows of one record, oldest first, with their before and after values. */
export async function auditOf(
  db: Db,
  recordType: string,
  recordId: number,
): Promise<{ action: string; before: unknown; after: unknown }[]> {
  const rows = await db.query<{ action: string; detail: { before: unknown; after: unknown } | string }>(
    'SELECT action, detail FROM audit_log WHERE record_type = $1 AND record_id = $2 ORDER BY audit_id',
    [recordType, String(recordId)],
  );
  return rows.map((row) => {
    const detail =
      typeof row.detail === 'string' ? (JSON.parse(row.detail) as { before: unknown; after: unknown }) : row.detail;
    return { action: row.action, before: detail.before, after: detail.after };
  });
}

export const message = (reply: LightMyRequestResponse): string => reply.json<{ message: string }>().message;
