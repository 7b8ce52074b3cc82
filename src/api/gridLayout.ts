import type { MessageReply } from '../../contract/auth.ts';
import type { GridLayout } from '../../contract/grid.ts';
import { callApi, type CallOptions } from './client.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** The user's saved layout of a grid, or null when they never changed it. */
export async function getGridLayout(gridTypeID: string, options?: CallOptions): Promise<GridLayout | null> {
  const reply = await callApi(Repository.getGridLayout, { gridTypeID }, options);
  return reply.layout;
}

/** `gridJason` is the catalogue's own spelling. */
export function addUpdateGridLayout(
  gridTypeID: string,
  layout: GridLayout,
  options?: CallOptions,
): Promise<MessageReply> {
  return callApi(Repository.addUpdateGridLayout, { gridTypeID, gridJason: JSON.stringify(layout) }, options);
}
