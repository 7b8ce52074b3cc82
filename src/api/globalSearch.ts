import { type MessageReply } from '../../contract/auth.ts';
import { type RecordHit, type RecordType } from '../../contract/search.ts';
import { callApi, type CallOptions } from './client.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { Users } from '../../contract/calls/users.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';

/** Claims by ID and patients by account number or name, within the user's data role. */
export async function getSystemGlobalSearch(searchValue: string, options?: CallOptions): Promise<RecordHit[]> {
  return (await callApi(Repository.getSystemGlobalSearch, { searchValue }, options)).results;
}

export async function getGlobalSearchRecents(options?: CallOptions): Promise<RecordHit[]> {
  return (await callApi(Repository.getGlobalSearchRecents, {}, options)).results;
}

export function addRecents(type: RecordType, id: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(Users.addRecents, { type, id }, options);
}

/** Records opened from the global search (the header's or the palette's): kept as the user's recents. */
export function saveGlobalSearchViewItems(
  items: readonly { type: RecordType; id: number }[],
  options?: CallOptions,
): Promise<{ message: string }> {
  return callApi(AddEditClaim.saveGlobalSearchViewItems, { items: [...items] }, options);
}
