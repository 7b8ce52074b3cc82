import { assigneesReplySchema, reassignReplySchema, type AddAssigneesRequest, type Assignee, type AssigneesReply, type ReassignReply, type ReassignRequest } from '../../contract/assignment.ts';
import { noteChangedReplySchema, notesReplySchema, type ClaimNote, type NoteChangedReply, type NotesReply } from '../../contract/claimNotes.ts';
import { jobStartedReplySchema, type JobStartedReply } from '../../contract/jobs.ts';
import {
  taskChangedReplySchema,
  tasksReplySchema,
  taskTypesReplySchema,
  type BulkTasksRequest,
  type ClaimTask,
  type SaveTaskRequest,
  type TaskChangedReply,
  type TasksReply,
  type TaskType,
} from '../../contract/tasks.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const taskTypesCall: ApiCall<TaskType[]> = { controller: 'Repository', name: 'getTaskTypes', reply: taskTypesReplySchema };
const tasksCall: ApiCall<TasksReply> = { controller: 'Claims', name: 'getTasksData', reply: tasksReplySchema };
const saveTaskCall: ApiCall<TaskChangedReply> = { controller: 'Claims', name: 'saveClaimTasks', reply: taskChangedReplySchema };
const bulkTasksCall: ApiCall<JobStartedReply> = { controller: 'Claims', name: 'saveBulkClaimTasks', reply: jobStartedReplySchema };
const resolveTaskCall: ApiCall<TaskChangedReply> = { controller: 'Claims', name: 'resolveClaimTask', reply: taskChangedReplySchema };
const deleteTaskCall: ApiCall<TaskChangedReply> = { controller: 'Claims', name: 'deleteClaimTask', reply: taskChangedReplySchema };
const assigneesCall: ApiCall<AssigneesReply> = { controller: 'Claims', name: 'getAssigneeData', reply: assigneesReplySchema };
const reassignCall: ApiCall<ReassignReply> = { controller: 'Claims', name: 'reassignClaim', reply: reassignReplySchema };
const addAssigneesCall: ApiCall<JobStartedReply> = { controller: 'Claims', name: 'addAssignees', reply: jobStartedReplySchema };
const notesCall: ApiCall<NotesReply> = { controller: 'AddEditClaim', name: 'getNotesByLineItemID', reply: notesReplySchema };
const archiveNoteCall: ApiCall<NoteChangedReply> = { controller: 'AddEditClaim', name: 'archiveNotes', reply: noteChangedReplySchema };

export function getTaskTypes(options?: CallOptions): Promise<TaskType[]> {
  return callApi(taskTypesCall, {}, options);
}

/** Open and resolved tasks of the claim, newest first. */
export async function getClaimTasks(claimID: number, options?: CallOptions): Promise<ClaimTask[]> {
  return (await callApi(tasksCall, { claimID }, options)).tasks;
}

/** One task on one claim, stored at once. */
export function saveClaimTask(body: SaveTaskRequest, options?: CallOptions): Promise<TaskChangedReply> {
  return callApi(saveTaskCall, body, options);
}

/** The same task on many claims: the reply is the bulk run to follow. */
export function saveBulkClaimTasks(body: BulkTasksRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(bulkTasksCall, body, options);
}

export function resolveClaimTask(taskID: number, options?: CallOptions): Promise<TaskChangedReply> {
  return callApi(resolveTaskCall, { taskID }, options);
}

export function deleteClaimTask(taskID: number, options?: CallOptions): Promise<TaskChangedReply> {
  return callApi(deleteTaskCall, { taskID }, options);
}

/** Users a claim may be given to: for the claim, or without it for every practice the user sees. */
export async function getAssignees(claimID: number | null, options?: CallOptions): Promise<Assignee[]> {
  return (await callApi(assigneesCall, claimID === null ? {} : { claimID }, options)).assignees;
}

export function reassignClaims(body: ReassignRequest, options?: CallOptions): Promise<ReassignReply> {
  return callApi(reassignCall, body, options);
}

/** Deals the claims out over several users: the reply is the bulk run to follow. */
export function addAssignees(body: AddAssigneesRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(addAssigneesCall, body, options);
}

/** The claim's notes (and its lines'), newest first, archived ones left out. */
export async function getClaimNotes(claimID: number, options?: CallOptions): Promise<ClaimNote[]> {
  return (await callApi(notesCall, { claimID }, options)).notes;
}

export function archiveNote(noteID: number, options?: CallOptions): Promise<NoteChangedReply> {
  return callApi(archiveNoteCall, { noteID }, options);
}
