import { messageReplySchema, type MessageReply } from '../../contract/auth.ts';
import { globalSearchReplySchema, type GlobalSearchReply, type RecordHit, type RecordType } from '../../contract/search.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const searchCall: ApiCall<GlobalSearchReply> = { controller: 'Repository', name: 'getSystemGlobalSearch', reply: globalSearchReplySchema };
const recentsCall: ApiCall<GlobalSearchReply> = { controller: 'Repository', name: 'getGlobalSearchRecents', reply: globalSearchReplySchema };
const addRecentsCall: ApiCall<MessageReply> = { controller: 'Users', name: 'addRecents', reply: messageReplySchema };

/** Claims by ID and patients by account number or name, within the user's data role. */
export async function getSystemGlobalSearch(searchValue: string, options?: CallOptions): Promise<RecordHit[]> {
  return (await callApi(searchCall, { searchValue }, options)).results;
}

export async function getGlobalSearchRecents(options?: CallOptions): Promise<RecordHit[]> {
  return (await callApi(recentsCall, {}, options)).results;
}

export function addRecents(type: RecordType, id: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(addRecentsCall, { type, id }, options);
}
