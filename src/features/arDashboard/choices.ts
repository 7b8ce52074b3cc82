import type { CallOptions } from '../../api/client.ts';
import { dashboardCalls, dashboardPractices } from './api.ts';
import type { DashboardChoice } from './dashboardParams.ts';

/** The groups of the user's data role, by name. */
export async function groupChoices(options?: CallOptions): Promise<DashboardChoice[]> {
  const { practices } = await dashboardPractices(options);
  const byId = new Map<number, string>();
  for (const practice of practices) byId.set(practice.groupID, practice.groupName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The payers with claims awaiting their payment (in the group, when one is chosen), by name. */
export async function payerChoices(groupID: number | undefined, options?: CallOptions): Promise<DashboardChoice[]> {
  const reply = await dashboardCalls.expected(groupID === undefined ? {} : { groupID }, options);
  return reply.payers
    .map((payer) => ({ id: payer.insuranceID, name: payer.payerName }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Both, as the parameters' choices. */
export async function dashboardChoices(
  groupID: number | undefined,
  options?: CallOptions,
): Promise<{ groups: DashboardChoice[]; payers: DashboardChoice[] }> {
  const [groups, payers] = await Promise.all([groupChoices(options), payerChoices(groupID, options)]);
  return { groups, payers };
}
