import { messageReplySchema, type MessageReply } from '../../contract/auth.ts';
import { jobSchema, jobStartedReplySchema, myJobsReplySchema, type Job, type JobStartedReply, type MyJobsReply } from '../../contract/jobs.ts';
import { noteTypesReplySchema, type BulkNotesRequest, type NoteType } from '../../contract/notes.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const getJobCall: ApiCall<Job> = { controller: 'Jobs', name: 'getJob', reply: jobSchema };
const cancelJobCall: ApiCall<Job> = { controller: 'Jobs', name: 'cancelJob', reply: jobSchema };
const myJobsCall: ApiCall<MyJobsReply> = { controller: 'Jobs', name: 'getMyActiveJobs', reply: myJobsReplySchema };
const dismissJobCall: ApiCall<MessageReply> = { controller: 'Jobs', name: 'dismissJob', reply: messageReplySchema };
const bulkNotesCall: ApiCall<JobStartedReply> = { controller: 'Claims', name: 'saveBulkNotes', reply: jobStartedReplySchema };
const noteTypesCall: ApiCall<NoteType[]> = { controller: 'Repository', name: 'getNoteType', reply: noteTypesReplySchema };

export function getJob(jobID: number, options?: CallOptions): Promise<Job> {
  return callApi(getJobCall, { jobID }, options);
}

export function cancelJob(jobID: number, options?: CallOptions): Promise<Job> {
  return callApi(cancelJobCall, { jobID }, options);
}

/** Runs still going and finished ones whose report is not closed: the progress bar after a reload. */
export async function getMyActiveJobs(options?: CallOptions): Promise<Job[]> {
  return (await callApi(myJobsCall, {}, options)).jobs;
}

export function dismissJob(jobID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(dismissJobCall, { jobID }, options);
}

/** Starts the bulk note run; the reply is the job to follow. Keeps the catalogue's 30-minute time-out. */
export function saveBulkNotes(body: BulkNotesRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(bulkNotesCall, body, options);
}

export function getNoteTypes(options?: CallOptions): Promise<NoteType[]> {
  return callApi(noteTypesCall, {}, options);
}
