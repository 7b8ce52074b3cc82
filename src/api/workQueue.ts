import {
  type AddAssigneesRequest,
  type Assignee,
  type ReassignReply,
  type ReassignRequest,
} from '../../contract/assignment.ts';
import { type ClaimNote, type NoteChangedReply } from '../../contract/claimNotes.ts';
import { type JobStartedReply } from '../../contract/jobs.ts';
import {
  type BulkTasksRequest,
  type ClaimTask,
  type SaveTaskRequest,
  type TaskChangedReply,
  type TaskType,
} from '../../contract/tasks.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

export function getTaskTypes(options?: CallOptions): Promise<TaskType[]> {
  return callApi(Repository.getTaskTypes, {}, options);
}

/** Open and resolved tasks of the claim, newest first. */
export async function getClaimTasks(claimID: number, options?: CallOptions): Promise<ClaimTask[]> {
  return (await callApi(Claims.getTasksData, { claimID }, options)).tasks;
}

/** One task on one claim, stored at once. */
export function saveClaimTask(body: SaveTaskRequest, options?: CallOptions): Promise<TaskChangedReply> {
  return callApi(Claims.saveClaimTasks, body, options);
}

/** The same task on many claims: the reply is the bulk run to follow. */
export function saveBulkClaimTasks(body: BulkTasksRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(Claims.saveBulkClaimTasks, body, options);
}

export function resolveClaimTask(taskID: number, options?: CallOptions): Promise<TaskChangedReply> {
  return callApi(Claims.resolveClaimTask, { taskID }, options);
}

export function deleteClaimTask(taskID: number, options?: CallOptions): Promise<TaskChangedReply> {
  return callApi(Claims.deleteClaimTask, { taskID }, options);
}

/** Users a claim may be given to: for the claim, or without it for every practice the user sees. */
export async function getAssignees(claimID: number | null, options?: CallOptions): Promise<Assignee[]> {
  return (await callApi(Claims.getAssigneeData, claimID === null ? {} : { claimID }, options)).assignees;
}

export function reassignClaims(body: ReassignRequest, options?: CallOptions): Promise<ReassignReply> {
  return callApi(Claims.reassignClaim, body, options);
}

/** Deals the claims out over several users: the reply is the bulk run to follow. */
export function addAssignees(body: AddAssigneesRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(Claims.addAssignees, body, options);
}

/** The claim's notes (and its lines'), newest first, archived ones left out. */
export async function getClaimNotes(claimID: number, options?: CallOptions): Promise<ClaimNote[]> {
  return (await callApi(AddEditClaim.getNotesByLineItemID, { claimID }, options)).notes;
}

export function archiveNote(noteID: number, options?: CallOptions): Promise<NoteChangedReply> {
  return callApi(AddEditClaim.archiveNotes, { noteID }, options);
}
