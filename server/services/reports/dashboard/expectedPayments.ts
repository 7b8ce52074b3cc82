/**
 * Expected payments by day. Each payer's history (payer_payment_lags, kept in the posting
 * transaction) says how many days after submission its first payment on a claim came and what
 * share of the claim's charges it paid. Applied to the claims still awaiting that payer
 * (Submitted or Accepted by Payer, balance above zero): each is expected on its submission day
 * plus the payer's median days, for its balance times the payer's share. A payer without
 * history takes the history of all payers in the practices read.
 */
import { Params } from '../../../db/params.ts';
import { claimNarrowingSql } from '../../access/claimScope.ts';
import {
  EXPECTED_HORIZON_DAYS,
  type ExpectedPaymentsQuery,
  type ExpectedPaymentsReply,
} from '../../../../contract/arDashboard.ts';
import { CLAIM_STATUS } from '../../../../contract/claimStatus.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { cachedFigure } from '../../claims/figureCache.ts';
import { addDays, practicesOf } from './scope.ts';

interface History {
  claims: number;
  paid: number;
  charges: number;
  /** Claims per lag in days. */
  lags: Map<number, number>;
}

/** The median lag, weighted by claims: the first lag at which half the claims have been paid. */
export function medianLag(lags: ReadonlyMap<number, number>): number | null {
  const total = [...lags.values()].reduce((sum, claims) => sum + claims, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [lag, claims] of [...lags.entries()].sort((a, b) => a[0] - b[0])) {
    seen += claims;
    if (seen * 2 >= total) return lag;
  }
  return null;
}

function emptyHistory(): History {
  return { claims: 0, paid: 0, charges: 0, lags: new Map() };
}

function addTo(history: History, lag: number, claims: number, paid: number, charges: number): void {
  history.claims += claims;
  history.paid += paid;
  history.charges += charges;
  history.lags.set(lag, (history.lags.get(lag) ?? 0) + claims);
}

const AWAITING = `${CLAIM_STATUS.submitted},${CLAIM_STATUS.acceptedByPayer}`;

export async function expectedPayments(
  q: Queryable,
  scope: DataScope,
  input: ExpectedPaymentsQuery,
  today: string,
): Promise<ExpectedPaymentsReply> {
  const practiceIds = await practicesOf(q, scope, input.groupID);
  const historyRows = await q.query<{
    insuranceID: number | string;
    lag: number;
    claims: number | string;
    paid: number | string;
    charges: number | string;
  }>(
    `SELECT insurance_id AS "insuranceID", lag_days AS lag, sum(claims)::bigint AS claims, sum(paid_cents)::bigint AS paid, sum(charge_cents)::bigint AS charges
       FROM payer_payment_lags WHERE practice_id = ANY($1::bigint[]) GROUP BY insurance_id, lag_days`,
    [practiceIds],
  );
  const all = emptyHistory();
  const byPayer = new Map<number, History>();
  for (const row of historyRows) {
    const payer = Number(row.insuranceID);
    if (!byPayer.has(payer)) byPayer.set(payer, emptyHistory());
    for (const history of [all, byPayer.get(payer)!])
      addTo(history, row.lag, Number(row.claims), Number(row.paid), Number(row.charges));
  }
  // Read from the partial index of the awaiting claims alone, and kept until claims change (the
  // claims list's figure cache); the payers' names afterwards.
  const params: unknown[] = [practiceIds, input.insuranceID ?? null, input.insuranceTypeID ?? null];
  const narrowing = claimNarrowingSql('c', { practiceIds, claims: scope.claims }, new Params(params).add);
  const awaiting = await cachedFigure(q, 'awaiting payer', { sql: '', values: params }, () =>
    q.query<{
      insuranceID: number | string;
      submitted: string;
      claims: number | string;
      balance: number | string;
    }>(
      `SELECT c.insurance_id AS "insuranceID", c.submitted_at::date::text AS submitted,
            count(*)::bigint AS claims, sum(c.balance_cents)::bigint AS balance
       FROM claims c
      WHERE c.practice_id = ANY($1::bigint[]) AND c.claim_status_id IN (${AWAITING}) AND c.balance_cents > 0 AND c.submitted_at IS NOT NULL
        AND c.insurance_id IS NOT NULL AND ($2::bigint IS NULL OR c.insurance_id = $2)
        AND ($3::text IS NULL OR c.insurance_id IN (SELECT i.insurance_id FROM insurances i WHERE i.insurance_type = $3))
        ${narrowing ? `AND ${narrowing}` : ''}
      GROUP BY 1, 2`,
      params,
    ),
  );
  const names = new Map(
    (
      await q.query<{ id: number | string; name: string }>(
        'SELECT insurance_id AS id, name FROM insurances WHERE insurance_id = ANY($1::bigint[])',
        [[...new Set(awaiting.map((row) => Number(row.insuranceID)))]],
      )
    ).map((row) => [Number(row.id), row.name]),
  );
  const horizonEnd = addDays(today, EXPECTED_HORIZON_DAYS);
  const days = new Map<string, { claims: number; expectedCents: number }>();
  for (let index = 1; index <= EXPECTED_HORIZON_DAYS; index += 1)
    days.set(addDays(today, index), { claims: 0, expectedCents: 0 });
  const overdue = { claims: 0, expectedCents: 0 };
  const later = { claims: 0, expectedCents: 0 };
  const group = input.groupID ? { groupID: input.groupID } : {};
  const payers = new Map<number, ExpectedPaymentsReply['payers'][number]>();
  const fallbackLag = medianLag(all.lags);
  for (const row of awaiting) {
    const payer = Number(row.insuranceID);
    const own = byPayer.get(payer);
    const history = own && own.claims > 0 && own.charges > 0 ? own : all;
    const lag = (history === own ? medianLag(own.lags) : fallbackLag) ?? 0;
    const share = history.charges > 0 ? history.paid / history.charges : 0;
    const claims = Number(row.claims);
    const balance = Number(row.balance);
    const expectedCents = Math.round(balance * share);
    const on = addDays(row.submitted, lag);
    const slot = on <= today ? overdue : on > horizonEnd ? later : days.get(on)!;
    slot.claims += claims;
    slot.expectedCents += expectedCents;
    let entry = payers.get(payer);
    if (!entry) {
      entry = {
        insuranceID: payer,
        payerName: names.get(payer) ?? '',
        medianDays: own && own.claims > 0 ? medianLag(own.lags) : null,
        paidShareBasisPoints: own && own.charges > 0 ? Math.round((own.paid / own.charges) * 10_000) : null,
        historyClaims: own?.claims ?? 0,
        claims: 0,
        balanceCents: 0,
        expectedCents: 0,
        filter: { ...group, insuranceID: payer, claimStatusIDs: AWAITING, ar: 'true' },
      };
      payers.set(payer, entry);
    }
    entry.claims += claims;
    entry.balanceCents += balance;
    entry.expectedCents += expectedCents;
  }
  const dayList = [...days.entries()].map(([date, slot]) => ({ date, ...slot }));
  return {
    asOf: today,
    overdue,
    days: dayList,
    later,
    totalExpectedCents:
      overdue.expectedCents + later.expectedCents + dayList.reduce((sum, day) => sum + day.expectedCents, 0),
    payers: [...payers.values()].sort(
      (a, b) => b.expectedCents - a.expectedCents || a.payerName.localeCompare(b.payerName),
    ),
    filter: {
      ...group,
      claimStatusIDs: AWAITING,
      ar: 'true',
      ...(input.insuranceID ? { insuranceID: input.insuranceID } : {}),
    },
  };
}
