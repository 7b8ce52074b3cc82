/**
 * Reports/getmonthlySummaryDevelopmemt: month by month, the group's figures, each practice's and
 * each provider's under it, limited to the data role's practices of the group and the filters.
 */
import type {
  MonthFigures,
  MonthlySummaryInput,
  MonthlySummaryReply,
  MonthlySummaryRow,
} from '../../../../contract/monthEnd.ts';
import type { Queryable } from '../../../db/types.ts';
import { NotFoundError } from '../../../errors.ts';
import { claimInScope } from '../../access/claimScope.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { monthStart } from '../../ledger/claimBooks.ts';
import { monthsFrom, practiceMonths, totalOf } from './monthFigures.ts';

export interface GroupPractices {
  groupID: number;
  groupName: string;
  practices: { practiceID: number; name: string }[];
}

/** The group and its practices in the data role (narrowed to `practiceIDs` when given); another group's is not found. */
export async function groupPractices(
  q: Queryable,
  scope: DataScope,
  groupID: number,
  practiceIDs?: readonly number[],
): Promise<GroupPractices> {
  const rows = await q.query<{ groupName: string; practiceID: number | null; name: string | null }>(
    `SELECT g.name AS "groupName", p.practice_id AS "practiceID", p.name
       FROM groups g
       LEFT JOIN practices p ON p.group_id = g.group_id AND p.practice_id = ANY($2::bigint[])
                            AND ($3::bigint[] IS NULL OR p.practice_id = ANY($3::bigint[]))
      WHERE g.group_id = $1 AND g.group_id = ANY($4::bigint[])
      ORDER BY p.name, p.practice_id`,
    [groupID, scope.practiceIds, practiceIDs ?? null, scope.groupIds],
  );
  const [first] = rows;
  if (!first) throw new NotFoundError('Group not found.');
  return {
    groupID,
    groupName: first.groupName,
    practices: rows
      .filter((row) => row.practiceID !== null)
      .map((row) => ({ practiceID: Number(row.practiceID), name: row.name ?? '' })),
  };
}

const PATIENT_OWN = 'Patient credit, not on a claim';

export async function monthlySummary(
  q: Queryable,
  scope: DataScope,
  input: MonthlySummaryInput,
): Promise<MonthlySummaryReply> {
  const group = await groupPractices(q, scope, input.groupID, input.practiceIDs);
  const fromMonth = monthStart(input.fromDate);
  const toMonth = monthStart(input.toDate);
  const practiceIDs = group.practices.map((practice) => practice.practiceID);
  const byPractice = await practiceMonths(q, input.groupID, practiceIDs, fromMonth, toMonth, {
    providerIDs: input.providerIDs,
    facilityIDs: input.facilityIDs,
  });
  // The figures are kept per provider and facility: a selection of them keeps only theirs.
  if (scope.claims)
    for (const [practiceID, months] of byPractice)
      for (const month of months)
        month.figures = month.figures.filter((key) =>
          claimInScope(scope, { practiceId: practiceID, facilityId: key.facilityID, providerId: key.providerID }),
        );
  const providerIDs = new Set<number>();
  for (const months of byPractice.values())
    for (const month of months)
      for (const key of month.figures) if (key.providerID !== null) providerIDs.add(key.providerID);
  const names = await q.query<{ providerID: number; name: string }>(
    `SELECT provider_id AS "providerID", concat_ws(', ', last_name, first_name) AS name FROM providers WHERE provider_id = ANY($1::bigint[])`,
    [[...providerIDs]],
  );
  const providerName = new Map(names.map((row) => [Number(row.providerID), row.name]));

  const rows: MonthlySummaryRow[] = [];
  const months = monthsFrom(fromMonth, toMonth).reverse();
  for (const month of months) {
    const practiceRows: MonthlySummaryRow[] = [];
    const practiceTotals: MonthFigures[] = [];
    let allLocked = group.practices.length > 0;
    for (const practice of group.practices) {
      const pm = byPractice.get(practice.practiceID)?.find((one) => one.monthStart === month);
      if (!pm) continue;
      allLocked &&= pm.locked;
      const total = totalOf(pm.figures);
      practiceTotals.push(total);
      practiceRows.push({
        ...total,
        monthStart: month,
        level: 'practice',
        groupID: group.groupID,
        practiceID: practice.practiceID,
        providerID: null,
        name: practice.name,
        locked: pm.locked,
      });
      const byProvider = new Map<number | null, MonthFigures[]>();
      for (const key of pm.figures) byProvider.set(key.providerID, [...(byProvider.get(key.providerID) ?? []), key]);
      const providers = [...byProvider.entries()]
        .map(([providerID, figures]) => ({
          providerID,
          name: providerID === null ? PATIENT_OWN : (providerName.get(providerID) ?? `Provider ${providerID}`),
          figures: totalOf(figures),
        }))
        .sort((a, b) => (a.providerID === null ? 1 : b.providerID === null ? -1 : a.name.localeCompare(b.name)));
      for (const provider of providers)
        practiceRows.push({
          ...provider.figures,
          monthStart: month,
          level: 'provider',
          groupID: group.groupID,
          practiceID: practice.practiceID,
          providerID: provider.providerID,
          name: provider.name,
          locked: pm.locked,
        });
    }
    rows.push({
      ...totalOf(practiceTotals),
      monthStart: month,
      level: 'group',
      groupID: group.groupID,
      practiceID: null,
      providerID: null,
      name: group.groupName,
      locked: allLocked,
    });
    rows.push(...practiceRows);
  }
  return { groupID: group.groupID, groupName: group.groupName, fromMonth, toMonth, rows };
}
