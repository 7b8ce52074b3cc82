/** The organisation selector's calls (contract/organisationSelector.ts), every entry within the user's data role. */
import { Repository } from '../../contract/calls/repository.ts';
import { Users } from '../../contract/calls/users.ts';
import {
  ORG_SELECTION_SETTING,
  type OrgItems,
  type RecentsReply,
  type SelectionReply,
  type SelectorLists,
  type WorkGroup,
  type WorkGroupValuesReply,
} from '../../contract/organisationSelector.ts';
import { callApi, type CallOptions } from './client.ts';

export function getOrganizationSelector(options?: CallOptions): Promise<SelectorLists> {
  return callApi(Repository.getOrganizationSelector, {}, options);
}

export function searchOrganizationSelector(searchValue: string, options?: CallOptions): Promise<SelectorLists> {
  return callApi(Repository.searchOrganizationSelector, { searchValue }, options);
}

export function getSelectorDatabyID(options?: CallOptions): Promise<SelectionReply> {
  return callApi(Repository.getSelectorDatabyID, {}, options);
}

export function getFavorites(options?: CallOptions): Promise<SelectorLists> {
  return callApi(Repository.getFavorites, {}, options);
}

export async function getRecents(options?: CallOptions): Promise<RecentsReply['recents']> {
  return (await callApi(Repository.getRecents, {}, options)).recents;
}

export async function getWorkGroups(options?: CallOptions): Promise<WorkGroup[]> {
  return (await callApi(Repository.getWorkGroups, {}, options)).workGroups;
}

export function workGroupSelectValues(workGroupID: number, options?: CallOptions): Promise<WorkGroupValuesReply> {
  return callApi(Repository.workGroupSelectValues, { workGroupID }, options);
}

/** The selection the console works on from now on (nothing: everything the data role allows). */
export function saveSelection(items: OrgItems, options?: CallOptions): Promise<{ message: string }> {
  return callApi(Users.saveUserSetting, { key: ORG_SELECTION_SETTING, value: items }, options);
}

export function addWorkGroup(name: string, items: OrgItems, options?: CallOptions): Promise<{ workGroupId: number }> {
  return callApi(Users.addWorkGroup, { name, ...items }, options);
}

export function editWorkGroup(
  workGroupId: number,
  name: string,
  items: OrgItems,
  options?: CallOptions,
): Promise<{ message: string }> {
  return callApi(Users.editWorkGroup, { workGroupId, name, ...items }, options);
}

export function renameWorkGroup(
  workGroupId: number,
  name: string,
  options?: CallOptions,
): Promise<{ message: string }> {
  return callApi(Users.renameWorkGroup, { workGroupId, name }, options);
}

export function deleteWorkGroup(workGroupId: number, options?: CallOptions): Promise<{ response: string }> {
  return callApi(Users.deleteWorkGroup, { workGroupId }, options);
}

export function removeFromWorkGroup(
  workGroupID: number,
  items: Partial<OrgItems>,
  options?: CallOptions,
): Promise<{ message: string }> {
  return callApi(Users.removeFromWorkGroup, { workGroupID, ...items }, options);
}

export function addFavorites(items: Partial<OrgItems>, options?: CallOptions): Promise<{ message: string }> {
  return callApi(Users.addFavorites, items, options);
}

export function unFavorites(items: Partial<OrgItems>, options?: CallOptions): Promise<{ message: string }> {
  return callApi(Users.unFavorites, items, options);
}
