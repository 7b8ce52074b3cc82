import type { ClaimDNAReply, ClaimEvent } from '../../../contract/claimDNA.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimInScope } from './claimDetail.ts';

/**
 * Events written with the claim's ledger rows in one posting (writePosting): the rows of the same
 * instant and user are that posting. Their sums by entry type travel with the event as
 * `ledgerCents`, so the log says the money that moved: a patient payment or an advance applied
 * records `paidCents` 0, which counts only what an insurer paid.
 */
export const POSTING_EVENTS: readonly string[] = [
  'ERA posted',
  'insurance payment posted',
  'patient payment posted',
  'advance payment applied',
  'advance payment reversed',
  'ledger posting reversed',
];

/** Ids the events record, and the names the biller knows them by (sent as `names` in the detail). */
const NAMED: Readonly<Record<string, { keys: readonly string[]; sql: string }>> = {
  payer: {
    keys: ['insuranceID'],
    sql: 'SELECT insurance_id AS id, name FROM insurances WHERE insurance_id = ANY($1::bigint[])',
  },
  provider: {
    keys: ['providerID', 'referringProviderID', 'supervisingProviderID'],
    sql: "SELECT provider_id AS id, concat_ws(', ', last_name, first_name) AS name FROM providers WHERE provider_id = ANY($1::bigint[])",
  },
  facility: {
    keys: ['facilityID'],
    sql: 'SELECT facility_id AS id, name FROM facilities WHERE facility_id = ANY($1::bigint[])',
  },
  chargeBatch: {
    keys: ['chargeBatchID', 'fromChargeBatchID'],
    sql: 'SELECT charge_batch_id AS id, batch_number AS name FROM charge_batches WHERE charge_batch_id = ANY($1::bigint[])',
  },
  paymentBatch: {
    keys: ['paymentBatchID'],
    sql: 'SELECT payment_batch_id AS id, batch_number AS name FROM payment_batches WHERE payment_batch_id = ANY($1::bigint[])',
  },
  eraCheck: {
    keys: ['eraCheckID'],
    sql: "SELECT era_check_id AS id, trace_number || ' (' || payer_name || ')' AS name FROM era_checks WHERE era_check_id = ANY($1::bigint[])",
  },
  noteType: {
    keys: ['noteTypeID'],
    sql: 'SELECT note_type_id AS id, name FROM note_types WHERE note_type_id = ANY($1::bigint[])',
  },
  medicalCase: {
    keys: ['medicalCaseID', 'previousMedicalCaseID'],
    sql: 'SELECT medical_case_id AS id, name FROM medical_cases WHERE medical_case_id = ANY($1::bigint[])',
  },
  documentCategory: {
    keys: ['categoryID'],
    sql: 'SELECT category_id AS id, name FROM document_categories WHERE category_id = ANY($1::bigint[])',
  },
  user: {
    keys: ['fromUserID', 'toUserID'],
    sql: "SELECT user_id AS id, concat_ws(' ', first_name, last_name) AS name FROM users WHERE user_id = ANY($1::bigint[])",
  },
};

type Detail = Record<string, unknown>;

const isRecord = (value: unknown): value is Detail =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids of one kind an event records: at the top of its detail, or among a claim edit's values. */
function idsIn(detail: Detail, keys: readonly string[]): number[] {
  const places = isRecord(detail.values) ? [detail, detail.values] : [detail];
  return places
    .flatMap((place) => keys.map((key) => place[key]))
    .filter((value): value is number => typeof value === 'number' && Number.isSafeInteger(value));
}

/** Each event's detail with `names`: `kind:id` -> the name (a payer, a provider, a batch number, ...). */
async function withNames(q: Queryable, events: ClaimEvent[]): Promise<ClaimEvent[]> {
  const names = new Map<string, string>();
  for (const [kind, { keys, sql }] of Object.entries(NAMED)) {
    const ids = [...new Set(events.flatMap((event) => (event.detail ? idsIn(event.detail, keys) : [])))];
    if (ids.length === 0) continue;
    for (const row of await q.query<{ id: number | string; name: string }>(sql, [ids]))
      names.set(`${kind}:${row.id}`, row.name);
  }
  if (names.size === 0) return events;
  return events.map((event) => {
    if (!event.detail) return event;
    const own = Object.entries(NAMED).flatMap(([kind, { keys }]) =>
      idsIn(event.detail ?? {}, keys).map((id) => `${kind}:${id}`),
    );
    const found = Object.fromEntries(own.flatMap((key) => (names.has(key) ? [[key, names.get(key)]] : [])));
    return Object.keys(found).length === 0 ? event : { ...event, detail: { ...event.detail, names: found } };
  });
}

interface EventRow extends ClaimEvent {
  ledgerCents: Record<string, number | string> | null;
  ledgerNote: string | null;
}

/**
 * Claims/getClaimDNAData: every change recorded on the claim, oldest first, with who made it and
 * from where; a posting carries the money it moved by entry type (`ledgerCents`, with the
 * ledger's note: "check 1200"), and ids come with the names the biller knows (`names`). A claim
 * outside the data role is not found; the read is audited like the claim's other reads.
 */
export async function getClaimDNA(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<ClaimDNAReply> {
  await claimInScope(q, claimID, scope);
  const rows = await q.query<EventRow>(
    `SELECT e.claim_event_id AS "claimEventID", e.action, e.source,
            nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "userName",
            to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "at", e.detail,
            m.moved AS "ledgerCents", m.note AS "ledgerNote"
       FROM claim_events e
       LEFT JOIN users u ON u.user_id = e.user_id
       LEFT JOIN LATERAL (
         SELECT jsonb_object_agg(t.entry_type, t.cents) AS moved, min(t.note) AS note
           FROM (SELECT l.entry_type, sum(l.amount_cents) AS cents, min(l.note) AS note
                   FROM ledger_entries l
                  WHERE l.claim_id = e.claim_id AND l.created_at = e.at AND l.created_by IS NOT DISTINCT FROM e.user_id
                  GROUP BY l.entry_type) t
       ) m ON e.action = ANY($2::text[])
      WHERE e.claim_id = $1
      ORDER BY e.at, e.claim_event_id`,
    [claimID, POSTING_EVENTS],
  );
  const events = rows.map(({ ledgerCents, ledgerNote, ...event }): ClaimEvent => {
    if (ledgerCents === null) return event;
    const cents = Object.fromEntries(Object.entries(ledgerCents).map(([type, value]) => [type, Number(value)]));
    return { ...event, detail: { ...(event.detail ?? {}), ledgerCents: cents, ...(ledgerNote ? { ledgerNote } : {}) } };
  });
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.dna',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return { events: await withNames(q, events) };
}
