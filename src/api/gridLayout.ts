import type { z } from 'zod';
import { messageReplySchema, type MessageReply } from '../../contract/auth.ts';
import { gridLayoutReplySchema, type GridLayout } from '../../contract/grid.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

type GridLayoutReply = z.infer<typeof gridLayoutReplySchema>;

const getLayoutCall: ApiCall<GridLayoutReply> = { controller: 'Repository', name: 'getGridLayout', reply: gridLayoutReplySchema };
const saveLayoutCall: ApiCall<MessageReply> = { controller: 'Repository', name: 'addUpdateGridLayout', reply: messageReplySchema };

/** The user's saved layout of a grid, or null when they never changed it. */
export async function getGridLayout(gridTypeID: string, options?: CallOptions): Promise<GridLayout | null> {
  const reply = await callApi(getLayoutCall, { gridTypeID }, options);
  return reply.layout;
}

/** `gridJason` is the catalogue's own spelling. */
export function addUpdateGridLayout(gridTypeID: string, layout: GridLayout, options?: CallOptions): Promise<MessageReply> {
  return callApi(saveLayoutCall, { gridTypeID, gridJason: JSON.stringify(layout) }, options);
}
